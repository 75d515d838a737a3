// The rules written twice, in Rust and here, held together: `site/tests/rule_cases.rs`
// writes one table of cases per rule, every output computed by the Rust rule, into
// `src/generated/rule-cases.json`; each TypeScript twin must give the same output for every
// case. Refresh the table (never by hand) with
//   UPDATE_CASES=1 cargo test -p site --test rule_cases
// Rust is the reference: when a case fails here, the TypeScript rule is the one to fix.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resultSubtitle } from "../components/search/result-text";
import { keepResult, MIN_SEARCH_LENGTH, searchAllowed, type SearchScope } from "../stores/search";
import type { HistoryItem, SearchResult, SiteCode } from "../types";
import { registrationOffered } from "../stores/client";
import { avatarInitials, DEFAULT_PHOTO_MARKER, showAvatar, toggleFavourite, type FavouriteToggle } from "./client-rules";
import {
  FILTERS_SEGMENT,
  formatFilters,
  isParamValue,
  parseFilters,
  splitPath,
  validateFilters,
  withFilters,
  type FilterError,
  type Filters,
} from "./filters";
import {
  DEFAULT_MAX_GEOLOCATION_CINEMAS,
  DEFAULT_MAX_GEOLOCATION_DISTANCE,
  distanceKm,
  effectiveLimits,
  KM_PER_NAUTICAL_MILE,
  nearestCinemas,
} from "./geo";
import { contentUrl } from "./content-url";
import { HISTORY_SIZE, pushHistory } from "./history";
import { showPasses, type ShowFilter } from "./show-filter";
import { cinemaMatches, containsFolded, fold, genreKey, postalCodeMatches } from "./text";

/** A number of the table: non-finite ones are written by name (JSON has none). */
type Num = number | "NaN" | "Infinity" | "-Infinity";
const num = (n: Num): number => (typeof n === "number" ? n : Number(n));

interface LatLon {
  lat: Num;
  lon: Num;
}
interface Limits {
  maxGeolocationDistance: Num | null;
  maxGeolocationCinemas: number | null;
}
type Result<T> = { ok: true; value: T } | { ok: false; error: FilterError };
interface Tables {
  constants: Record<string, string | number>;
  fold: { input: string; output: string }[];
  genreKey: { input: string; output: string }[];
  containsFolded: { haystack: string; query: string; output: boolean }[];
  postalCodeMatches: { typed: string; codes: string[]; output: boolean }[];
  cinemaMatches: {
    query: string;
    name: string;
    city: string;
    cityPostalCode: string | null;
    theaterPostalCode: string | null;
    output: boolean;
  }[];
  isParamValue: { input: string; output: boolean }[];
  parseFilters: { input: string; output: Result<Filters> }[];
  formatFilters: { input: Filters; output: string }[];
  validateFilters: { input: Filters; output: { ok: true } | { ok: false; error: FilterError } }[];
  splitPath: { input: string; output: Result<{ base: string; filters: Filters | null }> }[];
  withFilters: { base: string; filters: Filters; output: string }[];
  distanceKm: { a: LatLon; b: LatLon; output: number }[];
  effectiveLimits: { limits: Limits | null; output: { distance: Num; count: number } }[];
  nearestCinemas: {
    origin: LatLon;
    cinemas: { slug: string; gpsPosition: { x: Num; y: Num } | null }[];
    limits: Limits | null;
    output: { slug: string; km: number }[];
  }[];
  showPasses: { filter: ShowFilter; show: ShowFilter & { bookable: boolean }; output: boolean }[];
  pushHistory: { history: HistoryItem[]; entry: HistoryItem; max: number | null; output: HistoryItem[] }[];
  searchAllowed: { query: string; scope: SearchScope; output: boolean }[];
  keepResult: { type: SearchResult["type"]; scope: SearchScope; output: boolean }[];
  releaseYear: { releases: string[]; originalRelease: string | null; output: number | null }[];
  toggleFavourite: { current: string[]; slug: string; limit: number; known: string[]; output: FavouriteToggle }[];
  showAvatar: { input: string | null; output: boolean }[];
  avatarInitials: { firstName: string; lastName: string; output: string }[];
  registrationOffered: { site: SiteCode; output: boolean }[];
  contentUrl: { input: string; output: string | null }[];
}

