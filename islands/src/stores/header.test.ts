import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_MS, systemClock } from "../lib/time";
import { memoryStore } from "../testing/fakes";
import { createHeaderStore, HEADER_PUSH_KEY, SCROLL_THROTTLE_MS } from "./header";

const NOW = Date.UTC(2026, 10, 22, 12);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

function setup(view = { height: 800, desktop: true }, storage = memoryStore()) {
  const viewport = { ...view };
  const store = createHeaderStore({ clock: systemClock, storage, viewport: () => viewport });
  // One scroll position, then past the throttle window so the next one applies at once.
  const scroll = (y: number) => {
    store.getState().scrolled(y);
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
  };
  return { s: () => store.getState(), scroll, viewport, storage };
}

describe("header store", () => {
  it("sticks on desktop past 68 px and past a quarter of the window height", () => {
    const { s, scroll } = setup({ height: 800, desktop: true });
    scroll(150); // past 68 px, not past 200 px (0.25 × 800)
    expect(s().sticky).toBe(false);
    scroll(201);
    expect(s().sticky).toBe(true);
    const short = setup({ height: 200, desktop: true });
    short.scroll(60); // past a quarter (50) but not past 68
    expect(short.s().sticky).toBe(false);
    short.scroll(69);
    expect(short.s().sticky).toBe(true);
  });

  it("resets at 68 px or less, and stays sticky in between", () => {
    const { s, scroll } = setup();
    scroll(500);
    scroll(100);
    expect(s().sticky).toBe(true);
    scroll(68);
    expect(s().sticky).toBe(false);
  });

  it("never sticks outside desktop", () => {
    const { s, scroll } = setup({ height: 800, desktop: false });
    scroll(1000);
    expect(s().sticky).toBe(false);
  });

  it("hides when scrolling down and shows when scrolling up", () => {
    const { s, scroll } = setup({ height: 800, desktop: false });
    scroll(300);
    expect(s().hidden).toBe(true);
    scroll(250);
    expect(s().hidden).toBe(false);
    scroll(400);
    expect(s().hidden).toBe(true);
    scroll(40);
    expect(s().hidden).toBe(false);
  });

  it("applies scroll positions at most every 200 ms, the latest winning", () => {
    const { s } = setup();
    s().scrolled(300);
    expect(s().lastScrollY).toBe(300);
    s().scrolled(310);
    s().scrolled(20);
    expect(s().lastScrollY).toBe(300);
    vi.advanceTimersByTime(199); // spec §9: 200 ms
    expect(s().lastScrollY).toBe(300);
    vi.advanceTimersByTime(1);
    expect(s().lastScrollY).toBe(20);
    expect(s().sticky).toBe(false);
  });

  it("hides the header push for a day once viewed", () => {
    const storage = memoryStore();
    const { s } = setup(undefined, storage);
    expect(s().pushVisible).toBe(true);
    s().viewPush();
    expect(s().pushVisible).toBe(false);
    expect(Number(storage.getItem(HEADER_PUSH_KEY))).toBe(NOW + DAY_MS);
    vi.setSystemTime(NOW + DAY_MS - 1);
    expect(setup(undefined, storage).s().pushVisible).toBe(false);
    vi.setSystemTime(NOW + DAY_MS);
    expect(setup(undefined, storage).s().pushVisible).toBe(true);
  });
});
