// What a search result shows under its title: a cinema's city, a film's release year, a
// help article's topic.

import type { CinemaPayload, SearchResult } from "../../types";

/** Spec §5: 1900-01-01 means unknown. */
const UNKNOWN_YEAR = 1900;

export function resultSubtitle(result: SearchResult): string | undefined {
  if (result.type === "cinema") {
    const address = (result.payload as CinemaPayload | undefined)?.cinema?.address;
    return [address?.postalCode, address?.city].filter(Boolean).join(" ") || undefined;
  }
  if (result.type === "show") {
    const payload = result.payload as { releases?: { date?: string }[]; originalRelease?: string } | undefined;
    const years = [...(payload?.releases ?? []).map((r) => r.date), payload?.originalRelease]
      .map((d) => Number(d?.slice(0, 4)))
      .filter((y) => Number.isInteger(y) && y > UNKNOWN_YEAR);
    return years.length > 0 ? String(Math.min(...years)) : undefined;
  }
  return result.topic || undefined;
}

export const resultUrl = (result: SearchResult): string => result.url ?? result.route?.path ?? "#";
