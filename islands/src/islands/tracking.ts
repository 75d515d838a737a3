// Island "tracking": pushes the page view onto `window.dataLayer` (page type, platform type
// from the viewport, upper-cased country, environment from the host; on a show page the show
// with its rating — 'tout public' by default — and the dimensions the tracking flags turn on),
// then, for a signed-in client, the SHA-256 of their email (and their subscription pass where
// its flag is on) — from the session the header asks for anyway (one request per page).
// Markup: `<div data-island="tracking" data-hydrate="load" hidden>` with its props. No UI.

import type { IslandProps } from "../components/island-props";
import { platformType, type DataLayer } from "../lib/tracking";
import { probeSession } from "../session";
import type { TrackingProps as TrackingPropsData } from "../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type TrackingProps = IslandProps & TrackingPropsData;

export function mount(el: HTMLElement, props: TrackingProps): void {
  const win = el.ownerDocument.defaultView;
  if (!win) return;
  // The page's data layer, made if the tag manager has not made it yet.
  const layer: DataLayer = ((win as Window & { dataLayer?: DataLayer }).dataLayer ??= []);
  // The page view: the fields the generator wrote (site::islands::TrackedPage, and on a show
  // page its show, named and filtered by site::rules::tracked_show), with the platform type.
  layer.push({ event: "page_view", ...props.page, platform_type: platformType(win.innerWidth), ...props.show });
  if (props.authEnabled === false) return;
  void probeSession(props).then((session) => {
    // A signed-in client, known by the SHA-256 of their email only (spec §4), with the
    // subscription-pass dimension where its tracking flag is on.
    if (session?.emailHash)
      layer.push({
        event: "client_identified",
        user_email_sha256: session.emailHash,
        ...(props.trackSubscriptionPass && { subscription_pass: session.client.subscriptions.cinepass }),
      });
  });
}
