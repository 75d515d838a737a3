// What a search result shows under its title: a cinema's city, a film's release year, a
// help article's topic.

import type { CinemaPayload, SearchResult } from "../../types";

/** Spec §5: 1900-01-01 means unknown (that day only: 1900-06-15 is a known date). */
const UNKNOWN_DATE = "1900-01-01";

export function resultSubtitle(result: SearchResult): string | undefined {
  if (result.type === "cinema") {
    const address = (result.payload as CinemaPayload | undefined)?.cinema?.address;
    return [address?.postalCode, address?.city].filter(Boolean).join(" ") || undefined;
  }
  if (result.type === "show") {
    const payload = result.payload as { releases?: { date?: string }[]; originalRelease?: string } | undefined;
    // Spec §9: the year of the earliest known date (`site::rules::release_year`).
    const years = [...(payload?.releases ?? []).map((r) => r.date), payload?.originalRelease]
      .filter((d) => d && d !== UNKNOWN_DATE)
      .map((d) => Number(d?.slice(0, 4)))
      .filter(Number.isInteger);
    return years.length > 0 ? String(Math.min(...years)) : undefined;
  }
  return result.topic || undefined;
}

export const resultUrl = (result: SearchResult): string => result.url ?? result.route?.path ?? "#";
