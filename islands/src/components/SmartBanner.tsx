// The smart app banner: a link to the app in the store of the visitor's OS, closable. The
// page renders it hidden with both store links (no JavaScript, no banner); once hydrated, the
// island shows it on a phone with that phone's store link only.

import { useEffect } from "react";
import { useStore } from "zustand";
import { useHydrated } from "./hydration";
import type { createSmartBannerStore } from "../stores/device";

export interface SmartBannerLabels {
  title: string;
  appStore: string;
  googlePlay: string;
  close: string;
}

export interface SmartBannerProps {
  store: ReturnType<typeof createSmartBannerStore>;
  labels: SmartBannerLabels;
  links: { ios: string; android: string };
  /** The island's element: its `hidden` attribute follows the banner's visibility. */
  host: HTMLElement;
}

export function SmartBanner({ store, labels, links, host }: SmartBannerProps) {
  // The server knows no OS: it renders both links, the banner hidden.
  const hydrated = useHydrated();
  const visible = useStore(store, (s) => s.visible) && hydrated;
  const os = useStore(store, (s) => (hydrated ? s.os : null));
  useEffect(() => {
    host.hidden = !visible;
  }, [host, visible]);
  return (
    <>
      <p>
        <strong>{labels.title}</strong>
      </p>
      {/* Both links, as the page renders them (hydration keeps the same tree); the other OS's is hidden. */}
      <a data-store="ios" href={links.ios} hidden={os !== null && os !== "ios"}>
        {labels.appStore}
      </a>
      <a data-store="android" href={links.android} hidden={os !== null && os !== "android"}>
        {labels.googlePlay}
      </a>
      <button type="button" data-close onClick={() => store.getState().close()}>
        {labels.close}
      </button>
    </>
  );
}
