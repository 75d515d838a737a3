// Island "header": the search button, the language switch and the account entry of the
// page's header (`<div class="header-tools" data-island="header">` inside `<header>`), and
// the dialogs they open. First stage (no framework): follows the scroll for the sticky
// header, points the cinemas link at the locator's choice, asks for the session once per
// page and shows a signed-in client's avatar (and a pass holder's subscription link); the
// interactive part loads at the first interaction (or at once for a client who must finish
// signing up).

import { avatarButton } from "../components/header/account-entry";
import { followCinemasLink } from "../components/header/cinemas-link";
import { stickHeader } from "../components/header/sticky";
import { hasPass, mustFinish } from "../lib/client-rules";
import type { HeaderProps } from "../components/header/Header";
import { translator } from "../lib/i18n";
import { probeSession } from "../session";
import { defineStagedIsland, interactive } from "../staged";

export type { HeaderProps };

export const mount = defineStagedIsland<HeaderProps>({
  show(el, props) {
    stickHeader(el);
    followCinemasLink(el, props);
    if (!props.authEnabled) return;
    void probeSession(props).then((session) => {
      // A client who must finish signing up or verify their email gets the forced frame now.
      if (session && mustFinish(session.client)) el.dispatchEvent(new Event("hydrate"));
      // A pass holder's link to the subscription page (spec §2; desktop only, by CSS).
      if (session && hasPass(session.client)) el.closest("header")?.querySelector(".header-pass")?.removeAttribute("hidden");
      const link = el.querySelector(".account a.sign-in");
      // Once the interactive part is in, it shows the client itself.
      if (!session || !link || interactive(el)) return;
      link.replaceWith(avatarButton(el.ownerDocument, session.client, translator(props.labels, props.brand ? { brand: props.brand } : {})));
    });
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.header })),
});
