// A day of the schedule whose set of showtimes changed since the build (live-dom.ts
// `applyDay`): a showtime added joins its show's list of its version, made when the day lacks
// them; a showtime gone leaves, with what it leaves empty. Rare (statuses change, showtimes
// seldom do), so the first stage does not carry it: live.ts loads this module only for an
// answer that needs it (islands.json lists it on demand). It imports nothing of live-dom.ts
// (that would split a chunk off the first stage): `applyDay` hands it its `parse`, `escape`
// and `contentUrl`.

import type { ScheduleShow, Showtime } from "../../types";
import type { contentUrl as ContentUrl } from "../../lib/content-url";
import type { escape as Escape, parse as Parse } from "./live-dom";

/** live-dom.ts's helpers, handed over so that this module imports none of the first stage's. */
export interface Dom {
  parse: typeof Parse;
  escape: typeof Escape;
  contentUrl: typeof ContentUrl;
}

const startOf = (el: Element) => Date.parse(el.querySelector("time")!.getAttribute("datetime")!);

/** Puts `chip`, a showtime added since the build, in its place in `day`. */
export function add(day: Element, entry: ScheduleShow, s: Showtime, chip: Element, { parse, escape, contentUrl }: Dom): void {
  const doc = day.ownerDocument;
  // Slugs are URL slugs: no quote to escape in a selector.
  const find = (root: ParentNode, selector: string) => root.querySelector(selector);
  // The chip's badges: its experience icons, as fragments.rs `chip_labels` writes them.
  if (s.experienceIcons?.length && !chip.querySelector(".labels"))
    (chip.querySelector("a") ?? chip).append(parse(doc, `<span class="labels">${s.experienceIcons.map((b) => ` <span class="badge">${escape(b)}</span>`).join("")}</span>`));
  let show = find(day, `li.schedule-show[data-show="${entry.show}"]`);
  if (!show) {
    day.querySelector("ul.schedule-shows")!.append((show = showHead(doc, day, entry, { parse, escape, contentUrl })));
  }
  // Across cinemas (`data-places`), the show's list of the showtime's cinema: a show's block of
  // one cinema (`section.schedule-cinema[data-cinema]`), made when the show lacks it, named as
  // the page names that cinema elsewhere (another show or day), else by its slug; on a show
  // page, in its city's group (`.schedule-city`), made in its place (by name) when missing.
  let at: Element = show;
  if (day.hasAttribute("data-places")) {
    const cinema = `[data-cinema="${s.cinema}"]`;
    let place = find(show, cinema);
    if (!place) {
      const known = find(doc, `section.schedule-cinema${cinema}`);
      const heading = known?.querySelector("h5")?.outerHTML ?? `<h5>${escape(s.cinema)}</h5>`;
      place = parse(doc, `<section class="schedule-cinema" data-cinema="${escape(s.cinema)}">${heading}<div class="versions"></div></section>`);
      const cinemas = show.querySelector(".cinemas") ?? show;
      const city = known?.closest(".schedule-city");
      if (city) {
        const slug = city.getAttribute("data-city")!;
        let group = find(cinemas, `.schedule-city[data-city="${slug}"]`);
        if (!group) {
          group = parse(doc, `<div class="schedule-city" data-city="${escape(slug)}">${city.querySelector("h4")?.outerHTML ?? ""}</div>`);
          const name = group.textContent ?? "";
          cinemas.insertBefore(group, [...cinemas.querySelectorAll(":scope > .schedule-city")].find((g) => (g.querySelector("h4")?.textContent ?? "").localeCompare(name, doc.documentElement.lang) > 0) ?? null);
        }
        group.append(place);
      } else cinemas.append(place);
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
 * A show's block for a day that lacks it: the page's block of the same show on another day
 * (poster, linked title, details), emptied; else made from the API's summary (the later days
 * of a city or experience page ask with it), its title without a link — a show added since
 * the build has no page before the next one —, else its slug.
 */
function showHead(doc: Document, day: Element, entry: ScheduleShow, { parse, escape, contentUrl }: Dom): Element {
  const known = doc.querySelector(`li.schedule-show[data-show="${entry.show}"]`);
  const inner = day.hasAttribute("data-places") ? `<div class="cinemas"></div>` : `<div class="versions"></div>`;
  if (known) {
    const head = known.cloneNode(true) as Element;
    head.removeAttribute("hidden");
    head.querySelector(".cinemas, .versions")?.replaceWith(parse(doc, inner));
    return head;
  }
  const data = entry.data;
  const image = data?.poster;
  const src = image ? contentUrl(image.url) : "";
  const attrs = (name: string, list?: string[]) => (list?.length ? ` data-${name}="${escape(list.join())}"` : "");
  return parse(
    doc,
    `<li class="schedule-show" data-show="${escape(entry.show)}"${attrs("genres", data?.genres)}${attrs("tags", data?.tags)}${data && !data.bookable ? ` data-bookable="false"` : ""}>` +
      (image && src ? `<img class="thumb" src="${escape(src)}" alt="" width="${image.width}" height="${image.height}" loading="lazy">` : "") +
      `<div class="show-body"><h4>${escape(data?.title ?? entry.show)}</h4>${inner}</div></li>`,
  );
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
