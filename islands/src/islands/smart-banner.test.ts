// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetPageStores } from "../stores/page/env";
import { mount } from "./smart-banner";

const LINKS = { ios: "https://apps.example/ios", android: "https://play.example/android" };
// The page's markup (templates/base.html), which the island enhances.
const MARKUP = `<aside class="smart-banner" data-island="smart-banner" hidden><p><strong>Lumen, l'appli</strong></p><a data-store="ios" href="${LINKS.ios}">App Store</a><a data-store="android" href="${LINKS.android}">Google Play</a><button type="button" data-close>Fermer</button></aside>`;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetPageStores();
});

function mountOn(userAgent: string) {
  vi.stubGlobal("navigator", { userAgent });
  resetPageStores({
    url: { read: () => ({ pathname: "/", search: "", hash: "" }), replace() {}, navigate() {} },
    timers: { set: (f, ms) => setTimeout(f, ms), clear: (id) => clearTimeout(id) },
    clock: { now: () => 0 },
    storage: { getItem: () => null, setItem() {}, removeItem() {} },
    userAgent,
    viewport: { width: 390, height: 800 },
    setCssVar() {},
    scrollLock: { lock() {}, unlock() {} },
  });
  document.body.innerHTML = MARKUP;
  const el = document.querySelector<HTMLElement>("aside")!;
  mount(el);
  return el;
}

describe("smart banner island", () => {
  it("shows the iOS store link on an iPhone and closes for the session", () => {
    const el = mountOn("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)");
    expect(el.hidden).toBe(false);
    expect([...el.querySelectorAll("a:not([hidden])")].map((a) => a.getAttribute("href"))).toEqual([LINKS.ios]);
    expect(el.querySelectorAll("a")).toHaveLength(2);
    el.querySelector<HTMLButtonElement>("button[data-close]")?.click();
    expect(el.hidden).toBe(true);
    expect(mountOn("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)").hidden).toBe(true);
  });

  it("stays hidden on a desktop browser", () => {
    expect(mountOn("Mozilla/5.0 (X11; Linux x86_64)").hidden).toBe(true);
  });
});
