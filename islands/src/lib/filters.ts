// URL filters of spec §2 (`/filters/date-…/tags-…`), mirroring `site/src/filters.rs` rule for
// rule so a URL the islands write is one the generator and the server read the same way:
// keys date, tags, genres, versions, localisation; `key-value` segments; lists joined by
// commas; one canonical key order when formatting; values are URL-safe slugs.

export const FILTERS_SEGMENT = "filters";

export interface Filters {
  /** Day, `YYYY-MM-DD`. */
  date: string | null;
  tags: string[];
  genres: string[];
  versions: string[];
  /** Locator slug (a cinema or a city). */
  localisation: string | null;
}

export type ListFilterKey = "tags" | "genres" | "versions";
export const LIST_KEYS: readonly ListFilterKey[] = ["tags", "genres", "versions"];

export type FilterError =
  | { kind: "empty" }
  | { kind: "malformed"; segment: string }
  | { kind: "unknownKey"; key: string }
  | { kind: "duplicateKey"; key: string }
  | { kind: "emptyValue"; key: string }
  | { kind: "badValue"; key: string; value: string }
  | { kind: "badDate"; value: string };

export type FilterResult<T> = { ok: true; value: T } | { ok: false; error: FilterError };

const ok = <T>(value: T): FilterResult<T> => ({ ok: true, value });
const err = <T>(error: FilterError): FilterResult<T> => ({ ok: false, error });

export function emptyFilters(): Filters {
  return { date: null, tags: [], genres: [], versions: [], localisation: null };
}

export function isEmptyFilters(f: Filters): boolean {
  return f.date === null && f.tags.length === 0 && f.genres.length === 0 && f.versions.length === 0 && f.localisation === null;
}

/** A route parameter value: ASCII letters, digits, `-_.~`, and not `.`, `..` or `filters`. */
export function isParamValue(value: string): boolean {
  return value !== "" && value !== "." && value !== ".." && value !== FILTERS_SEGMENT && /^[A-Za-z0-9\-_.~]+$/.test(value);
}

function parseItem(key: string, item: string): FilterResult<string> {
  if (item === "") return err({ kind: "emptyValue", key });
  if (!isParamValue(item)) return err({ kind: "badValue", key, value: item });
  return ok(item);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parseDate(value: string): FilterResult<string> {
  const shape = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  if (!shape) return err({ kind: "badDate", value });
  const [year, month, day] = [Number(shape[1]), Number(shape[2]), Number(shape[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return err({ kind: "badDate", value });
  return ok(value);
}

function parseList(key: string, value: string): FilterResult<string[]> {
  const items: string[] = [];
  for (const raw of value.split(",")) {
    const item = parseItem(key, raw);
    if (!item.ok) return item;
    if (!items.includes(item.value)) items.push(item.value);
  }
  return ok(items);
}

/** Parses the part after `/filters/` (e.g. `date-2024-05-01/tags-a,b`), keys in any order. */
export function parseFilters(part: string): FilterResult<Filters> {
  if (part === "") return err({ kind: "empty" });
  const filters = emptyFilters();
  const seen: string[] = [];
  for (const segment of part.split("/")) {
    if (segment === "") return err({ kind: "empty" });
    const dash = segment.indexOf("-");
    if (dash < 0) return err({ kind: "malformed", segment });
    const key = segment.slice(0, dash);
    const value = segment.slice(dash + 1);
    if (seen.includes(key)) return err({ kind: "duplicateKey", key });
    seen.push(key);
    if (value === "") return err({ kind: "emptyValue", key });
    switch (key) {
      case "date": {
        const date = parseDate(value);
        if (!date.ok) return date;
        filters.date = date.value;
        break;
      }
      case "tags":
      case "genres":
      case "versions": {
        const list = parseList(key, value);
        if (!list.ok) return list;
        filters[key] = list.value;
        break;
      }
      case "localisation": {
        const item = parseItem(key, value);
        if (!item.ok) return item;
        filters.localisation = item.value;
        break;
      }
      default:
        return err({ kind: "unknownKey", key });
    }
  }
  return ok(filters);
}

/** Canonical form without the leading `filters/`; empty for an empty selection. */
export function formatFilters(f: Filters): string {
  const parts: string[] = [];
  if (f.date !== null) parts.push(`date-${f.date}`);
  for (const key of LIST_KEYS) {
    if (f[key].length > 0) parts.push(`${key}-${f[key].join(",")}`);
  }
  if (f.localisation !== null) parts.push(`localisation-${f.localisation}`);
  return parts.join("/");
}

/** Checks a selection built in code with the rules of parsing (a repeat is refused too). */
export function validateFilters(f: Filters): FilterResult<Filters> {
  if (f.date !== null) {
    const date = parseDate(f.date);
    if (!date.ok) return err(date.error);
  }
  for (const key of LIST_KEYS) {
    const list = f[key];
    for (let i = 0; i < list.length; i++) {
      const item = list[i] ?? "";
      const checked = parseItem(key, item);
      if (!checked.ok) return err(checked.error);
      if (list.slice(0, i).includes(item)) return err({ kind: "badValue", key, value: item });
    }
  }
  if (f.localisation !== null) {
    const item = parseItem("localisation", f.localisation);
    if (!item.ok) return err(item.error);
  }
  return ok(f);
}

/**
 * Splits a path into its base path and its filters: `/films/filters/date-2024-05-01` →
 * `/films` and the date. Only a whole `filters` segment counts; the base of a root path is
 * `/`; a `filters` segment with nothing or garbage after it is an error.
 */
export function splitPath(path: string): FilterResult<{ base: string; filters: Filters | null }> {
  const marker = "/filters";
  let from = 0;
  for (;;) {
    const start = path.indexOf(marker, from);
    if (start < 0) return ok({ base: path, filters: null });
    const end = start + marker.length;
    if (end === path.length) return err({ kind: "empty" });
    if (path[end] === "/") {
      const parsed = parseFilters(path.slice(end + 1));
      if (!parsed.ok) return err(parsed.error);
      return ok({ base: start === 0 ? "/" : path.slice(0, start), filters: parsed.value });
    }
    from = end;
  }
}

/** The base path followed by the filters part; the base alone for an empty selection. */
export function withFilters(base: string, f: Filters): string {
  if (isEmptyFilters(f)) return base;
  return `${base.replace(/\/+$/, "")}/${FILTERS_SEGMENT}/${formatFilters(f)}`;
}
