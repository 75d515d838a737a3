import { describe, expect, it, vi } from "vitest";
import type { Video } from "../types";
import { createVideoStore } from "./video";

const TRAILER: Video = { id: "yt1", provider: "youtube", main: true };

describe("video store", () => {
  it("stores the trailer and where it plays; stop clears it", () => {
    const store = createVideoStore();
    store.getState().play(TRAILER, "show-backdrop");
    expect(store.getState().playing).toEqual({ video: TRAILER, location: "show-backdrop" });
    store.getState().stop();
    expect(store.getState().playing).toBeNull();
  });

  it("opens the trailer modal when a trailer plays on mobile only", () => {
    let mobile = false;
    const openTrailerModal = vi.fn();
    const store = createVideoStore({ isMobile: () => mobile, openTrailerModal });
    store.getState().play(TRAILER, "show");
    expect(openTrailerModal).not.toHaveBeenCalled();
    mobile = true;
    store.getState().play(TRAILER, "show");
    expect(openTrailerModal).toHaveBeenCalledWith(TRAILER);
  });
});
