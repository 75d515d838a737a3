// A schedule's selection (spec §4): the day (and the calendar's start day), the filters, kept
// in the address's `/filters/` part without navigating, the loading flag, the layout, the
// selected showtime (a season's selected showtimes: stores/season.ts).

import { createStore } from "zustand/vanilla";
import {
  emptyFilters,
  isParamValue,
  splitPath,
  validateFilters,
  withFilters,
  type Filters,
  type ListFilterKey,
} from "../lib/filters";
import type { UrlPort } from "../lib/url";

export interface ShowtimeRef {
  id: string;
  show: string;
  cinema: string;
}

export interface ScheduleLayout {
  /** The show whose showtimes are unfolded. */
  expandedShow: string | null;
}

export interface ScheduleState {
  selectedDay: string | null;
  /** First day of the calendar strip; moved only by a choice in the calendar. */
  startDay: string | null;
  filters: Filters;
  loading: boolean;
  layout: ScheduleLayout;
  selectedShowtime: ShowtimeRef | null;
  selectDay(day: string, options?: { fromCalendar?: boolean }): void;
  /** Adds or removes a value; false for a value that cannot be written in a URL. */
  toggleFilter(key: ListFilterKey, value: string): boolean;
  setLocalisation(slug: string | null): boolean;
  /** Clears the chosen tags, genres and versions (the day and the place stay). */
  resetFilters(): void;
  /** Runs a request with the loading flag on until it settles (several may overlap). */
  track<T>(request: Promise<T>): Promise<T>;
  toggleShow(show: string): void;
  selectShowtime(showtime: ShowtimeRef): void;
  clearShowtime(): void;
  routeChanged(): void;
}

/** The path without its filters part (a malformed one is cut off too). */
function basePath(pathname: string): string {
  const split = splitPath(pathname);
  if (split.ok) return split.value.base;
  const cut = pathname.indexOf("/filters");
  return cut <= 0 ? "/" : pathname.slice(0, cut);
}

export function createScheduleStore(deps: { url: UrlPort }) {
  const initial = splitPath(deps.url.read().pathname);
  const filters = (initial.ok && initial.value.filters) || emptyFilters();
  let pending = 0;

  return createStore<ScheduleState>()((set, get) => {
    // The address follows the filters: rewritten in place, query and fragment kept.
    function setFilters(next: Filters) {
      set({ filters: next });
      const { pathname, search, hash } = deps.url.read();
      const path = withFilters(basePath(pathname), next);
      if (path !== pathname) deps.url.replace(path + search + hash);
    }

    return {
      selectedDay: filters.date,
      startDay: filters.date,
      filters,
      loading: false,
      layout: { expandedShow: null },
      selectedShowtime: null,
      selectDay(day, options = {}) {
        if (!validateFilters({ ...emptyFilters(), date: day }).ok) return;
        set({ selectedDay: day, ...(options.fromCalendar ? { startDay: day } : {}) });
        setFilters({ ...get().filters, date: day });
      },
      toggleFilter(key, value) {
        if (!isParamValue(value)) return false;
        const list = get().filters[key];
        const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
        setFilters({ ...get().filters, [key]: next });
        return true;
      },
      setLocalisation(slug) {
        if (slug !== null && !isParamValue(slug)) return false;
        setFilters({ ...get().filters, localisation: slug });
        return true;
      },
      resetFilters() {
        setFilters({ ...get().filters, tags: [], genres: [], versions: [] });
      },
      async track(request) {
        pending++;
        set({ loading: true });
        try {
          return await request;
        } finally {
          pending--;
          if (pending === 0) set({ loading: false });
        }
      },
      toggleShow(show) {
        set((s) => ({ layout: { ...s.layout, expandedShow: s.layout.expandedShow === show ? null : show } }));
      },
      selectShowtime: (showtime) => set({ selectedShowtime: showtime }),
      clearShowtime: () => set({ selectedShowtime: null }),
      routeChanged() {
        set({ layout: { expandedShow: null }, selectedShowtime: null });
      },
    };
  });
}

export type ScheduleStore = ReturnType<typeof createScheduleStore>;
