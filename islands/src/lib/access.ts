// The access sheet's filter (issue 17 item 5): audio description, subtitles for the deaf and
// hard of hearing, wheelchair access are tags of the URL filters (`/filters/tags-audiodesc`),
// the one filter system of the schedules (stores/schedule.ts); a schedule's one-tap toggles
// add and remove them. Their rule goes further than spec §5's show rule (a show passes with
// one chosen tag): with accessibility tags chosen, a screening shows only when its chip
// carries every one of them (`data-tags`: the showtime's tags and its accessibility icons,
// as fragments.rs writes them) — a visitor who needs audio description needs it at that
// screening, not at another of the same film. The toggles: Schedule.tsx `AccessToggles`; the
// details' Access section: components/schedule/access-sheet.ts (on demand).

/** The accessibility tags, in the order the toggles and chips show them. */
export const ACCESS = ["audiodesc", "hearing-impaired", "pmr"] as const;
export type AccessTag = (typeof ACCESS)[number];

/** The accessibility tags among chosen tags (or a schedule's tag options' values), in `ACCESS` order. */
export const accessChosen = (tags: readonly string[]): AccessTag[] => ACCESS.filter((a) => tags.includes(a));

/** Whether a screening with `tags` (its chip's `data-tags`) passes the chosen accessibility tags. */
export const chipPasses = (tags: readonly string[], chosen: readonly string[]) => chosen.every((c) => tags.includes(c));

/** The screenings shown (`li.st` with nothing hidden above it; `container` is never inside a hidden element). */
export const shownScreenings = (container: Element) => [...container.querySelectorAll("li.st")].filter((chip) => !chip.closest("[hidden]")).length;
