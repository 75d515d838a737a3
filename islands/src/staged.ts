// An island in two stages, so a page pays for the UI framework only once the visitor
// reaches for an island:
//  1. `show` runs when the island mounts (the loader's `data-hydrate`, usually idle), with
//     no framework: it shows what must be right before any interaction — a signed-in
//     client's avatar, a favourite's state, the remembered cinema — by small DOM changes;
//  2. `ui` (a module of its own, loaded at the first pointer, focus or key inside the
//     element, on a `hydrate` event, or at once when `now` says so) hydrates the element
//     with the island's components. Their first render must equal the DOM as stage 1 left
//     it: both read the same shared state (the session, the favourites, the cookie).
// A click on a `button[type=button]`, or on a link marked `data-replay` (whose page stage 2
// replaces with a dialog), that arrives before stage 2 is replayed once it is in.
//
// No import of preact here: this file is part of what loads before any interaction.

import type { Mount } from "./island";

export interface UiModule<P> {
  mount: Mount<P>;
}

export interface Stages<P> {
  show?: (el: HTMLElement, props: P) => void;
  ui: () => Promise<UiModule<P>>;
  /** Load the interactive part at once (the URL asks for what it shows: `#info`, a trailer). */
  now?: (props: P) => boolean;
}

/** Whether an island's interactive part has hydrated it (stage 1 then leaves the DOM alone). */
export const interactive = (el: HTMLElement) => el.dataset.ui === "on";

export function defineStagedIsland<P>(stages: Stages<P>): Mount<P> {
  return (el, props) => {
    stages.show?.(el, props);
    let clicked: HTMLElement | null = null;
    let started = false;
    const early = (event: Event) => {
      const target = (event.target as Element).closest?.<HTMLElement>("button[type=button],[data-replay]");
      if (target && el.contains(target)) {
        clicked = target;
        if (target.hasAttribute("data-replay")) event.preventDefault();
      }
      wake();
    };
    const events = ["pointerdown", "focusin", "keydown", "hydrate"];
    const wake = () => {
      if (started) return;
      started = true;
      for (const type of events) el.removeEventListener(type, wake);
      stages
        .ui()
        .then((ui) => {
          ui.mount(el, props);
          el.dataset.ui = "on";
          el.removeEventListener("click", early, true);
          clicked?.click();
        })
        .catch((error) => console.error("island", error));
    };
    el.addEventListener("click", early, true);
    for (const type of events) el.addEventListener(type, wake, { passive: true });
    // Asked for before this module was in (`wakeIslands`), or already in use: at once.
    if (stages.now?.(props) || "wake" in el.dataset || el.contains(el.ownerDocument.activeElement)) wake();
  };
}

/** Asks islands to load their interactive part (e.g. the alerts area when an alert comes). */
export function wakeIslands(selector: string, root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>(selector).forEach((el) => {
    // Kept for an island whose module is not in yet (the event then only mounts it).
    el.dataset.wake = "";
    el.dispatchEvent(new Event("hydrate"));
  });
}
