// The header's cinemas link follows the locator's choice (spec §2), before any interaction
// and again whenever the choice changes on the page (the window's `cgp-locator-change`
// event, lib/locator-cookie.ts). The server writes the cinema list's address (right without
// JavaScript and without a choice); what computes the target (./cinemas-link-target.ts, with
// the cinema list) loads only when there is a choice. Kept tiny: every page loads it.

import type { HeaderProps } from "./Header";

export function followCinemasLink(el: HTMLElement, props: HeaderProps): void {
  if (!props.cinemasLink) return;
  const follow = () => void import("./cinemas-link-target").then((m) => m.pointCinemasLink(el, props), () => undefined);
  if (document.cookie.includes("cgp_locator=")) follow();
  addEventListener("cgp-locator-change", follow);
}
