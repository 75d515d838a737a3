// Island "tracking": pushes the page view onto `window.dataLayer` (page type, platform type
// from the viewport, upper-cased country), then, for a signed-in client, the SHA-256 of
// their email — from the session the header asks for anyway (one request per page).
// Markup: `<div data-island="tracking" data-hydrate="load" hidden>` with its props. No UI.

import type { IslandProps } from "../components/island-props";
import { clientEntry, dataLayerOf, pageViewEntry } from "../lib/tracking";
import { probeSession } from "../session";
import type { TrackingProps as TrackingPropsData } from "../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type TrackingProps = IslandProps & TrackingPropsData;

export function mount(el: HTMLElement, props: TrackingProps): void {
  const win = el.ownerDocument.defaultView;
  if (!win) return;
  const layer = dataLayerOf(win);
  layer.push(pageViewEntry({ pageType: props.pageType, site: props.site, language: props.lang, viewportWidth: win.innerWidth }));
  if (props.authEnabled === false) return;
  void probeSession(props).then((session) => {
    if (session?.emailHash) layer.push(clientEntry(session.emailHash));
  });
}
