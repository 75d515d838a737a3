// The film's real times on a showtime chip (issue 17), as generator/src/fragments.rs writes
// them: `data-end` (the film's end, RFC 3339, which the evening card reads) and
// `<span class="film">film ≈ 20:47–22:58</span>` first in the chip's labels. The season
// island, which writes its chips itself, uses these; the schedule island keeps the page's.

import type { Translate } from "../../lib/i18n";
import type { Showtime } from "../../types";

const clock = (at: string) => at.slice(11, 16);

/** `film ≈ 20:47–22:58`, or `film ≈ 20:47` without an end; "" without film times. */
export function filmTimes(s: Showtime, t: Translate): string {
  if (!s.filmStart) return "";
  return s.filmEnd ? t("schedule.filmTimes", { start: clock(s.filmStart), end: clock(s.filmEnd) }) : t("schedule.filmStart", { start: clock(s.filmStart) });
}

/** `<span class="film">…</span>`, or "" (`escape` as the chip's). */
export function filmLine(s: Showtime, t: Translate, escape: (text: string) => string): string {
  const text = filmTimes(s, t);
  return text ? `<span class="film">${escape(text)}</span>` : "";
}

/** ` data-end="…"`: the film's end, or "". */
export function endAttr(s: Showtime, escape: (text: string) => string): string {
  return s.filmEnd ? ` data-end="${escape(s.filmEnd)}"` : "";
}
