// The subscription page (spec §4): choosing a plan creates a quantity of 0 per option, a
// modifier changes one quantity (within 0 and the option's maximum), reset drops the plan;
// the partner search input is cleared on a route change.

import { createStore } from "zustand/vanilla";
import type { SelectedPlan, SubscriptionOffer } from "../types";

export interface SubscriptionState {
  offers: SubscriptionOffer[];
  plan: SelectedPlan | null;
  partnerSearch: string;
  setOffers(offers: SubscriptionOffer[]): void;
  selectPlan(offerId: string): void;
  /** Adds `delta` (±1 from the − and + buttons) to an option's quantity. */
  changeQuantity(optionId: string, delta: number): void;
  resetPlan(): void;
  setPartnerSearch(text: string): void;
  routeChanged(): void;
}

export function createSubscriptionStore(offers: SubscriptionOffer[] = []) {
  return createStore<SubscriptionState>()((set, get) => ({
    offers,
    plan: null,
    partnerSearch: "",
    setOffers: (next) => set({ offers: next }),
    selectPlan(offerId) {
      const offer = get().offers.find((o) => o.id === offerId);
      if (!offer) return;
      set({
        plan: { offer: offer.id, quantities: Object.fromEntries((offer.options ?? []).map((o) => [o.id, 0])) },
      });
    },
    changeQuantity(optionId, delta) {
      const plan = get().plan;
      const option = get().offers.find((o) => o.id === plan?.offer)?.options?.find((o) => o.id === optionId);
      if (!plan || !option) return;
      const max = option.maxQuantity ?? 1;
      const next = Math.min(max, Math.max(0, (plan.quantities[optionId] ?? 0) + Math.trunc(delta)));
      set({ plan: { ...plan, quantities: { ...plan.quantities, [optionId]: next } } });
    },
    resetPlan: () => set({ plan: null }),
    setPartnerSearch: (text) => set({ partnerSearch: text }),
    routeChanged: () => set({ partnerSearch: "" }),
  }));
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
