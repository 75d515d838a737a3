import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce, globalTimers, systemClock, throttle } from "./time";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("timing helpers", () => {
  it("debounce runs once, after the last call", () => {
    const run = vi.fn();
    const d = debounce(globalTimers, 100, run);
    d(1);
    vi.advanceTimersByTime(60);
    d(2);
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledExactlyOnceWith(2);
    d(3);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("throttle runs at once, then at most once per window with the latest arguments", () => {
    const run = vi.fn();
    const t = throttle(globalTimers, systemClock, 200, run);
    t(1);
    expect(run).toHaveBeenLastCalledWith(1);
    t(2);
    t(3);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(2);
    expect(run).toHaveBeenLastCalledWith(3);
    vi.advanceTimersByTime(1000);
    t(4);
    expect(run).toHaveBeenLastCalledWith(4);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
