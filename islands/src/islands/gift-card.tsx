// Island "gift-card": the balance check of the gift-card page (`<div class="gift-card-check"
// data-island="gift-card" data-hydrate="interaction">` around its opening button).

import { IslandRoot } from "../components/IslandRoot";
import { GiftCardCheck, type GiftCardProps } from "../components/gift-card/GiftCardCheck";
import { defineIsland } from "../island";

export type { GiftCardProps };

export const mount = defineIsland<GiftCardProps>((props) => (
  <IslandRoot props={props}>
    <GiftCardCheck {...props} />
  </IslandRoot>
));
