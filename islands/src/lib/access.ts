// The access sheet's filter (issue 17 item 5): audio description, subtitles for the deaf and
// hard of hearing, wheelchair access are tags of the URL filters (`/filters/tags-audiodesc`),
// the one filter system of the schedules (stores/schedule.ts); a schedule's one-tap toggles
// add and remove them. Their rule goes further than spec §5's show rule (a show passes with
// one chosen tag): with accessibility tags chosen, a screening shows only when its chip
// carries every one of them (`data-tags`: the showtime's tags and its accessibility icons,
// as fragments.rs writes them) — a visitor who needs audio description needs it at that
// screening, not at another of the same film.

/** The accessibility tags, in the order the toggles and chips show them. */
export const ACCESS = ["audiodesc", "hearing-impaired", "pmr"] as const;
export type AccessTag = (typeof ACCESS)[number];

/** The accessibility tags among chosen tags (compared ignoring case), in `ACCESS` order. */
export function accessChosen(tags: readonly string[]): AccessTag[] {
  const chosen = tags.map((t) => t.trim().toLowerCase());
  return ACCESS.filter((a) => chosen.includes(a));
}

/** Whether a screening with `tags` (its chip's `data-tags`) passes the chosen accessibility tags. */
export function chipPasses(tags: readonly string[], chosen: readonly string[]): boolean {
  const own = tags.map((t) => t.trim().toLowerCase());
  return chosen.every((c) => own.includes(c));
}

/** The accessibility tags offered by a schedule's tag filter options, in `ACCESS` order. */
export function accessOffered(options: readonly { value: string }[] | undefined): AccessTag[] {
  return accessChosen((options ?? []).map((o) => o.value));
}

/** The screenings shown (`li.st` with nothing hidden between it and `container`). */
export function shownScreenings(container: Element): number {
  let n = 0;
  for (const chip of container.querySelectorAll("li.st")) {
    const hidden = chip.closest("[hidden]");
    if (!hidden || !container.contains(hidden)) n++;
  }
  return n;
}
