// Schedules across cinemas (city, experience and show pages), as schedule_fragments.rs writes
// them: a day brought up to date by the API's answer (applyDay) finds each showtime's show →
// cinema → version list, and a show page keeps only the cinemas of the locator's choice.

import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { translator } from "../../lib/i18n";
import { labelsOf } from "../../testing/labels";
import type { ScheduleShow, SchedulePlace, Showtime } from "../../types";
import * as changes from "./live-changes";
import { applyDay as applyLive } from "./live-dom";
import { chosenPlaces, keepPlaces } from "./places";

const DAY = "2026-11-22";
/** applyDay with the code of added and gone showtimes (live-changes.ts, which live.ts loads on demand). */
const applyDay = (day: Element, shows: ScheduleShow[], translate: typeof t, scope?: ReadonlySet<string>) => applyLive(day, shows, translate, scope, changes);
const t = translator(labelsOf("schedule"));

const chip = (id: string, time: string) =>
  `<li class="st" data-id="${id}"><a href="https://tickets.example.org/${id}" rel="nofollow"><time datetime="${DAY}T${time}+01:00">${time}</time></a></li>`;
const place = (cinema: string, name: string, chips: string) =>
  `<section class="schedule-cinema" data-cinema="${cinema}"><h5><a href="/cinemas/${cinema}">${name}</a></h5><div class="versions"><p class="version">VF</p><ul class="showtimes" data-version="vf">${chips}</ul></div></section>`;

/** A city page's day: Dune at two cinemas, Wish at one. */
const CITY =
  `<section class="day" data-places aria-labelledby="day-${DAY}"><h3 id="day-${DAY}">dimanche 22 novembre</h3><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="dune"><div class="show-body"><h4><a href="/film/dune">Dune</a></h4><div class="cinemas">` +
  place("lyon-part-dieu", "Lumen Part-Dieu", chip("a1", "14:00") + chip("a2", "20:30")) +
  place("lyon-bellecour", "Lumen Bellecour", chip("b1", "18:00")) +
  `</div></div></li>` +
  `<li class="schedule-show" data-show="wish"><div class="show-body"><h4><a href="/film/wish">Wish</a></h4><div class="cinemas">` +
  place("lyon-bellecour", "Lumen Bellecour", chip("b2", "10:00")) +
  `</div></div></li></ul></section>`;

const VF = { slug: "vf", label: "VF" };
const showtime = (id: string, show: string, cinema: string, time: string, status: Showtime["status"] = "available"): Showtime => ({
  id,
  show,
  cinema,
  status,
  datetime: `${DAY}T${time}:00+01:00`,
  version: VF,
  flags: { threeD: false },
  bookingUrl: `https://tickets.example.org/${id}`,
});
const entry = (show: string, showtimes: Showtime[]): ScheduleShow => ({ show, resume: {} as never, showtimes });

function dayOf(html: string) {
  const dom = new JSDOM(`<!doctype html><main>${html}</main>`);
  return dom.window.document.querySelector("section.day")!;
}
const ids = (el: Element) => [...el.querySelectorAll("li.st")].map((c) => c.getAttribute("data-id"));

