import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../api/client";
import { createFeelingsStore } from "./feelings";

function setup(clientId: string | null = "c1") {
  const api = {
    setIntention: vi.fn<ApiClient["setIntention"]>(async () => {}),
    setEmotion: vi.fn<ApiClient["setEmotion"]>(async () => {}),
  } satisfies Pick<ApiClient, "setIntention" | "setEmotion">;
  const requireSignIn = vi.fn();
  const store = createFeelingsStore({ api, clientId: () => clientId, requireSignIn }, { wishlist: ["alien"], emotions: { alien: "liked" } });
  return { api, requireSignIn, s: () => store.getState() };
}

describe("feelings store", () => {
  it("adds to and removes from the wish list at once", async () => {
    const { s, api } = setup();
    expect(await s().addToWishlist("dune")).toBe("done");
    expect(s().wishlist).toEqual(["dune", "alien"]);
    expect(api.setIntention).toHaveBeenCalledWith("c1", "dune", false);
    expect(await s().removeFromWishlist("alien")).toBe("done");
    expect(s().wishlist).toEqual(["dune"]);
    expect(api.setIntention).toHaveBeenLastCalledWith("c1", "alien", true);
    await s().toggleWishlist("dune");
    expect(s().wishlist).toEqual([]);
    await s().toggleWishlist("dune");
    expect(s().wishlist).toEqual(["dune"]);
  });

  it("reverts a wish-list change the server refused", async () => {
    const { s, api } = setup();
    api.setIntention.mockRejectedValueOnce(new Error("500"));
    expect(await s().addToWishlist("dune")).toBe("failed");
    expect(s().wishlist).toEqual(["alien"]);
    api.setIntention.mockRejectedValueOnce(new Error("500"));
    expect(await s().removeFromWishlist("alien")).toBe("failed");
    expect(s().wishlist).toEqual(["alien"]);
  });

  it("does nothing for an add of a listed show or a removal of an absent one", async () => {
    const { s, api } = setup();
    await s().addToWishlist("alien");
    await s().removeFromWishlist("dune");
    expect(api.setIntention).not.toHaveBeenCalled();
  });

  it("sets an emotion at once and reverts it to the previous one on failure", async () => {
    const { s, api } = setup();
    expect(await s().rate("dune", "loved")).toBe("done");
    expect(s().emotions.dune).toBe("loved");
    expect(api.setEmotion).toHaveBeenCalledWith("c1", "dune", "loved", false);
    api.setEmotion.mockRejectedValueOnce(new Error("500"));
    expect(await s().rate("alien", "disappointed")).toBe("failed");
    expect(s().emotions.alien).toBe("liked");
    api.setEmotion.mockRejectedValueOnce(new Error("500"));
    expect(await s().rate("new", "liked")).toBe("failed");
    expect("new" in s().emotions).toBe(false);
  });

  it("removes an emotion, reverting on failure", async () => {
    const { s, api } = setup();
    api.setEmotion.mockRejectedValueOnce(new Error("500"));
    expect(await s().unrate("alien")).toBe("failed");
    expect(s().emotions.alien).toBe("liked");
    expect(await s().unrate("alien")).toBe("done");
    expect(api.setEmotion).toHaveBeenLastCalledWith("c1", "alien", "liked", true);
    expect(s().emotions).toEqual({});
  });

  it("asks an anonymous visitor to sign in and changes nothing", async () => {
    const { s, api, requireSignIn } = setup(null);
    expect(await s().addToWishlist("dune")).toBe("signInRequired");
    expect(await s().rate("dune", "loved")).toBe("signInRequired");
    expect(requireSignIn).toHaveBeenCalledTimes(2);
    expect(api.setEmotion).not.toHaveBeenCalled();
    expect(s().wishlist).toEqual(["alien"]);
  });

  it("loads the client's feelings", () => {
    const { s } = setup();
    s().load({ wishlist: ["x"], emotions: { x: "loved" } });
    expect([s().wishlist, s().emotions]).toEqual([["x"], { x: "loved" }]);
  });
});
