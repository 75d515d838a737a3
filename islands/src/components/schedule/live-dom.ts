// A day of the server's schedule brought up to date with the runtime API's answer for that
// day (`/api/cinema/{slug}/shows?date=`), in place: each showtime chip (`li.st[data-id]`, as
// generator/src/fragments.rs writes it) takes its status — a bookable one holds the booking
// link, a sold-out (`full`) or closed (`past`) one is no link and says so in words —, chips
// the answer no longer has go, and showtimes added since the build join their show's version
// list in time order (live-changes.ts: rare, so loaded on demand, only for an answer that
// changes the day's set of showtimes). A chip is replaced only when it changes (its time and
// badges kept), so nothing moves that did not change.

import type { Translate } from "../../lib/i18n";
import { contentUrl } from "../../lib/content-url";
import type { ScheduleShow, Showtime } from "../../types";

/** A showtime's booking link, as fragments.rs writes it: only an available one's, only to an address `contentUrl` lets through. */
export const bookingUrl = (s: Showtime) => (s.status === "available" && contentUrl(s.bookingUrl ?? "")) || "";

export const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One element of markup. */
export function parse(doc: Document, html: string): Element {
  const template = doc.createElement("template");
  template.innerHTML = html;
  return template.content.firstElementChild!;
}

/** What changes a day's set of showtimes (live-changes.ts, loaded on demand). */
export type LiveChanges = typeof import("./live-changes");

/**
 * Brings a day section (`section.day`) up to date with the API's shows of that day; `t`
 * gives the words of a chip that is no link (`schedule.status.full`, `schedule.status.old`).
 * Showtimes added or gone since the build are rare: their placing and removal (`changes`,
 * live-changes.ts) load on demand. Without `changes`, a day whose set of showtimes changed is
 * left as it is and the answer is false.
 */
export function applyDay(day: Element, shows: ScheduleShow[], t: Translate, scope?: ReadonlySet<string>, changes?: LiveChanges): boolean {
  const doc = day.ownerDocument;
  // A schedule across cinemas asked for some of its cinemas (`scope`) leaves the others be.
  const chips = new Map(
    [...day.querySelectorAll("li.st[data-id]")].filter((c) => !scope || scope.has(c.closest("[data-cinema]")?.getAttribute("data-cinema") as string)).map((c) => [c.getAttribute("data-id"), c]),
  );
  // The same showtimes as the page's, each once: status changes only.
  const seen = new Set<string>();
  if (!changes && (shows.some((e) => e.showtimes.some((s) => !chips.has(s.id) || seen.has(s.id) || !seen.add(s.id))) || seen.size < chips.size)) return false;
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
      // Its tags, then its accessibility icons the tags lack (the access sheet), as fragments.rs writes them.
      const tags = [...new Set([...(s.tags ?? []), ...(s.accessibilityIcons ?? [])])];
      const chip = parse(
        doc,
        `<li class="st${href ? "" : state === "full" ? " full" : " past"}" data-id="${escape(s.id)}"${tags.length ? ` data-tags="${escape(tags.join())}"` : ""}${s.filmEnd ? ` data-end="${s.filmEnd}"` : ""}>${
          href ? `<a href="${escape(href)}" rel="nofollow">${inner}</a>` : inner
        }</li>`,
      );
      if (was) {
        if (was.outerHTML !== chip.outerHTML) was.replaceWith(chip);
      } else changes!.add(day, entry, s, chip, { parse, escape, contentUrl });
    }
  }
  // What the answer no longer has.
  changes?.remove(chips.values());
  return true;
}
