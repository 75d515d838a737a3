// The URL filters must read and write exactly as `site/src/filters.rs` does: these cases are
// the Rust tests' (site/tests/filters.rs), case for case.
import { describe, expect, it } from "vitest";
import { emptyFilters, formatFilters, parseFilters, splitPath, validateFilters, withFilters, type Filters } from "./filters";

const full = (): Filters => ({
  date: "2024-05-01",
  tags: ["imax", "4DXSCREENX", "avp-equipe"],
  genres: ["science-fiction", "drama"],
  versions: ["vf", "vost"],
  localisation: "lumen-opera",
});
const FULL_TEXT =
  "date-2024-05-01/tags-imax,4DXSCREENX,avp-equipe/genres-science-fiction,drama/versions-vf,vost/localisation-lumen-opera";

describe("URL filters", () => {
  it("parses every key", () => {
    expect(parseFilters(FULL_TEXT)).toEqual({ ok: true, value: full() });
  });

  it("formats canonically and round-trips", () => {
    expect(formatFilters(full())).toBe(FULL_TEXT);
    expect(validateFilters(full()).ok).toBe(true);
    const shuffled = parseFilters(
      "localisation-lumen-opera/versions-vf,vost/tags-imax,4DXSCREENX,avp-equipe/genres-science-fiction,drama/date-2024-05-01",
    );
    expect(shuffled).toEqual({ ok: true, value: full() });
    for (const text of ["date-2030-12-31", "tags-a", "genres-x,y", "versions-vo", "localisation-paris", "tags-b/localisation-lyon"]) {
      const parsed = parseFilters(text);
      if (!parsed.ok) throw new Error(text);
      expect(formatFilters(parsed.value)).toBe(text);
    }
    const repeated = parseFilters("tags-a,b,a");
    expect(repeated.ok && repeated.value.tags).toEqual(["a", "b"]);
  });

  it("formats an empty selection to nothing", () => {
    expect(formatFilters(emptyFilters())).toBe("");
    expect(withFilters("/films", emptyFilters())).toBe("/films");
    expect(withFilters("/", emptyFilters())).toBe("/");
  });

  it.each([
    ["", { kind: "empty" }],
    ["/", { kind: "empty" }],
    ["tags-a/", { kind: "empty" }],
    ["tags-a//genres-b", { kind: "empty" }],
    ["garbage", { kind: "malformed", segment: "garbage" }],
    ["colour-red", { kind: "unknownKey", key: "colour" }],
    ["-x", { kind: "unknownKey", key: "" }],
    ["TAGS-a", { kind: "unknownKey", key: "TAGS" }],
    ["tags-", { kind: "emptyValue", key: "tags" }],
    ["tags-a,,b", { kind: "emptyValue", key: "tags" }],
    ["tags-a,", { kind: "emptyValue", key: "tags" }],
    ["localisation-", { kind: "emptyValue", key: "localisation" }],
    ["tags-a/tags-b", { kind: "duplicateKey", key: "tags" }],
    ["date-2024-05-01/date-2024-05-02", { kind: "duplicateKey", key: "date" }],
    ["date-2024-13-01", { kind: "badDate", value: "2024-13-01" }],
    ["date-2024-02-30", { kind: "badDate", value: "2024-02-30" }],
    ["date-2024-5-1", { kind: "badDate", value: "2024-5-1" }],
    ["date-20240501", { kind: "badDate", value: "20240501" }],
    ["date-tomorrow", { kind: "badDate", value: "tomorrow" }],
    ["date-2024-05-01T10:00", { kind: "badDate", value: "2024-05-01T10:00" }],
    ["date-+024-05-01", { kind: "badDate", value: "+024-05-01" }],
    ["tags-a b", { kind: "badValue", key: "tags", value: "a b" }],
    ["tags-a;b", { kind: "badValue", key: "tags", value: "a;b" }],
    ["tags-caf%C3%A9", { kind: "badValue", key: "tags", value: "caf%C3%A9" }],
    ["localisation-a,b", { kind: "badValue", key: "localisation", value: "a,b" }],
    ["localisation-é", { kind: "badValue", key: "localisation", value: "é" }],
    ["genres-..", { kind: "badValue", key: "genres", value: ".." }],
  ])("refuses %j", (text, error) => {
    expect(parseFilters(text)).toEqual({ ok: false, error });
  });

  it("refuses odd characters and leap-day mistakes", () => {
    for (const text of ["\u0000", "date-\u{1F600}", "tags-\u0301", "ééé-ééé", "date-2024-05-0\u00e9", "date-2023-02-29"]) {
      expect(parseFilters(text).ok).toBe(false);
    }
    expect(parseFilters("date-2024-02-29").ok).toBe(true);
    expect(validateFilters({ ...emptyFilters(), tags: ["a b"] }).ok).toBe(false);
    expect(validateFilters({ ...emptyFilters(), genres: ["x", "x"] }).ok).toBe(false);
    expect(validateFilters({ ...emptyFilters(), date: "2024-02-30" }).ok).toBe(false);
  });

  it("splits the filters segment off a path", () => {
    expect(splitPath("/films")).toEqual({ ok: true, value: { base: "/films", filters: null } });
    expect(splitPath("/")).toEqual({ ok: true, value: { base: "/", filters: null } });
    const split = splitPath("/films/filters/date-2024-05-01/tags-imax");
    expect(split).toEqual({ ok: true, value: { base: "/films", filters: { ...emptyFilters(), date: "2024-05-01", tags: ["imax"] } } });
    const base = (p: string) => {
      const s = splitPath(p);
      return s.ok ? s.value.base : null;
    };
    expect(base("/filters/tags-a")).toBe("/");
    expect(base("/en/filters/tags-a")).toBe("/en");
    expect(base("/de/kinos/stadt/zurich/filters/localisation-x")).toBe("/de/kinos/stadt/zurich");
    expect(splitPath("/info/my-filters")).toEqual({ ok: true, value: { base: "/info/my-filters", filters: null } });
    expect(splitPath("/info/filters-guide")).toEqual({ ok: true, value: { base: "/info/filters-guide", filters: null } });
    expect(splitPath("/info/xfilters/tags-a")).toEqual({ ok: true, value: { base: "/info/xfilters/tags-a", filters: null } });
    expect(splitPath("/films/filters")).toEqual({ ok: false, error: { kind: "empty" } });
    expect(splitPath("/films/filters/")).toEqual({ ok: false, error: { kind: "empty" } });
    expect(splitPath("/films/filters/nope").ok).toBe(false);
    expect(splitPath("/films/filters/tags-a/filters/tags-b").ok).toBe(false);
  });

  it("joins and splits as inverses", () => {
    for (const base of ["/", "/films", "/en/movie/dune-2", "/nl/bioscopen/stad/amsterdam"]) {
      const url = withFilters(base, full());
      expect(url).toContain("/filters/date-2024-05-01/tags-");
      expect(url).not.toContain("//");
      expect(splitPath(url)).toEqual({ ok: true, value: { base, filters: full() } });
    }
    expect(withFilters("/films", { ...emptyFilters(), tags: ["a", "b"] })).toBe("/films/filters/tags-a,b");
  });
});