describe("applyDay on a schedule across cinemas", () => {
  it("updates a chip in place and puts an added showtime under its show, then its cinema, then its version", () => {
    const day = dayOf(CITY);
    applyDay(
      day,
      [
        entry("dune", [
          showtime("a1", "dune", "lyon-part-dieu", "14:00", "soldout"),
          showtime("a2", "dune", "lyon-part-dieu", "20:30"),
          showtime("b1", "dune", "lyon-bellecour", "18:00"),
          // Added since the build: at Bellecour, before 18:00; and at a cinema Dune did not play.
          showtime("b3", "dune", "lyon-bellecour", "16:00"),
        ]),
        entry("wish", [showtime("b2", "wish", "lyon-bellecour", "10:00"), showtime("a3", "wish", "lyon-part-dieu", "11:00")]),
      ],
      t,
    );
    const dune = day.querySelector('[data-show="dune"]')!;
    expect(dune.querySelector('[data-id="a1"]')!.className).toBe("st full");
    expect(dune.querySelector('[data-id="a1"] a')).toBeNull();
    expect(ids(dune.querySelector('[data-cinema="lyon-bellecour"]')!)).toEqual(["b3", "b1"]);
    const wish = day.querySelector('[data-show="wish"]')!;
    const added = wish.querySelector('[data-cinema="lyon-part-dieu"]')!;
    // Named as the page names that cinema elsewhere, with its link.
    expect(added.querySelector("h5 a")!.textContent).toBe("Lumen Part-Dieu");
    expect(added.querySelector('ul.showtimes[data-version="vf"] [data-id="a3"] a')!.getAttribute("href")).toBe("https://tickets.example.org/a3");
  });

  it("removes what the answer no longer has: a cinema left empty goes, a show left empty goes", () => {
    const day = dayOf(CITY);
    applyDay(day, [entry("dune", [showtime("a1", "dune", "lyon-part-dieu", "14:00"), showtime("a2", "dune", "lyon-part-dieu", "20:30")])], t);
    expect(day.querySelector('[data-show="dune"] [data-cinema="lyon-bellecour"]')).toBeNull();
    expect(day.querySelector('[data-show="wish"]')).toBeNull();
    expect(ids(day)).toEqual(["a1", "a2"]);
  });

  it("asked for one cinema (scope), leaves the other cinemas' showtimes as they are", () => {
    const day = dayOf(CITY);
    applyDay(day, [entry("dune", [showtime("b1", "dune", "lyon-bellecour", "18:00", "soldout")])], t, new Set(["lyon-bellecour"]));
    expect(ids(day)).toEqual(["a1", "a2", "b1"]);
    expect(day.querySelector('[data-id="b1"]')!.className).toBe("st full");
  });

  it("fills a show page's later day: the cinema named as on the written day", () => {
    const dom = new JSDOM(
      `<!doctype html><main>` +
        `<section class="day" data-places aria-labelledby="day-${DAY}"><h3 id="day-${DAY}">d</h3><ul class="schedule-shows"><li class="schedule-show" data-show="dune"><div class="show-body"><div class="cinemas">` +
        `<div class="schedule-city" data-city="lyon"><h4>Lyon</h4>${place("lyon-bellecour", "Lumen Bellecour", chip("b1", "18:00"))}</div></div></div></li></ul></section>` +
        `<section class="day" data-places data-later hidden aria-labelledby="day-2026-11-23"><h3 id="day-2026-11-23">l</h3><ul class="schedule-shows"><li class="schedule-show" data-show="dune"><div class="show-body"><div class="cinemas"></div></div></li></ul></section></main>`,
    );
    const later = dom.window.document.querySelectorAll("section.day")[1]!;
    applyDay(later, [entry("dune", [{ ...showtime("c1", "dune", "lyon-bellecour", "15:00"), datetime: "2026-11-23T15:00:00+01:00" }])], t);
    expect(later.querySelector('[data-cinema="lyon-bellecour"] h5')!.textContent).toBe("Lumen Bellecour");
    expect(ids(later)).toEqual(["c1"]);
    // The page's one show stays when its day empties (it has no title of its own).
    applyDay(later, [], t);
    expect(later.querySelector('li.schedule-show[data-show="dune"]')).not.toBeNull();
  });

  it("puts a cinema new to a show page's day in its city's group, cities in name order", () => {
    const cityGroup = (slug: string, name: string, html: string) => `<div class="schedule-city" data-city="${slug}"><h4>${name}</h4>${html}</div>`;
    const dom = new JSDOM(
      `<!doctype html><html lang="fr"><main>` +
        `<section class="day" data-places aria-labelledby="day-${DAY}"><h3 id="day-${DAY}">d</h3><ul class="schedule-shows"><li class="schedule-show" data-show="dune"><div class="show-body"><div class="cinemas">` +
        cityGroup("lyon", "Lyon", place("lyon-bellecour", "Lumen Bellecour", chip("b1", "18:00"))) +
        cityGroup("paris", "Paris", place("paris-bastille", "Lumen Bastille", chip("p1", "18:00"))) +
        cityGroup("evry", "Évry", place("evry-2", "Lumen Évry 2", chip("e1", "18:00"))) +
        `</div></div></li></ul></section>` +
        `<section class="day" data-places data-later hidden aria-labelledby="day-2026-11-23"><h3 id="day-2026-11-23">l</h3><ul class="schedule-shows"><li class="schedule-show" data-show="dune"><div class="show-body"><div class="cinemas"></div></div></li></ul></section></main></html>`,
    );
    const later = dom.window.document.querySelectorAll("section.day")[1]!;
    const at = (id: string, cinema: string) => ({ ...showtime(id, "dune", cinema, "15:00"), datetime: "2026-11-23T15:00:00+01:00" });
    applyDay(later, [entry("dune", [at("c1", "paris-bastille"), at("c2", "evry-2"), at("c3", "lyon-bellecour")])], t);
    const cities = [...later.querySelectorAll(".schedule-city")].map((c) => [c.getAttribute("data-city"), [...c.querySelectorAll("[data-cinema]")].map((p) => p.getAttribute("data-cinema"))]);
    expect(cities).toEqual([
      ["evry", ["evry-2"]],
      ["lyon", ["lyon-bellecour"]],
      ["paris", ["paris-bastille"]],
    ]);
    expect(later.querySelector('.schedule-city[data-city="evry"] h4')!.textContent).toBe("Évry");
  });

  it("titles a show new to a day as the page does on another day, else from the API's summary, with its badges", () => {
    const dom = new JSDOM(
      `<!doctype html><main>${CITY}` +
        `<section class="day" data-places data-later hidden data-embed aria-labelledby="day-2026-11-23"><h3 id="day-2026-11-23">l</h3><ul class="schedule-shows"></ul></section></main>`,
    );
    const later = dom.window.document.querySelectorAll("section.day")[1]!;
    const at = (id: string, show: string) => ({ ...showtime(id, show, "lyon-bellecour", "15:00"), datetime: "2026-11-23T15:00:00+01:00", experienceIcons: ["imax"] });
    const summary = { slug: "napoleon", title: "Napoléon <1821>", genres: ["histoire"], bookable: true, poster: { url: "https://img.example.org/napoleon.jpg", width: 200, height: 300 } };
    applyDay(later, [entry("dune", [at("c1", "dune")]), { ...entry("napoleon", [at("c2", "napoleon")]), data: summary as never }], t);
    // Dune: the written day's block (its linked title), with this day's showtimes only.
    const dune = later.querySelector('li.schedule-show[data-show="dune"]')!;
    expect(dune.querySelector("h4 a")!.getAttribute("href")).toBe("/film/dune");
    expect(ids(dune)).toEqual(["c1"]);
    // Napoléon: its title (escaped), no link (its page may not exist yet), its poster and genres.
    const napoleon = later.querySelector('li.schedule-show[data-show="napoleon"]')!;
    expect(napoleon.querySelector("h4")!.innerHTML).toBe("Napoléon &lt;1821&gt;");
    expect(napoleon.querySelector("h4 a")).toBeNull();
    expect(napoleon.querySelector("img.thumb")!.getAttribute("src")).toBe("https://img.example.org/napoleon.jpg");
    expect(napoleon.getAttribute("data-genres")).toBe("histoire");
    expect(napoleon.querySelector('[data-cinema="lyon-bellecour"] h5 a')!.textContent).toBe("Lumen Bellecour");
    // The showtime's experience icons as the page's badges.
    expect(later.querySelector('[data-id="c2"] a .labels')!.outerHTML).toBe('<span class="labels"> <span class="badge">imax</span></span>');
  });
});

