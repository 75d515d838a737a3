// Island "smart-banner": the app banner at the top of the page (`<aside class="smart-banner"
// data-island="smart-banner" hidden>` with both store links and a close button). Shown on
// iOS and Android outside the app's own webview with that phone's store link only, closed
// for the session. Plain DOM work: it loads before any interaction, without the framework.

import { safeStorage } from "../lib/storage";
import { createSmartBannerStore, pageWebview } from "../stores/device";

export function mount(el: HTMLElement): void {
  const links = { ios: "", android: "" };
  for (const a of el.querySelectorAll<HTMLAnchorElement>("a[data-store]")) {
    if (a.dataset.store === "ios" || a.dataset.store === "android") links[a.dataset.store] = a.href;
  }
  const store = createSmartBannerStore({
    userAgent: navigator.userAgent,
    links,
    storage: safeStorage(() => sessionStorage),
    webview: pageWebview().getState().webview,
  });
  const apply = () => {
    const { visible, os } = store.getState();
    el.hidden = !visible;
    for (const a of el.querySelectorAll<HTMLElement>("a[data-store]")) a.hidden = a.dataset.store !== os;
  };
  el.querySelector("button[data-close]")?.addEventListener("click", () => store.getState().close());
  store.subscribe(apply);
  apply();
}
