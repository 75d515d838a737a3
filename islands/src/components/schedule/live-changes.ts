// A day of the schedule whose set of showtimes changed since the build (live-dom.ts
// `applyDay`): a showtime added joins its show's list of its version, made when the day lacks
// them; a showtime gone leaves, with what it leaves empty. Rare (statuses change, showtimes
// seldom do), so the first stage does not carry it: live.ts loads this module only for an
// answer that needs it (islands.json lists it on demand). It imports nothing of live-dom.ts
// (that would split a chunk off the first stage): `applyDay` hands it its `parse` and `escape`.

import type { ScheduleShow, Showtime } from "../../types";
import type { escape as Escape, parse as Parse } from "./live-dom";

const startOf = (el: Element) => Date.parse(el.querySelector("time")!.getAttribute("datetime")!);

/** Puts `chip`, a showtime added since the build, in its place in `day`. */
export function add(day: Element, entry: ScheduleShow, s: Showtime, chip: Element, parse: typeof Parse, escape: typeof Escape): void {
  const doc = day.ownerDocument;
  // A new show's title is its slug, the page knowing no more of it.
  let show = [...day.querySelectorAll("li.schedule-show")].find((li) => li.getAttribute("data-show") === entry.show);
  if (!show)
    day
      .querySelector("ul.schedule-shows")!
      .append((show = parse(doc, `<li class="schedule-show" data-show="${escape(entry.show)}"><h4>${escape(entry.show)}</h4><div class="cinemas"></div></li>`)));
  // Across cinemas (`data-places`), the show's list of the showtime's cinema: a show's block of
  // one cinema (`section.schedule-cinema[data-cinema]`), made when the show lacks it, named as
  // the page names that cinema elsewhere (another show or day), else by its slug.
  let at = show;
  if (day.hasAttribute("data-places")) {
    // Cinema slugs are URL slugs: no quote to escape in the selector.
    const of = (root: ParentNode) => root.querySelector(`[data-cinema="${s.cinema}"]`);
    let place = of(show);
    if (!place) {
      const heading = of(doc)?.querySelector("h5")?.outerHTML ?? `<h5>${escape(s.cinema)}</h5>`;
      (show.querySelector(".cinemas") ?? show).append((place = parse(doc, `<section class="schedule-cinema" data-cinema="${escape(s.cinema)}">${heading}<div class="versions"></div></section>`)));
    }
    at = place;
  }
  const { slug, label } = s.version;
  let list = [...at.querySelectorAll("ul.showtimes")].find((ul) => (ul.getAttribute("data-version") ?? "") === slug);
  if (!list) {
    const versions = at.querySelector(".versions") ?? at;
    if (label) versions.append(parse(doc, `<p class="version">${escape(label)}</p>`));
    versions.append((list = parse(doc, `<ul class="showtimes"${slug ? ` data-version="${escape(slug)}"` : ""}></ul>`)));
  }
  list.insertBefore(chip, [...list.children].find((c) => startOf(c) > startOf(chip)) ?? null);
}

/**
 * Removes the chips the answer no longer has; a version list (with its label), a cinema, a
 * city or a show left empty goes with it (a show page's one show stays: it has no title of
 * its own).
 */
export function remove(chips: Iterable<Element>): void {
  for (const chip of chips) {
    const boxes = ["ul.showtimes", "[data-cinema]", "[data-city]", "[data-show]"].map((box) => chip.closest(box));
    chip.remove();
    for (const box of boxes) {
      if (!box || box.querySelector("li.st") || (box.matches("li") && !box.querySelector("h4"))) continue;
      if (box.previousElementSibling?.matches("p.version")) box.previousElementSibling.remove();
      box.remove();
    }
  }
}
