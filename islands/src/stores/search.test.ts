import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, memoryStore } from "../testing/fakes";
import type { SearchAnswer, SearchResult, SearchResultType } from "../types";
import { createSearchStore, groupAnswer, SEARCH_DEBOUNCE_MS, SEARCH_HISTORY_KEY, searchAllowed, type SearchDeps } from "./search";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const result = (type: SearchResultType, n: number): SearchResult => ({ id: `${type}-${n}`, type, slug: `${type}-${n}`, title: `${type} ${n}` });
const many = (type: SearchResultType, count: number) => Array.from({ length: count }, (_, i) => result(type, i));

/** The API's answer for these results: grouped by type, every result sent, totals counted. */
function grouped(results: SearchResult[], totals: Partial<Record<SearchResultType, number>> = {}): SearchAnswer {
  const types = [...new Set(results.map((r) => r.type))];
  return { query: "", groups: types.map((type) => ({ type, total: totals[type] ?? results.filter((r) => r.type === type).length, items: results.filter((r) => r.type === type) })) };
}

/** A store whose search answers with `answer`'s results (a promise, to hold or fail an answer). */
function setup(answer: (q: string, type?: SearchResultType) => SearchResult[] | Promise<SearchResult[]>, overrides: Partial<SearchDeps> = {}) {
  const search = vi.fn(async (q: string, type?: SearchResultType) => grouped(await answer(q, type)));
  const storage = memoryStore();
  const store = createSearchStore({ search, storage, ...overrides });
  return { search, storage, s: () => store.getState() };
}

async function settle(ms = SEARCH_DEBOUNCE_MS) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe("search store", () => {
  it("debounces typing into one request with the last query", async () => {
    const { s, search } = setup(() => [result("show", 1)]);
    s().setQuery("dun");
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    s().setQuery("dune");
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledExactlyOnceWith("dune");
    expect(s().results).toHaveLength(1);
    expect(s().loading).toBe(false);
  });

  it("searches only from 3 characters and clears results below", async () => {
    const { s, search } = setup(() => [result("show", 1)]);
    s().setQuery("du");
    await settle();
    expect(search).not.toHaveBeenCalled();
    s().setQuery("dun");
    await settle();
    expect(s().results).toHaveLength(1);
    s().setQuery("du");
    expect(s().results).toEqual([]);
    await settle();
    expect(search).toHaveBeenCalledTimes(1);
    expect(searchAllowed(" ab ")).toBe(false);
    expect(searchAllowed("évr")).toBe(true);
  });

  it("drops results of type event", async () => {
    const { s } = setup(() => [result("event", 1), result("show", 1), result("cinema", 1)]);
    s().setQuery("lumen");
    await settle();
    expect(s().results.map((r) => r.type)).toEqual(["show", "cinema"]);
  });

  it("keeps only help articles in the FAQ scope, asking only past the minimum", async () => {
    const { s, search } = setup(() => [result("faq", 1), result("show", 1), result("event", 1)], { scope: "faq" });
    s().setQuery("abc");
    await settle();
    expect(search).not.toHaveBeenCalled();
    s().setQuery("abcd");
    await settle();
    expect(search).toHaveBeenCalledWith("abcd");
    expect(s().results.map((r) => r.type)).toEqual(["faq"]);
  });

  it("groups an answer by type with previews, the server's totals and a show-more flag", () => {
    const answer = grouped([...many("news", 5), ...many("cinema", 3), ...many("show", 6), ...many("faq", 4), ...many("offer", 1), ...many("event", 2)], { show: 40 });
    answer.groups.push({ type: "gpxp", total: 0, items: [] });
    expect(groupAnswer(answer).map((g) => [g.type, g.preview.length, g.total, g.hasMore])).toEqual([
      ["show", 4, 40, true],
      ["cinema", 3, 3, false],
      ["offer", 1, 1, false],
      ["news", 4, 5, true],
      ["faq", 3, 4, true],
    ]);
    expect(groupAnswer(answer, "faq").map((g) => g.type)).toEqual(["faq"]);
  });

  it("counts every match, not only the previews", async () => {
    const { s } = setup(() => [...many("show", 6), ...many("cinema", 1)]);
    s().setQuery("lumen");
    await settle();
    expect([s().results.length, s().total]).toEqual([5, 7]);
  });

  it("opens a per-type view with every result and its count, and goes back", async () => {
    const { s, search } = setup((_q, type) => (type ? many(type, 9) : [...many("show", 5), ...many("news", 2)]));
    s().setQuery("dune");
    await settle();
    const pending = s().showType("show");
    expect([s().type, s().typeResults.length, s().typeTotal]).toEqual(["show", 4, 5]);
    await pending;
    expect(search).toHaveBeenLastCalledWith("dune", "show");
    expect([s().typeResults.length, s().typeTotal]).toEqual([9, 9]);
    s().back();
    expect([s().type, s().typeResults]).toEqual([null, []]);
    expect(s().results).toHaveLength(6);
  });

  it("ignores an answer that comes after a newer query", async () => {
    const slow = deferred<SearchResult[]>();
    const { s } = setup(async (q) => (q === "first" ? slow.promise : [result("news", 2)]));
    s().setQuery("first");
    await settle();
    s().setQuery("second");
    await settle();
    slow.resolve([result("show", 1)]);
    await vi.runAllTimersAsync();
    expect(s().results.map((r) => r.id)).toEqual(["news-2"]);
  });

  it("shows nothing and a failure flag when the search fails", async () => {
    const { s } = setup(() => Promise.reject(new Error("down")));
    s().setQuery("dune");
    await settle();
    expect([s().results, s().failed, s().loading]).toEqual([[], true, false]);
  });

  it("keeps the 3 latest distinct history entries, stored", () => {
    const { s, storage } = setup(() => []);
    for (const n of [1, 2, 1, 3, 4]) s().remember({ title: `T${n}`, url: `/u${n}` });
    expect(s().history.map((h) => h.url)).toEqual(["/u4", "/u3", "/u1"]);
    expect(JSON.parse(storage.getItem(SEARCH_HISTORY_KEY) ?? "[]")).toHaveLength(3);
    const again = createSearchStore({ search: () => Promise.resolve(grouped([])), storage });
    expect(again.getState().history.map((h) => h.url)).toEqual(["/u4", "/u3", "/u1"]);
  });

  it("reads back at most 3 well-formed stored entries", () => {
    const stored = [{ title: "A", url: "/a" }, { nope: 1 }, { title: "B", url: "/b" }, { title: "C", url: "/c" }, { title: "D", url: "/d" }];
    const storage = memoryStore({ [SEARCH_HISTORY_KEY]: JSON.stringify(stored) });
    const store = createSearchStore({ search: () => Promise.resolve(grouped([])), storage });
    expect(store.getState().history.map((h) => h.url)).toEqual(["/a", "/b", "/c"]);
    const garbage = createSearchStore({ search: () => Promise.resolve(grouped([])), storage: memoryStore({ [SEARCH_HISTORY_KEY]: "{oops" }) });
    expect(garbage.getState().history).toEqual([]);
  });

  it("clears the query, the results and any pending request", async () => {
    const { s, search } = setup(() => [result("show", 1)]);
    s().setQuery("dune");
    s().clear();
    await settle();
    expect(search).not.toHaveBeenCalled();
    expect([s().query, s().results]).toEqual(["", []]);
  });
});
