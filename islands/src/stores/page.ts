// The stores one page's islands share: each created on first use (with the browser's clock,
// storage and address) and connected to the others it needs — closing a modal clears the
// selected showtime, a video modal stops the video, the plan modal resets the plan, the
// cinema information modal clears its URL fragment, a trailer played on mobile opens in the
// trailer modal. One getter per store, so an island's bundle holds only the stores it uses
// (the islands share this module through a common chunk, hence one instance per page).

import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import { safeStorage, type KeyValueStore } from "../lib/storage";
import { globalTimers, systemClock, type Clock, type Timers } from "../lib/time";
import { browserUrl, type UrlPort } from "../lib/url";
import { createAlertsStore, type AlertsStore } from "./alerts";
import { createViewportStore, createWebviewStore, isDesktop } from "./device";
import { createHeaderStore, type HeaderStore } from "./header";
import { createModalsStore, type ModalsStore } from "./modals";
import { createFooterAccordionStore } from "./page-sections";
import { createScheduleStore, type ScheduleStore } from "./schedule";
import { createSubscriptionStore, type SubscriptionStore } from "./subscription";
import { createVideoStore, type VideoStore } from "./video";

export interface PageEnv {
  url: UrlPort;
  timers: Timers;
  clock: Clock;
  storage: KeyValueStore;
  userAgent: string;
  viewport: { width: number; height: number };
  setCssVar(name: string, value: string): void;
  scrollLock: { lock(): void; unlock(): void };
}

export function browserPageEnv(win: Window = window): PageEnv {
  const root = win.document.documentElement;
  return {
    url: browserUrl(win),
    timers: globalTimers,
    clock: systemClock,
    storage: safeStorage(() => win.localStorage),
    userAgent: win.navigator.userAgent,
    viewport: { width: win.innerWidth, height: win.innerHeight },
    setCssVar: (name, value) => root.style.setProperty(name, value),
    // Inline, so the lock needs no stylesheet rule.
    scrollLock: {
      lock: () => root.style.setProperty("overflow", "hidden"),
      unlock: () => root.style.removeProperty("overflow"),
    },
  };
}

let env: PageEnv | undefined;
const pageEnv = () => (env ??= browserPageEnv());

let alerts: AlertsStore | undefined;
let viewport: ReturnType<typeof createViewportStore> | undefined;
let webview: ReturnType<typeof createWebviewStore> | undefined;
let schedule: ScheduleStore | undefined;
let subscription: SubscriptionStore | undefined;
let footerAccordion: ReturnType<typeof createFooterAccordionStore> | undefined;
let header: HeaderStore | undefined;
let video: VideoStore | undefined;
let modals: ModalsStore | undefined;

/** Starts over with another environment (tests; nothing on a page calls it). */
export function resetPageStores(next?: PageEnv): void {
  env = next;
  alerts = viewport = webview = schedule = subscription = footerAccordion = header = video = modals = undefined;
}

export const pageAlerts = () => (alerts ??= createAlertsStore({ timers: pageEnv().timers }));

export const pageViewport = () =>
  (viewport ??= createViewportStore({ timers: pageEnv().timers, setCssVar: pageEnv().setCssVar, initial: pageEnv().viewport }));

export const pageWebview = () => (webview ??= createWebviewStore(pageEnv().userAgent));

export const pageSchedule = () => (schedule ??= createScheduleStore({ url: pageEnv().url }));

export const pageSubscription = () => (subscription ??= createSubscriptionStore());

export const pageFooterAccordion = () => (footerAccordion ??= createFooterAccordionStore());

export const pageHeader = () =>
  (header ??= createHeaderStore({
    clock: pageEnv().clock,
    timers: pageEnv().timers,
    storage: pageEnv().storage,
    viewport: () => {
      const v = pageViewport().getState();
      return { height: v.height, desktop: isDesktop(v.viewport) };
    },
  }));

export const pageVideo = () =>
  (video ??= createVideoStore({
    isMobile: () => pageViewport().getState().viewport === "mobile",
    openTrailerModal: (v) => void pageModals().getState().open("trailer", v),
  }));

export const pageModals = () =>
  (modals ??= createModalsStore({
    viewportWidth: () => pageViewport().getState().width,
    scrollLock: pageEnv().scrollLock,
    stopVideo: () => pageVideo().getState().stop(),
    resetPlan: () => pageSubscription().getState().resetPlan(),
    clearFragment: () => {
      const { pathname, search, hash } = pageEnv().url.read();
      if (hash) pageEnv().url.replace(pathname + search);
    },
    onClosed: () => pageSchedule().getState().clearShowtime(),
  }));

/** A component's view of a store: re-renders when the selected value changes. */
export function useStoreState<S, T>(store: StoreApi<S>, selector: (state: S) => T): T {
  return useStore(store, selector);
}
