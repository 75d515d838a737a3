// Island "cinema-info": the links of a cinema page to its information and prices
// (`<div class="cinema-links" data-island="cinema-info">`, links to `#info` and `#tarifs`).
// Without JavaScript they lead to the page's sections; with it, they open those sections in
// a dialog (spec §2: the fragment #info opens the cinema information modal, #tarifs the
// pricing one; closing clears the fragment). An address with either fragment loads it at once.

import type { CinemaInfoProps } from "../components/cinema/CinemaInfo";
import { defineStagedIsland } from "../staged";
import { pageUrl } from "../stores/page/env";

export type { CinemaInfoProps };

export const CINEMA_FRAGMENTS = ["#info", "#tarifs"];

export const mount = defineStagedIsland<CinemaInfoProps>({
  ui: () => import("../components/cinema-interactive").then((m) => ({ mount: m.cinemaInfo })),
  now: () => CINEMA_FRAGMENTS.includes(pageUrl().read().hash),
});
