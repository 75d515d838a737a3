// The client's wish list and emotion ratings (spec §4, §8): each change shows at once and is
// undone if the server call fails.

import { createStore } from "zustand/vanilla";
import type { ApiClient } from "../api/client";
import type { Emotion, Feelings } from "../types";

export type FeelingOutcome = "done" | "signInRequired" | "failed";

export interface FeelingsState {
  wishlist: string[];
  emotions: Record<string, Emotion>;
  load(feelings: Feelings): void;
  addToWishlist(show: string): Promise<FeelingOutcome>;
  removeFromWishlist(show: string): Promise<FeelingOutcome>;
  toggleWishlist(show: string): Promise<FeelingOutcome>;
  /** Sets the client's emotion for a show. */
  rate(show: string, emotion: Emotion): Promise<FeelingOutcome>;
  /** Removes the client's emotion for a show. */
  unrate(show: string): Promise<FeelingOutcome>;
}

export interface FeelingsDeps {
  api: Pick<ApiClient, "setIntention" | "setEmotion">;
  clientId: () => string | null;
  requireSignIn?: () => void;
}

export function createFeelingsStore(deps: FeelingsDeps, initial: Feelings = { wishlist: [], emotions: {} }) {
  return createStore<FeelingsState>()((set, get) => {
    // Applies `change` now, calls the server, and on failure puts back `undo`.
    async function apply(change: () => void, call: (clientId: string) => Promise<void>, undo: () => void): Promise<FeelingOutcome> {
      const clientId = deps.clientId();
      if (clientId === null) {
        deps.requireSignIn?.();
        return "signInRequired";
      }
      change();
      try {
        await call(clientId);
        return "done";
      } catch {
        undo();
        return "failed";
      }
    }

    const withWish = (show: string, on: boolean) =>
      set((s) => ({ wishlist: on ? (s.wishlist.includes(show) ? s.wishlist : [show, ...s.wishlist]) : s.wishlist.filter((w) => w !== show) }));

    const withEmotion = (show: string, emotion: Emotion | undefined) =>
      set((s) => {
        const emotions = { ...s.emotions };
        if (emotion) emotions[show] = emotion;
        else delete emotions[show];
        return { emotions };
      });

    return {
      wishlist: [...initial.wishlist],
      emotions: { ...initial.emotions },
      load: (feelings) => set({ wishlist: [...feelings.wishlist], emotions: { ...feelings.emotions } }),
      addToWishlist: (show) =>
        get().wishlist.includes(show)
          ? Promise.resolve("done")
          : apply(
          () => withWish(show, true),
          (id) => deps.api.setIntention(id, show, false),
          () => withWish(show, false),
        ),
      removeFromWishlist: (show) =>
        !get().wishlist.includes(show)
          ? Promise.resolve("done")
          : apply(
          () => withWish(show, false),
          (id) => deps.api.setIntention(id, show, true),
          () => withWish(show, true),
        ),
      toggleWishlist(show) {
        return get().wishlist.includes(show) ? get().removeFromWishlist(show) : get().addToWishlist(show);
      },
      rate(show, emotion) {
        const previous = get().emotions[show];
        return apply(
          () => withEmotion(show, emotion),
          (id) => deps.api.setEmotion(id, show, emotion, false),
          () => withEmotion(show, previous),
        );
      },
      unrate(show) {
        const previous = get().emotions[show];
        if (!previous) return Promise.resolve("done");
        return apply(
          () => withEmotion(show, undefined),
          (id) => deps.api.setEmotion(id, show, previous, true),
          () => withEmotion(show, previous),
        );
      },
    };
  });
}

export type FeelingsStore = ReturnType<typeof createFeelingsStore>;