const tables = JSON.parse(readFileSync(new URL("../generated/rule-cases.json", import.meta.url), "utf8")) as Tables;

/** A case's name: its inputs as JSON (control and invisible characters escaped), cut short. */
function label(inputs: object): string {
  const text = JSON.stringify(inputs).replace(/[^\x20-\x7e\u00a1-\u024f]/gu, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** The table's cases as `[name, case]` rows for `it.each`. */
function rows<C extends { output: unknown }>(cases: C[]): [string, C][] {
  return cases.map((c) => {
    const inputs: Record<string, unknown> = { ...c };
    delete inputs.output;
    return [label(inputs), c];
  });
}

/**
 * One test per case of `cases`: `check` must hold. No case is skipped: where JavaScript and
 * Rust's standard library disagree (blanks: `trim()` and `\s` take U+FEFF, not U+0085; case:
 * `toLowerCase()` is Unicode's), the Rust rules follow JavaScript (`site::text::is_blank`,
 * `to_lowercase`), see islands/README.md, "Rule cases".
 */
function eachCase<C extends { output: unknown }>(cases: C[], check: (c: C) => void) {
  it.each(rows(cases))("%s", (_, c) => check(c));
}

/** Distances are kilometres rounded to the metre in the table: they agree within a metre. */
const closeKm = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.001);

const limits = (l: Limits | null) =>
  l && { maxGeolocationDistance: l.maxGeolocationDistance === null ? null : num(l.maxGeolocationDistance), maxGeolocationCinemas: l.maxGeolocationCinemas };

describe("rule cases", () => {
  it("are all there", () => {
    for (const [name, table] of Object.entries(tables)) {
      if (Array.isArray(table)) expect(table.length, name).toBeGreaterThan(0);
    }
  });

  it("share the constants", () => {
    expect({
      FILTERS_SEGMENT,
      HISTORY_SIZE,
      MIN_SEARCH_LENGTH,
      KM_PER_NAUTICAL_MILE,
      DEFAULT_MAX_GEOLOCATION_CINEMAS,
      DEFAULT_MAX_GEOLOCATION_DISTANCE,
      DEFAULT_PHOTO_MARKER,
    }).toEqual(tables.constants);
  });
});

describe("registrationOffered ↔ site::Site::offers_registration", () => {
  eachCase(tables.registrationOffered, (c) => expect(registrationOffered(c.site)).toBe(c.output));
});

describe("fold ↔ site::text::fold", () => {
  eachCase(tables.fold, (c) => expect(fold(c.input)).toBe(c.output));
});

describe("genreKey ↔ site::text::genre_key", () => {
  eachCase(tables.genreKey, (c) => expect(genreKey(c.input)).toBe(c.output));
});

describe("containsFolded ↔ site::text::contains_folded", () => {
  eachCase(tables.containsFolded, (c) => expect(containsFolded(c.haystack, c.query)).toBe(c.output));
});

describe("postalCodeMatches ↔ site::text::postal_code_matches", () => {
  eachCase(tables.postalCodeMatches, (c) => expect(postalCodeMatches(c.typed, c.codes)).toBe(c.output));
});

describe("cinemaMatches ↔ site::rules::cinema_matches", () => {
  eachCase(tables.cinemaMatches, (c) =>
    expect(cinemaMatches(c.query, { name: c.name, city: c.city }, [c.cityPostalCode, c.theaterPostalCode])).toBe(c.output),
  );
});

describe("isParamValue ↔ site::routes::is_param_value", () => {
  eachCase(tables.isParamValue, (c) => expect(isParamValue(c.input)).toBe(c.output));
});

describe("parseFilters ↔ site::filters::Filters::parse", () => {
  eachCase(tables.parseFilters, (c) => expect(parseFilters(c.input)).toEqual(c.output));
});

describe("formatFilters ↔ site::filters::Filters::format", () => {
  eachCase(tables.formatFilters, (c) => expect(formatFilters(c.input)).toBe(c.output));
});

describe("validateFilters ↔ site::filters::Filters::validate", () => {
  eachCase(tables.validateFilters, (c) => {
    const checked = validateFilters(c.input);
    expect(checked.ok ? { ok: true } : checked).toEqual(c.output);
  });
});

describe("splitPath ↔ site::filters::split_path", () => {
  eachCase(tables.splitPath, (c) => expect(splitPath(c.input)).toEqual(c.output));
});

describe("withFilters ↔ site::filters::with_filters", () => {
  eachCase(tables.withFilters, (c) => expect(withFilters(c.base, c.filters)).toBe(c.output));
});

describe("distanceKm ↔ site::rules::distance_km", () => {
  eachCase(tables.distanceKm, (c) =>
    closeKm(distanceKm({ lat: num(c.a.lat), lon: num(c.a.lon) }, { lat: num(c.b.lat), lon: num(c.b.lon) }), c.output),
  );
});

describe("effectiveLimits ↔ site::rules::effective_locator_limits", () => {
  eachCase(tables.effectiveLimits, (c) =>
    expect(effectiveLimits(limits(c.limits))).toEqual({ distance: num(c.output.distance), count: c.output.count }),
  );
});

describe("nearestCinemas ↔ site::rules::nearest_cinemas_in", () => {
  eachCase(tables.nearestCinemas, (c) => {
    const cinemas = c.cinemas.map(({ slug, gpsPosition: p }) => ({ slug, gpsPosition: p && { x: num(p.x), y: num(p.y) } }));
    const near = nearestCinemas({ lat: num(c.origin.lat), lon: num(c.origin.lon) }, cinemas, limits(c.limits));
    expect(near.map((n) => n.slug)).toEqual(c.output.map((n) => n.slug));
    near.forEach((n, i) => closeKm(n.km, c.output[i]?.km ?? NaN));
  });
});

describe("showPasses ↔ site::rules::show_passes", () => {
  eachCase(tables.showPasses, (c) => expect(showPasses(c.filter, c.show)).toBe(c.output));
});

describe("pushHistory ↔ site::rules::push_history_item / push_history_by", () => {
  eachCase(tables.pushHistory, (c) => {
    const byUrl = (i: HistoryItem) => i.url;
    const next = c.max === null ? pushHistory(c.history, c.entry, byUrl) : pushHistory(c.history, c.entry, byUrl, c.max);
    expect(next).toEqual(c.output);
  });
});

describe("searchAllowed ↔ site::rules::search_allowed / faq_search_allowed", () => {
  eachCase(tables.searchAllowed, (c) => expect(searchAllowed(c.query, c.scope)).toBe(c.output));
});

describe("keepResult ↔ site::rules::keep_search_result / keep_faq_result", () => {
  eachCase(tables.keepResult, (c) => {
    const result: SearchResult = { id: "1", type: c.type, slug: "s", title: "t" };
    expect(keepResult(result, c.scope)).toBe(c.output);
  });
});

describe("a show result's year (resultSubtitle) ↔ site::rules::release_year", () => {
  eachCase(tables.releaseYear, (c) => {
    const payload = { releases: c.releases.map((date) => ({ date, zone: "FR" })), originalRelease: c.originalRelease };
    const result: SearchResult = { id: "1", type: "show", slug: "dune", title: "Dune", payload };
    expect(resultSubtitle(result)).toBe(c.output === null ? undefined : String(c.output));
  });
});

describe("toggleFavourite ↔ site::rules::toggle_favourite", () => {
  eachCase(tables.toggleFavourite, (c) =>
    expect(toggleFavourite(c.current, c.slug, c.limit, (s) => c.known.includes(s))).toEqual(c.output),
  );
});

describe("showAvatar ↔ site::rules::show_avatar", () => {
  eachCase(tables.showAvatar, (c) => expect(showAvatar(c.input)).toBe(c.output));
});

describe("avatarInitials ↔ site::rules::avatar_initials", () => {
  eachCase(tables.avatarInitials, (c) => expect(avatarInitials(c.firstName, c.lastName)).toBe(c.output));
});

describe("contentUrl ↔ site::escape::content_url", () => {
  eachCase(tables.contentUrl, (c) => expect(contentUrl(c.input)).toBe(c.output));
});
