// The header's sticky behaviour (spec §4, §9) on the page's `<header>`, part of the header
// island's first stage (no framework): classes for the CSS (`is-sticky` past 68 px and a
// quarter of the window on desktop, `is-hidden` while scrolling down), never hidden while
// it holds the focus, and a CSS variable with the height it covers (`--header-offset`, 0
// when not sticky) so `scroll-padding-top` keeps a focused element clear of it.

import { pageViewport } from "../../stores/device";
import { pageHeader } from "../../stores/page/header";

export const HEADER_OFFSET_VAR = "--header-offset";

/** Follows the page's scroll for the `<header>` around `host`; returns the function that stops. */
export function stickHeader(host: HTMLElement): () => void {
  const header = host.closest<HTMLElement>("header");
  if (!header) return () => {};
  const win = header.ownerDocument.defaultView;
  const root = header.ownerDocument.documentElement;
  const store = pageHeader();
  const viewport = pageViewport();
  let focused = false;
  const apply = () => {
    const { sticky, hidden } = store.getState();
    const hide = sticky && hidden && !focused;
    header.classList.toggle("is-sticky", sticky);
    header.classList.toggle("is-hidden", hide);
    root.style.setProperty(HEADER_OFFSET_VAR, sticky && !hide ? `${header.offsetHeight}px` : "0px");
  };
  const onScroll = () => store.getState().scrolled(win?.scrollY ?? 0);
  const onResize = () => win && viewport.getState().resized(win.innerWidth, win.innerHeight);
  const onFocus = (event: FocusEvent) => {
    focused = event.type === "focusin";
    apply();
  };
  win?.addEventListener("scroll", onScroll, { passive: true });
  win?.addEventListener("resize", onResize, { passive: true });
  header.addEventListener("focusin", onFocus);
  header.addEventListener("focusout", onFocus);
  const stop = store.subscribe(apply);
  apply();
  return () => {
    stop();
    win?.removeEventListener("scroll", onScroll);
    win?.removeEventListener("resize", onResize);
    header.removeEventListener("focusin", onFocus);
    header.removeEventListener("focusout", onFocus);
  };
}
