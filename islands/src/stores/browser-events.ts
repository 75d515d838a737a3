// The browser events the shared stores follow: Escape closes the top modal, scrolling moves
// the header, resizing sets the viewport, the identity frame's messages reach the client
// store. Returns a function that stops listening.

import type { ClientStore } from "./client";
import type { createViewportStore } from "./device";
import type { HeaderStore } from "./header";
import type { ModalsStore } from "./modals";

export interface FollowedStores {
  modals?: ModalsStore;
  header?: HeaderStore;
  viewport?: ReturnType<typeof createViewportStore>;
  client?: ClientStore;
}

export function followBrowserEvents(win: Window, stores: FollowedStores): () => void {
  const stops: (() => void)[] = [];
  const on = <K extends keyof WindowEventMap>(type: K, listener: (event: WindowEventMap[K]) => void, passive = false) => {
    win.addEventListener(type, listener, { passive });
    stops.push(() => win.removeEventListener(type, listener));
  };
  const { modals, header, viewport, client } = stores;
  if (modals) {
    on("keydown", (event) => {
      if (event.key === "Escape" && modals.getState().stack.length > 0) modals.getState().escape();
    });
  }
  if (header) on("scroll", () => header.getState().scrolled(win.scrollY), true);
  if (viewport) on("resize", () => viewport.getState().resized(win.innerWidth, win.innerHeight), true);
  if (client) on("message", (event) => void client.getState().receiveMessage({ origin: event.origin, data: event.data }));
  return () => stops.splice(0).forEach((stop) => stop());
}
