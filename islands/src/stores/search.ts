// Site-wide search (spec §2, §5, §9): typed input debounced, a search only from 3
// characters, results without events grouped by type with a preview and "show more", a
// per-type view with its count and a way back, and a history of the 3 latest distinct
// entries. The help centre's search (scope "faq") keeps only help articles and asks only
// when the query is longer than the minimum. The API answers groups with their totals
// (`/search/full`); asked for one type, it answers all of that type.

import { createStore } from "zustand/vanilla";
import { HISTORY_SIZE, pushHistory } from "../lib/history";
import { readJson, type KeyValueStore } from "../lib/storage";
import { debounce, globalTimers, type Timers } from "../lib/time";
import type { HistoryItem, SearchAnswer, SearchResult, SearchResultType } from "../types";

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
  /** The groups with results, in the modal's order. */
  groups: ResultGroup[];
  /** Every result shown (the groups' previews, in order). */
  results: SearchResult[];
  /** How many results match in all, previews or not. */
  total: number;
  /** The per-type view, when one is open. */
  type: SearchResultType | null;
  typeResults: SearchResult[];
  /** How many results the per-type view has. */
  typeTotal: number;
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
  /** The search call (`ApiClient.search` with the scope); `type` asks for all of one type. */
  search: (q: string, type?: SearchResultType) => Promise<SearchAnswer>;
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

/**
 * The groups to show from an answer: in the modal's order, empty ones and dropped types left
 * out, each preview cut to its size (spec §9), `hasMore` when the total is larger.
 */
export function groupAnswer(answer: SearchAnswer, scope: SearchScope = "site"): ResultGroup[] {
  return GROUPS.flatMap(({ type, preview }) => {
    const group = answer.groups.find((g) => g.type === type);
    const items = (group?.items ?? []).filter((r) => r.type === type && keepResult(r, scope)).slice(0, preview);
    if (!group || items.length === 0) return [];
    const total = Math.max(group.total, items.length);
    return [{ type, preview: items, total, hasMore: total > items.length }];
  });
}

function loadHistory(storage: KeyValueStore): HistoryItem[] {
  const saved = readJson(storage, SEARCH_HISTORY_KEY);
  if (!Array.isArray(saved)) return [];
  return saved
    .filter((i: Partial<Record<keyof HistoryItem, unknown>> | null | undefined): i is HistoryItem => typeof i?.title === "string" && typeof i?.url === "string")
    .slice(0, HISTORY_SIZE);
}

const shown = (groups: ResultGroup[]) => ({
  groups,
  results: groups.flatMap((g) => g.preview),
  total: groups.reduce((sum, g) => sum + g.total, 0),
});

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
        const groups = groupAnswer(await deps.search(query.trim()), scope);
        if (id !== latest) return;
        set({ ...shown(groups), loading: false });
      } catch {
        if (id !== latest) return;
        set({ ...shown([]), loading: false, failed: true });
      }
    }
    // `run` settles every request itself (failures included): nothing to wait for here.
    const runLater = debounce(deps.timers ?? globalTimers, deps.debounceMs ?? SEARCH_DEBOUNCE_MS, (query: string) => void run(query));

    return {
      query: "",
      loading: false,
      failed: false,
      ...shown([]),
      type: null,
      typeResults: [],
      typeTotal: 0,
      history: loadHistory(deps.storage),
      setQuery(query) {
        set({ query, type: null, typeResults: [], typeTotal: 0 });
        if (searchAllowed(query, scope)) {
          runLater(query);
        } else {
          runLater.cancel();
          latest++;
          set({ ...shown([]), loading: false, failed: false });
        }
      },
      async showType(type) {
        const query = get().query;
        const group = get().groups.find((g) => g.type === type);
        set({ type, typeResults: group?.preview ?? [], typeTotal: group?.total ?? 0 });
        if (!searchAllowed(query, scope)) return;
        const id = ++latestType;
        try {
          const answer = await deps.search(query.trim(), type);
          if (id !== latestType || get().type !== type) return;
          const all = answer.groups.find((g) => g.type === type);
          const items = (all?.items ?? []).filter((r) => r.type === type && keepResult(r, scope));
          set({ typeResults: items, typeTotal: Math.max(all?.total ?? 0, items.length) });
        } catch {
          // The preview's results stay: better than an empty list.
        }
      },
      back() {
        latestType++;
        set({ type: null, typeResults: [], typeTotal: 0 });
      },
      remember(item) {
        const history = pushHistory(get().history, item, (i) => i.url);
        deps.storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
        set({ history });
      },
      clear() {
        runLater.cancel();
        latest++;
        set({ query: "", ...shown([]), type: null, typeResults: [], typeTotal: 0, loading: false, failed: false });
      },
    };
  });
}

export type SearchStore = ReturnType<typeof createSearchStore>;
