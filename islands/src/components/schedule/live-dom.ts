// A day of the server's schedule brought up to date with the runtime API's answer for that
// day (`/api/cinema/{slug}/shows?date=`), in place: each showtime chip (`li.st[data-id]`, as
// generator/src/fragments.rs writes it) takes its status — a bookable one holds the booking
// link, a sold-out (`full`) or closed (`past`) one is no link and says so in words —, chips
// the answer no longer has go, and showtimes added since the build join their show's version
// list in time order. A chip is replaced only when it changes (its time and badges kept), so
// nothing moves that did not change.

import type { Translate } from "../../lib/i18n";
import { contentUrl } from "../../lib/content-url";
import type { ScheduleShow, Showtime } from "../../types";

/** A showtime's booking link, as fragments.rs writes it: only an available one's, only to an address `contentUrl` lets through. */
export const bookingUrl = (s: Showtime) => (s.status === "available" && contentUrl(s.bookingUrl ?? "")) || "";

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One element of markup. */
function parse(doc: Document, html: string): Element {
  const template = doc.createElement("template");
  template.innerHTML = html;
  return template.content.firstElementChild!;
}

const startOf = (el: Element) => Date.parse(el.querySelector("time")!.getAttribute("datetime")!);

/**
 * Brings a day section (`section.day`) up to date with the API's shows of that day; `t`
 * gives the words of a chip that is no link (`schedule.status.full`, `schedule.status.old`).
 */
export function applyDay(day: Element, shows: ScheduleShow[], t: Translate, scope?: ReadonlySet<string>): void {
  const doc = day.ownerDocument;
  // A schedule across cinemas asked for some of its cinemas (`scope`) leaves the others be.
  const chips = new Map(
    [...day.querySelectorAll("li.st[data-id]")].filter((c) => !scope || scope.has(c.closest("[data-cinema]")?.getAttribute("data-cinema") as string)).map((c) => [c.getAttribute("data-id"), c]),
  );
  for (const entry of shows) {
    for (const s of entry.showtimes) {
      const was = chips.get(s.id);
      chips.delete(s.id);
      const href = bookingUrl(s);
      const state = s.status === "soldout" ? "full" : "old";
      const inner =
        (was?.querySelector("time")?.outerHTML ?? `<time datetime="${escape(s.datetime)}">${s.datetime.slice(11, 16)}</time>`) +
        (href ? "" : ` <span class="state">${escape(t(`schedule.status.${state}`))}</span>`) +
        (was?.querySelector(".labels")?.outerHTML ?? "");
      const chip = parse(
        doc,
        `<li class="st${href ? "" : state === "full" ? " full" : " past"}" data-id="${escape(s.id)}"${s.tags?.length ? ` data-tags="${escape(s.tags.join())}"` : ""}>${
          href ? `<a href="${escape(href)}" rel="nofollow">${inner}</a>` : inner
        }</li>`,
      );
      if (was) {
        if (was.outerHTML !== chip.outerHTML) was.replaceWith(chip);
        continue;
      }
      // Added since the build: into its show's list of its version (made when the day lacks
      // them; a new show's title is its slug, the page knowing no more of it).
      let show = [...day.querySelectorAll("li.schedule-show")].find((li) => li.getAttribute("data-show") === entry.show);
      if (!show)
        day
          .querySelector("ul.schedule-shows")!
          .append((show = parse(doc, `<li class="schedule-show" data-show="${escape(entry.show)}"><h4>${escape(entry.show)}</h4><div class="cinemas"></div></li>`)));
      // Across cinemas (`data-places`), the show's list of the showtime's cinema.
      const at = day.hasAttribute("data-places") ? placeOf(doc, show, s.cinema) : show;
      const { slug, label } = s.version;
      let list = [...at.querySelectorAll("ul.showtimes")].find((ul) => (ul.getAttribute("data-version") ?? "") === slug);
      if (!list) {
        const versions = at.querySelector(".versions") ?? at;
        if (label) versions.append(parse(doc, `<p class="version">${escape(label)}</p>`));
        versions.append((list = parse(doc, `<ul class="showtimes"${slug ? ` data-version="${escape(slug)}"` : ""}></ul>`)));
      }
      list.insertBefore(chip, [...list.children].find((c) => startOf(c) > startOf(chip)) ?? null);
    }
  }
  // What the answer no longer has; a version list (with its label), a cinema, a city or a
  // show left empty goes with it (a show page's one show stays: it has no title of its own).
  for (const chip of chips.values()) {
    const boxes = ["ul.showtimes", "[data-cinema]", "[data-city]", "[data-show]"].map((box) => chip.closest(box));
    chip.remove();
    for (const box of boxes) {
      if (!box || box.querySelector("li.st") || (box.matches("li") && !box.querySelector("h4"))) continue;
      if (box.previousElementSibling?.matches("p.version")) box.previousElementSibling.remove();
      box.remove();
    }
  }
}

/**
 * A show's block of one cinema (`section.schedule-cinema[data-cinema]`), made when the show
 * lacks it: named as the page names that cinema elsewhere (another show or day), else by its
 * slug.
 */
function placeOf(doc: Document, show: Element, cinema: string): Element {
  // Cinema slugs are URL slugs: no quote to escape in the selector.
  const of = (root: ParentNode) => root.querySelector(`[data-cinema="${cinema}"]`);
  let place = of(show);
  if (!place) {
    const heading = of(doc)?.querySelector("h5")?.outerHTML ?? `<h5>${escape(cinema)}</h5>`;
    (show.querySelector(".cinemas") ?? show).append((place = parse(doc, `<section class="schedule-cinema" data-cinema="${escape(cinema)}">${heading}<div class="versions"></div></section>`)));
  }
  return place;
}
