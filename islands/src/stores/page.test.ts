import { afterEach, describe, expect, it, vi } from "vitest";
import { globalTimers, systemClock } from "../lib/time";
import { fakeUrl, memoryStore } from "../testing/fakes";
import { pageAlerts } from "./page/alerts";
import { pageFooterAccordion, pageHeader } from "./page/header";
import { pageSchedule } from "./page/schedule";
import { pageSubscription } from "./page/subscription";
import { pageVideo } from "./page/video";
import { pageModals } from "./page/modals";
import { pageViewport, pageWebview } from "./device";
import { resetPageStores, type PageEnv } from "./page/env";

/** A page's environment, its address and scroll lock fakes kept visible to the tests. */
function env(href = "/cinemas/lumen-opera#info", width = 1280) {
  return {
    url: fakeUrl(href),
    timers: globalTimers,
    clock: systemClock,
    storage: memoryStore(),
    userAgent: "test",
    viewport: { width, height: 800 },
    setCssVar: vi.fn(),
    scrollLock: { lock: vi.fn(), unlock: vi.fn() },
  } satisfies PageEnv;
}

afterEach(() => resetPageStores());

describe("page stores", () => {
  it("creates each store once per page", () => {
    resetPageStores(env());
    expect(pageAlerts()).toBe(pageAlerts());
    expect(pageModals()).toBe(pageModals());
    expect(pageHeader()).toBe(pageHeader());
    expect(pageFooterAccordion()).toBe(pageFooterAccordion());
    expect(pageWebview().getState().webview).toBe(false);
    const before = pageAlerts();
    resetPageStores(env());
    expect(pageAlerts()).not.toBe(before);
  });

  it("clears the selected showtime when any modal closes", () => {
    resetPageStores(env("/films"));
    pageSchedule().getState().selectShowtime({ id: "st", show: "dune", cinema: "c" });
    pageModals().getState().open("showtimeDetails");
    pageModals().getState().escape();
    expect(pageSchedule().getState().selectedShowtime).toBeNull();
  });

  it("stops the video when the trailer modal closes", () => {
    resetPageStores(env("/films"));
    pageVideo().getState().play({ id: "v", main: true, provider: "youtube" }, "modal");
    pageModals().getState().open("trailer");
    pageModals().getState().close("trailer");
    expect(pageVideo().getState().playing).toBeNull();
  });

  it("resets the plan when the plan modal closes", () => {
    resetPageStores(env("/cinepass"));
    pageSubscription().getState().setOffers([{ id: "solo", title: "Solo", monthlyPrice: 20, commitmentMonths: 0 }]);
    pageSubscription().getState().selectPlan("solo");
    pageModals().getState().open("subscriptionPlan");
    pageModals().getState().closeAll();
    expect(pageSubscription().getState().plan).toBeNull();
  });

  it("clears the #info fragment when the cinema information modal closes", () => {
    const e = env("/cinemas/lumen-opera?x=1#info");
    resetPageStores(e);
    pageModals().getState().open("cinemaInfo");
    pageModals().getState().close("cinemaInfo");
    expect(e.url.href()).toBe("/cinemas/lumen-opera?x=1");
    expect(e.url.navigated).toEqual([]);
  });

  it("plays a trailer in the trailer modal on mobile, and locks scrolling", () => {
    const e = env("/films", 390);
    resetPageStores(e);
    pageVideo().getState().play({ id: "v", main: true, provider: "youtube" }, "show");
    expect(pageModals().getState().modals.trailer).toEqual({ open: true, data: { id: "v", main: true, provider: "youtube" } });
    expect(e.scrollLock.lock).toHaveBeenCalled();
  });

  it("opens the mobile calendar only below desktop widths", () => {
    resetPageStores(env("/films", 1280));
    expect(pageModals().getState().open("calendarMobile")).toBe(false);
    pageViewport().getState().resized(800, 600);
    expect(pageModals().getState().open("calendarMobile")).toBe(true);
  });

  it("reads the viewport for the sticky header", () => {
    vi.useFakeTimers();
    try {
      resetPageStores(env("/films", 1280));
      pageHeader().getState().scrolled(300);
      expect(pageHeader().getState().sticky).toBe(true);
      pageViewport().getState().resized(390, 800);
      vi.advanceTimersByTime(1000);
      pageHeader().getState().scrolled(400);
      expect(pageHeader().getState().sticky).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
