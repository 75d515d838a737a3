import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStore } from "../testing/fakes";
import {
  createSmartBannerStore,
  createViewportStore,
  createWebviewStore,
  isDesktop,
  mobileOs,
  SMART_BANNER_CLOSED_KEY,
  viewportClass,
  WEBVIEW_USER_AGENT_MARKER,
} from "./device";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36";

describe("viewport store", () => {
  it("classes widths by the breakpoints", () => {
    expect([0, 699, 700, 1079, 1080, 1439, 1440, 2560].map(viewportClass)).toEqual([
      "mobile", "mobile", "tablet", "tablet", "desktop", "desktop", "wide", "wide",
    ]);
    expect(isDesktop("wide")).toBe(true);
    expect(isDesktop("tablet")).toBe(false);
  });

  it("changes the class at once on resize and the height variable 100 ms after the last resize", () => {
    const setCssVar = vi.fn();
    const store = createViewportStore({ setCssVar, initial: { width: 1280, height: 800 } });
    expect(store.getState().viewport).toBe("desktop");
    expect(setCssVar).toHaveBeenLastCalledWith("--vh", "8px");
    store.getState().resized(390, 700);
    store.getState().resized(390, 600);
    expect([store.getState().viewport, store.getState().height]).toEqual(["mobile", 600]);
    vi.advanceTimersByTime(99); // spec §9: 100 ms
    expect(setCssVar).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(setCssVar).toHaveBeenCalledTimes(2);
    expect(setCssVar).toHaveBeenLastCalledWith("--vh", "6px");
  });
});

describe("webview store", () => {
  it("detects the app's user-agent marker and hides header and footer", () => {
    const app = createWebviewStore(`${ANDROID} ${WEBVIEW_USER_AGENT_MARKER}/3.2`);
    expect(app.getState()).toMatchObject({ webview: true, showHeader: false, showFooter: false });
    const browser = createWebviewStore(ANDROID);
    expect(browser.getState()).toMatchObject({ webview: false, showHeader: true, showFooter: true });
    browser.getState().setWebview(true);
    expect(browser.getState().showFooter).toBe(false);
  });
});

describe("smart banner store", () => {
  const links = { ios: "https://apps.example/ios", android: "https://play.example/android" };

  it("links to the store of the visitor's OS", () => {
    expect(mobileOs(IPHONE)).toBe("ios");
    expect(mobileOs(ANDROID)).toBe("android");
    expect(mobileOs(DESKTOP)).toBeNull();
    const ios = createSmartBannerStore({ userAgent: IPHONE, links, storage: memoryStore() });
    expect(ios.getState()).toMatchObject({ os: "ios", storeUrl: links.ios, visible: true });
    const android = createSmartBannerStore({ userAgent: ANDROID, links, storage: memoryStore() });
    expect(android.getState().storeUrl).toBe(links.android);
    const desktop = createSmartBannerStore({ userAgent: DESKTOP, links, storage: memoryStore() });
    expect(desktop.getState().visible).toBe(false);
  });

  it("closes, and stays closed for the session", () => {
    const storage = memoryStore();
    const banner = createSmartBannerStore({ userAgent: IPHONE, links, storage });
    banner.getState().close();
    expect(banner.getState().visible).toBe(false);
    expect(storage.getItem(SMART_BANNER_CLOSED_KEY)).toBe("1");
    expect(createSmartBannerStore({ userAgent: IPHONE, links, storage }).getState().visible).toBe(false);
  });

  it("never shows in the app's webview", () => {
    const banner = createSmartBannerStore({ userAgent: IPHONE, links, storage: memoryStore(), webview: true });
    expect(banner.getState().visible).toBe(false);
  });
});
