// A season page's showtime selection (spec §4 "Seasons: selected showtimes can be added,
// removed, replaced or cleared; cleared on route change or on switching to cinema mode"):
// the screenings a visitor picks to book together, one per show at most (a season pass
// holds each show once: picking another screening of a show replaces the one selected).
// The selection belongs to one cinema: choosing another cinema (the locator's cinema mode,
// or the page's picker) clears it, as does a route change (the page shown again from the
// back-forward cache).

import { createStore } from "zustand/vanilla";

/** A selected screening: what the selection panel shows and books. */
export interface SelectedShowtime {
  id: string;
  /** The show's slug: one screening per show. */
  show: string;
  /** The show's title and the screening's date and time, as the page words them. */
  title: string;
  when: string;
  /** The booking tunnel (empty: not bookable any more). */
  bookingUrl: string;
}

export interface SeasonState {
  /** The cinema whose screenings the page shows (slug), if any. */
  cinema: string | null;
  selected: SelectedShowtime[];
  /** Shows another cinema's screenings: the selection is cleared when it changes. */
  chooseCinema(slug: string | null): void;
  /** Adds a screening (nothing when already selected). */
  add(showtime: SelectedShowtime): void;
  remove(id: string): void;
  /** Puts `next` in the place of the screening `id` (added when `id` is not selected). */
  replace(id: string, next: SelectedShowtime): void;
  clear(): void;
  /** A screening's button: unselects it, else replaces the show's selected one, else adds it. */
  toggle(showtime: SelectedShowtime): void;
  /** A route change (spec §4): the selection goes. */
  routeChanged(): void;
}

export function createSeasonStore() {
  return createStore<SeasonState>()((set, get) => ({
    cinema: null,
    selected: [],
    chooseCinema(slug) {
      if (slug === get().cinema) return;
      set({ cinema: slug, selected: [] });
    },
    add(showtime) {
      if (get().selected.some((s) => s.id === showtime.id)) return;
      set({ selected: [...get().selected, showtime] });
    },
    remove(id) {
      set({ selected: get().selected.filter((s) => s.id !== id) });
    },
    replace(id, next) {
      const selected = get().selected.filter((s) => s.id !== next.id || s.id === id);
      const at = selected.findIndex((s) => s.id === id);
      if (at < 0) set({ selected: [...selected, next] });
      else set({ selected: selected.map((s, i) => (i === at ? next : s)) });
    },
    clear() {
      set({ selected: [] });
    },
    toggle(showtime) {
      const { selected } = get();
      if (selected.some((s) => s.id === showtime.id)) return get().remove(showtime.id);
      const same = selected.find((s) => s.show === showtime.show);
      if (same) get().replace(same.id, showtime);
      else get().add(showtime);
    },
    routeChanged() {
      get().clear();
    },
  }));
}

export type SeasonStore = ReturnType<typeof createSeasonStore>;
