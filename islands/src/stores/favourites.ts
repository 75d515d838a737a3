// Favourite cinemas (spec §4, §6, §8): a toggle adds a known cinema first while the list is
// below the site's limit (5 on FR and NL, 1 elsewhere) and removes a present one. A full list
// raises a warning alert whose title and subtitle carry the limit; an unknown cinema raises
// an error without message. The change shows at once and is undone if the server refuses.

import { createStore } from "zustand/vanilla";
import { limitReached, type ApiClient } from "../api/client";
import { toggleFavourite } from "../lib/client-rules";
import type { Alert } from "../types";
import type { AlertSink } from "./alerts";

export type FavouriteOutcome = "added" | "removed" | "limitReached" | "signInRequired" | "failed";

/** The error of spec §8 "unknown favourite cinema": raised without a message. */
export class UnknownCinemaError extends Error {
  constructor() {
    super();
    this.name = "UnknownCinemaError";
  }
}

export interface FavouritesState {
  favourites: string[];
  /** Cinemas whose change is on its way to the server. */
  pending: string[];
  setFavourites(slugs: string[]): void;
  toggle(slug: string): Promise<FavouriteOutcome>;
}

export interface FavouritesDeps {
  api: Pick<ApiClient, "addFavourite" | "removeFavourite">;
  /** The signed-in client's id; null when anonymous. */
  clientId: () => string | null;
  limit: number;
  isKnownCinema: (slug: string) => boolean;
  alerts: AlertSink;
  /** The limit alert's texts, carrying the number (translated by the caller). */
  limitAlert: (limit: number) => Pick<Alert, "title" | "subtitle">;
  /** Asked when an anonymous visitor toggles (opens the sign-in modal). */
  requireSignIn?: () => void;
}

export function createFavouritesStore(deps: FavouritesDeps, initial: string[] = []) {
  return createStore<FavouritesState>()((set, get) => {
    const warnLimit = (limit: number) =>
      deps.alerts.push({ level: "warning", closable: true, icon: "warning", ...deps.limitAlert(limit) });

    return {
      favourites: initial,
      pending: [],
      setFavourites: (slugs) => set({ favourites: [...slugs] }),
      async toggle(slug) {
        const clientId = deps.clientId();
        if (clientId === null) {
          deps.requireSignIn?.();
          return "signInRequired";
        }
        const before = get().favourites;
        const result = toggleFavourite(before, slug, deps.limit, deps.isKnownCinema);
        if (!result.ok) {
          if (result.reason === "unknownCinema") throw new UnknownCinemaError();
          warnLimit(result.limit);
          return "limitReached";
        }
        set((s) => ({ favourites: result.favourites, pending: [...s.pending, slug] }));
        // Only this cinema's change is undone; changes to others made meanwhile stay.
        const undo = () =>
          set((s) => {
            if (result.added) return { favourites: s.favourites.filter((f) => f !== slug) };
            if (s.favourites.includes(slug)) return s;
            return { favourites: insertAt(s.favourites, slug, before.indexOf(slug)) };
          });
        try {
          if (result.added) await deps.api.addFavourite(clientId, slug);
          else await deps.api.removeFavourite(clientId, slug);
          return result.added ? "added" : "removed";
        } catch (error) {
          undo();
          const serverLimit = limitReached(error);
          if (serverLimit !== null) {
            warnLimit(serverLimit);
            return "limitReached";
          }
          return "failed";
        } finally {
          set((s) => ({ pending: s.pending.filter((p) => p !== slug) }));
        }
      },
    };
  });
}

function insertAt(list: readonly string[], item: string, index: number): string[] {
  const at = index < 0 ? list.length : Math.min(index, list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
}

export type FavouritesStore = ReturnType<typeof createFavouritesStore>;
