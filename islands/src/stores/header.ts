// The header (spec §4, §9): sticky on desktop once the page is scrolled past 68 px and past a
// quarter of the window height, back to normal at 68 px or less; hidden while scrolling
// down, shown again when scrolling up; scroll handled at most every 200 ms. The header push
// (a promotional strip) is hidden for a day once viewed.

import { createStore } from "zustand/vanilla";
import type { KeyValueStore } from "../lib/storage";
import { DAY_MS, globalTimers, systemClock, throttle, type Clock, type Timers } from "../lib/time";

export const STICKY_MIN_SCROLL = 68;
export const STICKY_WINDOW_FRACTION = 0.25;
export const SCROLL_THROTTLE_MS = 200;
export const HEADER_PUSH_KEY = "header-push-hidden-until";

export interface HeaderState {
  sticky: boolean;
  hidden: boolean;
  lastScrollY: number;
  pushVisible: boolean;
  /** Every scroll event: applied at most once per 200 ms, the latest position winning. */
  scrolled(scrollY: number): void;
  /** The header push was seen: hidden until the same time tomorrow. */
  viewPush(): void;
}

export interface HeaderDeps {
  clock?: Clock;
  timers?: Timers;
  storage: KeyValueStore;
  /** The window's height and whether the viewport is a desktop one, at scroll time. */
  viewport: () => { height: number; desktop: boolean };
}

export function createHeaderStore(deps: HeaderDeps) {
  const clock = deps.clock ?? systemClock;
  const timers = deps.timers ?? globalTimers;
  const hiddenUntil = Number(deps.storage.getItem(HEADER_PUSH_KEY));
  return createStore<HeaderState>()((set, get) => {
    const apply = (y: number) => {
      const { height, desktop } = deps.viewport();
      const { sticky, lastScrollY } = get();
      let nextSticky = sticky;
      // Between 68 px and a quarter of the window, a sticky header stays sticky.
      if (y <= STICKY_MIN_SCROLL || !desktop) nextSticky = false;
      else if (y > STICKY_WINDOW_FRACTION * height) nextSticky = true;
      // Near the top the header always shows; further down, the direction decides.
      let hidden = get().hidden;
      if (y <= STICKY_MIN_SCROLL) hidden = false;
      else if (y > lastScrollY) hidden = true;
      else if (y < lastScrollY) hidden = false;
      set({ sticky: nextSticky, hidden, lastScrollY: y });
    };
    return {
      sticky: false,
      hidden: false,
      lastScrollY: 0,
      pushVisible: !(Number.isFinite(hiddenUntil) && hiddenUntil > clock.now()),
      scrolled: throttle(timers, clock, SCROLL_THROTTLE_MS, apply),
      viewPush() {
        deps.storage.setItem(HEADER_PUSH_KEY, String(clock.now() + DAY_MS));
        set({ pushVisible: false });
      },
    };
  });
}

export type HeaderStore = ReturnType<typeof createHeaderStore>;
