// Island "trailer": a show's trailer (`<div class="trailer-player" data-island="trailer">`
// around the link to the video). Without JavaScript the link leads to the video's page;
// with it, the trailer plays in the page (desktop) or in the trailer modal (mobile, spec §4).
// `bandeannonce=true` in the address plays it on arrival (spec §2): the island loads at once.

import type { TrailerProps } from "../components/trailer/Trailer";
import { playsOnArrival } from "../lib/video";
import { defineStagedIsland } from "../staged";
import { pageUrl } from "../stores/page/env";

export type { TrailerProps };

export const mount = defineStagedIsland<TrailerProps>({
  ui: () => import("../components/show-interactive").then((m) => ({ mount: m.trailer })),
  now: () => playsOnArrival(pageUrl().read().search),
});
