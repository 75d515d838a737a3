// Time as the stores see it: a clock and timers passed in, so tests drive time themselves
// and no store reads the real clock behind their back.

export type TimerId = ReturnType<typeof setTimeout>;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface Timers {
  set(callback: () => void, ms: number): TimerId;
  clear(id: TimerId): void;
}

export const systemClock: Clock = { now: () => Date.now() };

// Looked up at call time, so fake timers installed after a store was created still apply.
export const globalTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (id) => clearTimeout(id),
};

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A function that runs `ms` after its last call, with that call's arguments. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

export function debounce<A extends unknown[]>(
  timers: Timers,
  ms: number,
  run: (...args: A) => void,
): Debounced<A> {
  let pending: TimerId | null = null;
  const debounced = (...args: A) => {
    if (pending !== null) timers.clear(pending);
    pending = timers.set(() => {
      pending = null;
      run(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (pending !== null) timers.clear(pending);
    pending = null;
  };
  return debounced;
}

/**
 * At most one run per `ms`: the first call runs at once, later calls within the window are
 * folded into one trailing run with the latest arguments (so the final scroll position is
 * never lost).
 */
export function throttle<A extends unknown[]>(
  timers: Timers,
  clock: Clock,
  ms: number,
  run: (...args: A) => void,
): Debounced<A> {
  let last = -Infinity;
  let pending: TimerId | null = null;
  let latest: A | null = null;
  const fire = () => {
    pending = null;
    last = clock.now();
    const args = latest;
    latest = null;
    if (args) run(...args);
  };
  const throttled = (...args: A) => {
    latest = args;
    const wait = last + ms - clock.now();
    if (wait <= 0 && pending === null) {
      fire();
    } else if (pending === null) {
      pending = timers.set(fire, Math.max(wait, 0));
    }
  };
  throttled.cancel = () => {
    if (pending !== null) timers.clear(pending);
    pending = null;
    latest = null;
  };
  return throttled;
}
