// Site-wide search (spec §2, §5, §9): typed input debounced, a search only from 3
// characters, results without events grouped by type with a preview and "show more", a
// per-type view with its count and a way back, and a history of the 3 latest distinct
// entries. The help centre's search (scope "faq") keeps only help articles and asks only
// when the query is longer than the minimum.

import { createStore } from "zustand/vanilla";
import { HISTORY_SIZE, pushHistory } from "../lib/history";
import { readJson, type KeyValueStore } from "../lib/storage";
import { debounce, globalTimers, type Timers } from "../lib/time";
import type { HistoryItem, SearchResult, SearchResultType } from "../types";

/** Our choice (the spec names the constant, not its value): see `site::rules::MIN_SEARCH_LENGTH`. */
export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_HISTORY_KEY = "search-history";

/** Group order of the results, and how many each group previews (spec §9). */
export const GROUPS: readonly { type: SearchResultType; preview: number }[] = [
  { type: "show", preview: 4 },
  { type: "cinema", preview: 3 },
  { type: "offer", preview: 4 },
  { type: "news", preview: 4 },
  { type: "faq", preview: 3 },
  { type: "gpxp", preview: 4 },
  { type: "master_template", preview: 4 },
];

export type SearchScope = "site" | "faq";

export interface ResultGroup {
  type: SearchResultType;
  preview: SearchResult[];
  total: number;
  /** More results than the preview: the group shows a "show more" button. */
  hasMore: boolean;
}

export interface SearchState {
  query: string;
  loading: boolean;
  failed: boolean;
  results: SearchResult[];
  /** The per-type view, when one is open. */
  type: SearchResultType | null;
  typeResults: SearchResult[];
  history: HistoryItem[];
  setQuery(query: string): void;
  /** "Show more" of a group: the per-type view with every result of that type. */
  showType(type: SearchResultType): Promise<void>;
  /** The per-type view's back arrow. */
  back(): void;
  /** A result or history entry was followed. */
  remember(item: HistoryItem): void;
  clear(): void;
}

export interface SearchDeps {
  search: (q: string, type?: SearchResultType) => Promise<SearchResult[]>;
  storage: KeyValueStore;
  timers?: Timers;
  scope?: SearchScope;
  debounceMs?: number;
}

/** Whether the query is long enough: reaching the minimum (site), exceeding it (FAQ page). */
export function searchAllowed(query: string, scope: SearchScope = "site"): boolean {
  const length = [...query.trim()].length;
  return scope === "faq" ? length > MIN_SEARCH_LENGTH : length >= MIN_SEARCH_LENGTH;
}

export function keepResult(result: SearchResult, scope: SearchScope): boolean {
  return scope === "faq" ? result.type === "faq" : result.type !== "event";
}

export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  return GROUPS.flatMap(({ type, preview }) => {
    const all = results.filter((r) => r.type === type);
    return all.length === 0 ? [] : [{ type, preview: all.slice(0, preview), total: all.length, hasMore: all.length > preview }];
  });
}

function loadHistory(storage: KeyValueStore): HistoryItem[] {
  const saved = readJson(storage, SEARCH_HISTORY_KEY);
  if (!Array.isArray(saved)) return [];
  return saved
    .filter((i): i is HistoryItem => typeof i?.title === "string" && typeof i?.url === "string")
    .slice(0, HISTORY_SIZE);
}

export function createSearchStore(deps: SearchDeps) {
  const scope = deps.scope ?? "site";
  // Every request has a number; an answer to an older one than the latest is dropped.
  let latest = 0;
  let latestType = 0;

  return createStore<SearchState>()((set, get) => {
    async function run(query: string) {
      const id = ++latest;
      set({ loading: true, failed: false });
      try {
        const found = await deps.search(query.trim(), scope === "faq" ? "faq" : undefined);
        if (id !== latest) return;
        set({ results: found.filter((r) => keepResult(r, scope)), loading: false });
      } catch {
        if (id !== latest) return;
        set({ results: [], loading: false, failed: true });
      }
    }
    const runLater = debounce(deps.timers ?? globalTimers, deps.debounceMs ?? SEARCH_DEBOUNCE_MS, run);

    return {
      query: "",
      loading: false,
      failed: false,
      results: [],
      type: null,
      typeResults: [],
      history: loadHistory(deps.storage),
      setQuery(query) {
        set({ query, type: null, typeResults: [] });
        if (searchAllowed(query, scope)) {
          runLater(query);
        } else {
          runLater.cancel();
          latest++;
          set({ results: [], loading: false, failed: false });
        }
      },
      async showType(type) {
        const query = get().query;
        set({ type, typeResults: get().results.filter((r) => r.type === type) });
        if (!searchAllowed(query, scope)) return;
        const id = ++latestType;
        try {
          const all = await deps.search(query.trim(), type);
          if (id !== latestType || get().type !== type) return;
          set({ typeResults: all.filter((r) => r.type === type && keepResult(r, scope)) });
        } catch {
          // The preview's results stay: better than an empty list.
        }
      },
      back() {
        latestType++;
        set({ type: null, typeResults: [] });
      },
      remember(item) {
        const history = pushHistory(get().history, item, (i) => i.url);
        deps.storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
        set({ history });
      },
      clear() {
        runLater.cancel();
        latest++;
        set({ query: "", results: [], type: null, typeResults: [], loading: false, failed: false });
      },
    };
  });
}

export type SearchStore = ReturnType<typeof createSearchStore>;
