// The subscription plan being chosen; closing the plan modal resets it.

import { createSubscriptionStore } from "../subscription";
import { perPage } from "./env";
import { modalHooks } from "./modals";

export const pageSubscription = perPage(() => {
  const store = createSubscriptionStore();
  modalHooks().resetPlan.push(() => store.getState().resetPlan());
  return store;
});
