// Island "smart-banner": the app banner of the page's top (`<aside data-island="smart-banner"
// hidden>`), shown on iOS and Android outside the app's own webview, closed for the session.

import { SmartBanner, type SmartBannerLabels } from "../components/SmartBanner";
import { defineIsland } from "../island";
import { safeStorage } from "../lib/storage";
import { createSmartBannerStore } from "../stores/device";
import { pageWebview } from "../stores/page";

export interface SmartBannerIslandProps {
  links: { ios: string; android: string };
  labels: SmartBannerLabels;
}

export const mount = defineIsland<SmartBannerIslandProps>((props, el) => {
  const store = createSmartBannerStore({
    userAgent: navigator.userAgent,
    links: props.links,
    storage: safeStorage(() => sessionStorage),
    webview: pageWebview().getState().webview,
  });
  return <SmartBanner store={store} labels={props.labels} links={props.links} host={el} />;
});