describe("a show page follows the locator's choice", () => {
  const places: SchedulePlace[] = [
    { slug: "lyon-part-dieu", vistaRef: "0101", citySlug: "lyon" },
    { slug: "lyon-bellecour", vistaRef: "0102", citySlug: "lyon" },
    { slug: "paris-bastille", vistaRef: "0201", citySlug: "paris" },
  ];

  it("a cinema (by its vistaRef, as the locator's cookie holds it), a city, or nothing", () => {
    expect(chosenPlaces(places, { type: "cinema", value: "0102" })).toEqual(["lyon-bellecour"]);
    expect(chosenPlaces(places, { type: "city", value: "lyon" })).toEqual(["lyon-part-dieu", "lyon-bellecour"]);
    expect(chosenPlaces(places, { type: "cinema", value: "9999" })).toEqual([]);
    expect(chosenPlaces(places, null)).toBeNull();
    expect(chosenPlaces(places, { type: "favorite" })).toBeNull();
  });

  it("a position: those of the show's cinemas near it (as the API answers them), else none; not known, no choice", () => {
    const at = { type: "position" as const, value: { x: 45.7578, y: 4.832 } };
    expect(chosenPlaces(places, at, { nearby: ["lyon-bellecour", "villeurbanne", "lyon-part-dieu"] })).toEqual(["lyon-part-dieu", "lyon-bellecour"]);
    expect(chosenPlaces(places, at, { nearby: [] })).toEqual([]);
    expect(chosenPlaces(places, at)).toBeNull();
  });

  it("favourites: those of the signed-in client's favourite cinemas that play the show", () => {
    expect(chosenPlaces(places, { type: "favorite" }, { favourites: ["paris-bastille", "nantes-atlantis"] })).toEqual(["paris-bastille"]);
    expect(chosenPlaces(places, { type: "favorite" }, { favourites: ["nantes-atlantis"] })).toEqual([]);
  });

  it("hides the other cinemas, and says so on a day without the chosen ones", () => {
    const day = dayOf(CITY);
    keepPlaces(day.parentElement!, ["lyon-bellecour"], "Aucune séance ce jour-là.");
    const shown = [...day.querySelectorAll<HTMLElement>("section.schedule-cinema")].filter((p) => !p.hidden).map((p) => p.dataset.cinema);
    expect(shown).toEqual(["lyon-bellecour", "lyon-bellecour"]);
    expect(day.querySelector<HTMLElement>("p.schedule-away")).toBeNull();
    keepPlaces(day.parentElement!, ["paris-bastille"], "Aucune séance ce jour-là.");
    const note = day.querySelector<HTMLElement>("p.schedule-away")!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe("Aucune séance ce jour-là.");
  });
});
