// Island "subscription": the subscription page's offers and plan picker (`<div
// class="subscription" data-island="subscription" data-hydrate="interaction">` around the
// offers' list, each offer with its "Choisir cette formule" button).

import { IslandRoot } from "../components/IslandRoot";
import { PlanPicker, type SubscriptionProps } from "../components/subscription/PlanPicker";
import { defineIsland } from "../island";
import { pageSubscription } from "../stores/page/subscription";

export type { SubscriptionProps };

export const mount = defineIsland<SubscriptionProps>((props) => {
  pageSubscription().getState().setOffers(props.offers);
  return (
    <IslandRoot props={props}>
      <PlanPicker {...props} />
    </IslandRoot>
  );
});
