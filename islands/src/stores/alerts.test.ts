import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_AUTO_CLOSE_MS, createAlertsStore, currentAlert } from "./alerts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("alerts store", () => {
  it("shows the first alert of the queue, then the next when it closes", () => {
    const store = createAlertsStore();
    expect(currentAlert(store.getState())).toBeNull();
    const first = store.getState().push({ level: "warning", title: "one", closable: false });
    store.getState().push({ level: "info", title: "two", closable: false });
    expect(currentAlert(store.getState())?.title).toBe("one");
    store.getState().close();
    expect(currentAlert(store.getState())?.title).toBe("two");
    store.getState().close(first); // already gone: nothing happens
    expect(store.getState().queue).toHaveLength(1);
  });

  it("lets the visitor dismiss only closable alerts", () => {
    const store = createAlertsStore();
    const fixed = store.getState().push({ level: "info", title: "fixed", closable: false });
    const closable = store.getState().push({ level: "info", title: "closable", closable: true });
    store.getState().dismiss(fixed);
    store.getState().dismiss(closable);
    expect(store.getState().queue.map((a) => a.title)).toEqual(["fixed"]);
  });

  it("removes an alert with an autoCloseId after 10 seconds", () => {
    const store = createAlertsStore();
    store.getState().push({ level: "info", title: "stays", closable: false });
    store.getState().push({ level: "warning", title: "goes", closable: false, autoCloseId: "geo" });
    vi.advanceTimersByTime(ALERT_AUTO_CLOSE_MS - 1);
    expect(store.getState().queue).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getState().queue.map((a) => a.title)).toEqual(["stays"]);
    expect(ALERT_AUTO_CLOSE_MS).toBe(10_000);
  });

  it("gives each store its own queue", () => {
    const a = createAlertsStore();
    const b = createAlertsStore();
    a.getState().push({ level: "info", title: "x", closable: false });
    expect(b.getState().queue).toEqual([]);
  });
});
