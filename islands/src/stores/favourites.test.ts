import { describe, expect, it, vi } from "vitest";
import { ApiError, type ApiClient } from "../api/client";
import { deferred } from "../testing/fakes";
import { createAlertsStore } from "./alerts";
import { createFavouritesStore, UnknownCinemaError, type FavouritesDeps } from "./favourites";

const KNOWN = new Set(["a", "b", "c", "d", "e", "f"]);

function setup(initial: string[] = [], overrides: Partial<FavouritesDeps> = {}) {
  const api = {
    addFavourite: vi.fn<ApiClient["addFavourite"]>(async () => {}),
    removeFavourite: vi.fn<ApiClient["removeFavourite"]>(async () => {}),
  } satisfies Pick<ApiClient, "addFavourite" | "removeFavourite">;
  const alerts = createAlertsStore();
  const requireSignIn = vi.fn();
  const store = createFavouritesStore(
    {
      api,
      clientId: () => "c1",
      limit: 5, // the FR site's (Site::favourite_limit, in the props)
      isKnownCinema: (slug) => KNOWN.has(slug),
      alerts: alerts.getState(),
      limitAlert: (n) => ({ title: `${n} favourites at most`, subtitle: `Remove one of your ${n} cinemas first` }),
      requireSignIn,
      ...overrides,
    },
    initial,
  );
  return { api, alerts, requireSignIn, s: () => store.getState() };
}

describe("favourites store", () => {
  it("adds a cinema first and removes a present one", async () => {
    const { s, api } = setup(["a"]);
    expect(await s().toggle("b")).toBe("added");
    expect(s().favourites).toEqual(["b", "a"]);
    expect(api.addFavourite).toHaveBeenCalledWith("c1", "b");
    expect(await s().toggle("a")).toBe("removed");
    expect(s().favourites).toEqual(["b"]);
    expect(api.removeFavourite).toHaveBeenCalledWith("c1", "a");
  });

  it("shows the change at once, before the server answers", async () => {
    const { s, api } = setup();
    const answer = deferred<void>();
    api.addFavourite.mockReturnValueOnce(answer.promise);
    const pending = s().toggle("a");
    expect(s().favourites).toEqual(["a"]);
    expect(s().pending).toEqual(["a"]);
    answer.resolve();
    await pending;
    expect(s().pending).toEqual([]);
  });

  it("warns with the limit in title and subtitle when the list is full (5 on FR)", async () => {
    const { s, api, alerts } = setup(["a", "b", "c", "d", "e"]);
    expect(await s().toggle("f")).toBe("limitReached");
    expect(api.addFavourite).not.toHaveBeenCalled();
    expect(s().favourites).toHaveLength(5);
    expect(alerts.getState().queue[0]).toMatchObject({
      level: "warning",
      title: "5 favourites at most",
      subtitle: "Remove one of your 5 cinemas first",
    });
  });

  it("allows one favourite on the other sites", async () => {
    const { s, alerts } = setup(["a"], { limit: 1 /* the BE site's */ });
    expect(await s().toggle("b")).toBe("limitReached");
    expect(alerts.getState().queue[0]?.title).toBe("1 favourites at most");
  });

  it("raises an error without message for an unknown cinema", async () => {
    const { s, api } = setup();
    const error = await s().toggle("ghost").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownCinemaError);
    expect((error as Error).message).toBe("");
    expect(api.addFavourite).not.toHaveBeenCalled();
  });

  it("undoes the change when the server fails", async () => {
    const { s, api } = setup(["a", "b"]);
    api.removeFavourite.mockRejectedValueOnce(new Error("500"));
    expect(await s().toggle("b")).toBe("failed");
    expect(s().favourites).toEqual(["a", "b"]);
    api.addFavourite.mockRejectedValueOnce(new Error("500"));
    expect(await s().toggle("c")).toBe("failed");
    expect(s().favourites).toEqual(["a", "b"]);
  });

  it("reads the server's full-list answer (409) as the limit alert", async () => {
    const { s, api, alerts } = setup(["a"]);
    api.addFavourite.mockRejectedValueOnce(new ApiError(409, { error: "limit_reached", limit: 5 }, "u"));
    expect(await s().toggle("b")).toBe("limitReached");
    expect(s().favourites).toEqual(["a"]);
    expect(alerts.getState().queue[0]?.title).toBe("5 favourites at most");
  });

  it("asks an anonymous visitor to sign in", async () => {
    const { s, requireSignIn, api } = setup([], { clientId: () => null });
    expect(await s().toggle("a")).toBe("signInRequired");
    expect(requireSignIn).toHaveBeenCalledTimes(1);
    expect(api.addFavourite).not.toHaveBeenCalled();
    expect(s().favourites).toEqual([]);
  });

  it("takes the client's list", () => {
    const { s } = setup();
    s().setFavourites(["c", "a"]);
    expect(s().favourites).toEqual(["c", "a"]);
  });
});
