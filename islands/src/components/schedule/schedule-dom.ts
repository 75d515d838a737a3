// The schedule's server markup as the schedule island reads and changes it (generator:
// fragments.rs). Under the schedule's section, one `<section class="day"
// aria-labelledby="day-YYYY-MM-DD">` per day; in it, `li.schedule-show` per show (with
// `data-genres`, `data-tags`, and `data-bookable="false"` when not bookable), one
// `ul.showtimes[data-version]` per version (after its `p.version` label), and `li.st`
// per showtime (`data-id`, `data-tags`; a bookable one holds the booking link).

import { accessChosen, chipPasses } from "../../lib/access";
import { isFiltering, showPasses, type ShowFilter } from "../../lib/show-filter";

const list = (value: string | undefined) => (value ? value.split(",").filter(Boolean) : []);

export const daySections = (container: ParentNode) => [...container.querySelectorAll<HTMLElement>("section.day")];

/** The day (YYYY-MM-DD) of a day section, from its heading's id. */
export const dayOf = (section: HTMLElement) => section.getAttribute("aria-labelledby")?.replace(/^day-/, "") ?? "";

/** The day sections become tab panels; only the selected day shows. */
export function showDay(container: ParentNode, day: string): void {
  for (const section of daySections(container)) {
    const date = dayOf(section);
    section.id ||= `panel-${date}`;
    section.setAttribute("role", "tabpanel");
    section.hidden = date !== day;
  }
}

/**
 * Hides the shows the filter refuses (and, when versions are chosen, the other versions; when
 * accessibility tags are, the screenings without them); returns how many shows each day keeps
 * — with accessibility tags chosen, how many screenings (lib/access.ts).
 */
export function filterShows(container: ParentNode, filter: ShowFilter, emptyText: string): Map<string, number> {
  const kept = new Map<string, number>();
  const active = isFiltering(filter);
  const access = accessChosen(filter.tags);
  for (const section of daySections(container)) {
    let count = 0;
    for (const show of section.querySelectorAll<HTMLElement>("li.schedule-show")) {
      const groups = [...show.querySelectorAll<HTMLElement>("ul.showtimes")];
      const versions = groups.map((g) => g.dataset.version ?? "").filter(Boolean);
      const tags = [...list(show.dataset.tags), ...[...show.querySelectorAll<HTMLElement>("li.st")].flatMap((s) => list(s.dataset.tags))];
      let screenings = 0;
      let pass = !active || showPasses(filter, { versions, tags, genres: list(show.dataset.genres), bookable: show.dataset.bookable !== "false" });
      for (const group of groups) {
        let hide = filter.versions.length > 0 && !!group.dataset.version && !filter.versions.includes(group.dataset.version);
        // The access sheet (lib/access.ts): only the screenings with every accessibility tag
        // chosen (every chip passes when none is).
        let shown = 0;
        for (const chip of group.querySelectorAll<HTMLElement>("li.st")) {
          if (!(chip.hidden = !chipPasses(list(chip.dataset.tags), access))) shown++;
        }
        if (access.length && !shown) hide = true;
        if (!hide) screenings += shown;
        group.hidden = hide;
        const label = group.previousElementSibling;
        if (label instanceof HTMLElement && label.matches("p.version")) label.hidden = hide;
      }
      // With accessibility tags chosen, a show left without screenings goes too.
      if (access.length && !screenings) pass = false;
      show.hidden = !pass;
      if (pass) count += access.length ? screenings : 1;
    }
    let empty = section.querySelector<HTMLElement>(":scope > p.schedule-empty");
    if (count === 0 && active) {
      if (!empty) {
        empty = section.ownerDocument.createElement("p");
        empty.className = "schedule-empty";
        section.append(empty);
      }
      empty.textContent = emptyText;
      empty.hidden = false;
    } else if (empty) {
      empty.hidden = true;
    }
    kept.set(dayOf(section), count);
  }
  return kept;
}

/** The showtime a click in the schedule is on: its id, show, booking link and film times (issue 17). */
export function showtimeAt(target: EventTarget | null): { id: string; show: string; title: string; time: string; href: string; film?: string | null } | null {
  const link = (target as Element | null)?.closest?.<HTMLAnchorElement>("li.st[data-id] a[href]");
  const item = link?.closest<HTMLElement>("li.st");
  const show = link?.closest<HTMLElement>("li.schedule-show");
  if (!link || !item) return null;
  return {
    id: item.dataset.id!,
    show: show?.dataset.show ?? "",
    title: show?.querySelector("h4")?.textContent?.trim() ?? "",
    time: link.querySelector("time")?.textContent?.trim() ?? "",
    href: link.href,
    film: link.querySelector(".film")?.textContent,
  };
}
