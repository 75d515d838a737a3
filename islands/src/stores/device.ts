// What the visitor's device says (spec §4, §9): the viewport class from the breakpoints and
// a debounced viewport-height CSS variable; the app's embedded view (webview), detected by a
// user-agent marker, which hides header and footer; the smart app banner, with the store
// link for the visitor's OS, closable.

import { createStore } from "zustand/vanilla";
import type { KeyValueStore } from "../lib/storage";
import { debounce, globalTimers, type Timers } from "../lib/time";
import { perPage } from "./page/env";

export const TABLET_MIN_WIDTH = 700;
export const DESKTOP_MIN_WIDTH = 1080;
export const WIDE_MIN_WIDTH = 1440;
export const VIEWPORT_HEIGHT_DEBOUNCE_MS = 100;
/** The CSS variable holding 1 % of the real viewport height (mobile browsers' 100vh lies). */
export const VIEWPORT_HEIGHT_VAR = "--vh";

export type ViewportClass = "mobile" | "tablet" | "desktop" | "wide";

export function viewportClass(width: number): ViewportClass {
  if (width < TABLET_MIN_WIDTH) return "mobile";
  if (width < DESKTOP_MIN_WIDTH) return "tablet";
  if (width < WIDE_MIN_WIDTH) return "desktop";
  return "wide";
}

/** Desktop rules (the sticky header, desktop calendar) hold from 1080 px, wide screens included. */
export const isDesktop = (c: ViewportClass) => c === "desktop" || c === "wide";

export interface ViewportState {
  width: number;
  height: number;
  viewport: ViewportClass;
  /** Window resize: the class changes at once, the height variable 100 ms after the last resize. */
  resized(width: number, height: number): void;
}

export interface ViewportDeps {
  timers?: Timers;
  /** Sets a CSS custom property on the document (documentElement.style.setProperty). */
  setCssVar: (name: string, value: string) => void;
  initial: { width: number; height: number };
}

export function createViewportStore(deps: ViewportDeps) {
  const writeHeight = debounce(deps.timers ?? globalTimers, VIEWPORT_HEIGHT_DEBOUNCE_MS, (height: number) =>
    deps.setCssVar(VIEWPORT_HEIGHT_VAR, `${height * 0.01}px`),
  );
  const { width, height } = deps.initial;
  deps.setCssVar(VIEWPORT_HEIGHT_VAR, `${height * 0.01}px`);
  return createStore<ViewportState>()((set) => ({
    width,
    height,
    viewport: viewportClass(width),
    resized(w, h) {
      set({ width: w, height: h, viewport: viewportClass(w) });
      writeHeight(h);
    },
  }));
}

import { WEBVIEW_USER_AGENT_MARKER } from "../lib/webview";
export { WEBVIEW_USER_AGENT_MARKER };

export interface WebviewState {
  webview: boolean;
  showHeader: boolean;
  showFooter: boolean;
  setWebview(webview: boolean): void;
}

export function createWebviewStore(userAgent: string, marker = WEBVIEW_USER_AGENT_MARKER) {
  const chrome = (webview: boolean) => ({ webview, showHeader: !webview, showFooter: !webview });
  return createStore<WebviewState>()((set) => ({
    ...chrome(userAgent.includes(marker)),
    setWebview: (webview) => set(chrome(webview)),
  }));
}

export type MobileOs = "ios" | "android";

export function mobileOs(userAgent: string): MobileOs | null {
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent)) return "ios";
  return null;
}

export const SMART_BANNER_CLOSED_KEY = "smart-banner-closed";

export interface SmartBannerState {
  os: MobileOs | null;
  /** The store link for the visitor's OS. */
  storeUrl: string | null;
  visible: boolean;
  close(): void;
}

export interface SmartBannerDeps {
  userAgent: string;
  links: { ios: string; android: string };
  /** Where the closing is remembered (session storage: the banner comes back next visit). */
  storage: KeyValueStore;
  /** In the app's own webview the banner never shows. */
  webview?: boolean;
}

export function createSmartBannerStore(deps: SmartBannerDeps) {
  const os = mobileOs(deps.userAgent);
  const closed = deps.storage.getItem(SMART_BANNER_CLOSED_KEY) === "1";
  return createStore<SmartBannerState>()((set) => ({
    os,
    storeUrl: os ? deps.links[os] : null,
    visible: os !== null && !closed && !deps.webview,
    close() {
      deps.storage.setItem(SMART_BANNER_CLOSED_KEY, "1");
      set({ visible: false });
    },
  }));
}

// The page's shared instances (the viewport, the webview flag): here rather than in
// stores/page/, as the tracking island loads this module too (the breakpoints) — in a module of
// their own they were a chunk of their own, one file more on every page.
export const pageViewport = perPage((env) => createViewportStore({ timers: env.timers, setCssVar: env.setCssVar, initial: env.viewport }));

export const pageWebview = perPage((env) => createWebviewStore(env.userAgent));
