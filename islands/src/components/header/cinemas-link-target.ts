// Where the header's cinemas link leads for the locator's choice (spec §2): asks the cinema
// list only when the `cgp_locator` cookie names a cinema or a city.

import { cinemasLinkHref, placeOf, readChoice } from "../../lib/locator-choice";
import { pageCall, pageCookies } from "../../stores/page/env";
import type { Cinema } from "../../types";
import type { HeaderProps } from "./Header";

const asked = new WeakMap<HTMLElement, number>();

export async function pointCinemasLink(el: HTMLElement, props: HeaderProps): Promise<void> {
  const paths = props.cinemasLink;
  if (!paths) return;
  // The link the server wrote to the list, marked once found (its address changes).
  const doc = el.ownerDocument;
  const link =
    doc.querySelector<HTMLAnchorElement>(".site-header .main-nav a[data-cinemas-link]") ??
    [...doc.querySelectorAll<HTMLAnchorElement>(".site-header .main-nav a")].find((a) => a.getAttribute("href") === paths.list);
  if (!link) return;
  link.dataset.cinemasLink = "";
  const ask = (asked.get(el) ?? 0) + 1;
  asked.set(el, ask);
  let href = paths.list;
  try {
    const cookie = readChoice(pageCookies().get("cgp_locator"));
    if (cookie?.type === "cinema" || cookie?.type === "city") {
      href = cinemasLinkHref(placeOf(cookie, await pageCall(props).get<Cinema[]>("/api/cinemas")), paths);
    }
  } catch {
    // The list stays the target.
  }
  if (asked.get(el) === ask) link.setAttribute("href", href);
}
