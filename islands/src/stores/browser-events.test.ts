// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStore } from "../testing/fakes";
import { createViewportStore } from "./device";
import { createHeaderStore } from "./header";
import { createModalsStore } from "./modals";
import { followBrowserEvents } from "./browser-events";
import type { ClientStore } from "./client";

afterEach(() => vi.useRealTimers());

describe("browser events", () => {
  it("closes the top modal on Escape, and stops listening when asked", () => {
    const modals = createModalsStore();
    const stop = followBrowserEvents(window, { modals });
    modals.getState().open("search");
    modals.getState().open("filters");
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    expect(modals.getState().stack).toEqual(["search", "filters"]);
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(modals.getState().stack).toEqual(["search"]);
    stop();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(modals.getState().stack).toEqual(["search"]);
  });

  it("feeds scroll positions to the header and sizes to the viewport", () => {
    vi.useFakeTimers();
    const viewport = createViewportStore({ setCssVar: () => {}, initial: { width: 1280, height: 800 } });
    const header = createHeaderStore({ storage: memoryStore(), viewport: () => ({ height: 800, desktop: true }) });
    const stop = followBrowserEvents(window, { header, viewport });
    Object.defineProperty(window, "scrollY", { value: 500, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    expect(header.getState().sticky).toBe(true);
    Object.defineProperty(window, "innerWidth", { value: 390, configurable: true });
    window.dispatchEvent(new Event("resize"));
    expect(viewport.getState().viewport).toBe("mobile");
    stop();
  });

  it("hands window messages to the client store", () => {
    const receiveMessage = vi.fn(() => Promise.resolve(null));
    const client = { getState: () => ({ receiveMessage }) } as unknown as ClientStore;
    const stop = followBrowserEvents(window, { client });
    window.dispatchEvent(new MessageEvent("message", { origin: "https://id.test", data: { name: "register_complete" } }));
    expect(receiveMessage).toHaveBeenCalledWith({ origin: "https://id.test", data: { name: "register_complete" } });
    stop();
  });
});
