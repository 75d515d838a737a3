import { describe, expect, it } from "vitest";
import type { SubscriptionOffer } from "../types";
import { createSubscriptionStore } from "./subscription";

const OFFERS: SubscriptionOffer[] = [
  {
    id: "solo",
    title: "Solo",
    monthlyPrice: 21.9,
    commitmentMonths: 12,
    options: [
      { id: "guest", label: "Guest", price: 5, maxQuantity: 3 },
      { id: "3d", label: "3D", price: 2, maxQuantity: 1 },
    ],
  },
  { id: "duo", title: "Duo", monthlyPrice: 36.9, commitmentMonths: 12 },
];

describe("subscription store", () => {
  it("creates a quantity of 0 per option when a plan is chosen", () => {
    const store = createSubscriptionStore(OFFERS);
    store.getState().selectPlan("solo");
    expect(store.getState().plan).toEqual({ offer: "solo", quantities: { guest: 0, "3d": 0 } });
    store.getState().selectPlan("duo");
    expect(store.getState().plan).toEqual({ offer: "duo", quantities: {} });
    store.getState().selectPlan("unknown");
    expect(store.getState().plan?.offer).toBe("duo");
  });

  it("changes a quantity with the modifiers, within 0 and the option's maximum", () => {
    const store = createSubscriptionStore(OFFERS);
    store.getState().selectPlan("solo");
    const change = (optionId: string, delta: number) => store.getState().changeQuantity(optionId, delta);
    change("guest", 1);
    change("guest", 1);
    expect(store.getState().plan?.quantities.guest).toBe(2);
    change("guest", 5);
    expect(store.getState().plan?.quantities.guest).toBe(3);
    change("guest", -10);
    expect(store.getState().plan?.quantities.guest).toBe(0);
    change("3d", 2); // maximum 1 by default
    expect(store.getState().plan?.quantities["3d"]).toBe(1);
    change("nope", 1);
    expect(Object.keys(store.getState().plan?.quantities ?? {})).toEqual(["guest", "3d"]);
  });

  it("resets the plan", () => {
    const store = createSubscriptionStore(OFFERS);
    store.getState().selectPlan("solo");
    store.getState().resetPlan();
    expect(store.getState().plan).toBeNull();
    store.getState().changeQuantity("guest", 1); // no plan: nothing to change
    expect(store.getState().plan).toBeNull();
  });

  it("clears the partner search on a route change and takes offers later", () => {
    const store = createSubscriptionStore();
    store.getState().setPartnerSearch("lyon");
    expect(store.getState().partnerSearch).toBe("lyon");
    store.getState().routeChanged();
    expect(store.getState().partnerSearch).toBe("");
    store.getState().setOffers(OFFERS);
    store.getState().selectPlan("solo");
    expect(store.getState().plan?.offer).toBe("solo");
  });
});
