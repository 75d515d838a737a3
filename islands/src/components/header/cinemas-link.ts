// The header's cinemas link follows the locator's choice (spec §2), before any interaction
// and again whenever the choice changes on the page. The server writes the cinema list's
// address (right without JavaScript and without a choice); the cinema list is asked only
// when the cookie names a cinema or a city.

import { LOCATOR_COOKIE, readLocatorCookie } from "../../lib/locator-cookie";
import { cinemasLinkHref, LOCATOR_CHANGE, placeOf } from "../../lib/locator-choice";
import { pageCall, pageCookies } from "../../stores/page/env";
import type { Cinema } from "../../types";
import type { HeaderProps } from "./Header";

export function followCinemasLink(el: HTMLElement, props: HeaderProps): void {
  const paths = props.cinemasLink;
  if (!paths) return;
  const doc = el.ownerDocument;
  const link = [...doc.querySelectorAll<HTMLAnchorElement>(".site-header .main-nav a")].find((a) => a.getAttribute("href") === paths.list);
  if (!link) return;
  let asked = 0;
  const update = async () => {
    const ask = ++asked;
    let href = paths.list;
    try {
      const cookie = readLocatorCookie(pageCookies().get(LOCATOR_COOKIE));
      if (cookie?.type === "cinema" || cookie?.type === "city") {
        href = cinemasLinkHref(placeOf(cookie, await pageCall(props).get<Cinema[]>("/api/cinemas")), paths);
      }
    } catch {
      // The list stays the target.
    }
    if (ask === asked) link.setAttribute("href", href);
  };
  void update();
  doc.addEventListener(LOCATOR_CHANGE, () => void update());
}
