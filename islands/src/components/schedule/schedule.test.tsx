// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { mount, type ScheduleProps } from "../../islands/schedule";
import { pageSchedule } from "../../stores/page/schedule";
import { byText, cleanPage, click, dialogs, firstRender, key, mountOn, routes, sameMarkup, settle, testPage, anonymous, type ApiRoutes } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";
import { mount as mountUi } from "./schedule-ui";

const PROPS: ScheduleProps = {
  site: "fr",
  lang: "fr",
  labels: labelsOf("schedule"),
  days: [
    { date: "2026-11-22", label: "dim. 22 nov." },
    { date: "2026-11-23", label: "lun. 23 nov." },
  ],
  filters: {
    versions: [
      { value: "vf", label: "Version française" },
      { value: "vost", label: "Version originale sous-titrée" },
    ],
    tags: [{ value: "imax", label: "IMAX" }],
    genres: [{ value: "drame", label: "Drame" }],
  },
  showtimes: "/api/cinema/versailles/shows",
};

/** What the generator writes inside the island's element (README, island "schedule"). */
const MARKUP =
  `<nav class="schedule-days" aria-label="Choisir un jour"><ul><li><a class="tap" href="#day-2026-11-22">dim. 22 nov.</a></li><li><a class="tap" href="#day-2026-11-23">lun. 23 nov.</a></li></ul></nav>` +
  `<button type="button" class="schedule-filters-open tap" aria-haspopup="dialog">Filtres</button>` +
  // The access sheet's toggles: none here (no accessibility tag offered), the element all the same.
  `<div class="access-filter"></div>` +
  `<p class="schedule-count" role="status"></p>`;

const showtime = (id: string, time: string, tags = "") => `<li class="st" data-id="${id}"${tags ? ` data-tags="${tags}"` : ""}><a href="https://tickets.example.org/${id}" rel="nofollow"><time datetime="2026-11-22T${time}+01:00">${time}</time></a></li>`;

/** The day sections as fragments.rs writes them, with the filter attributes. */
const DAYS =
  `<section class="day" aria-labelledby="day-2026-11-22"><h3 id="day-2026-11-22"><time datetime="2026-11-22">dimanche 22 novembre</time></h3><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="dune" data-genres="Science-fiction,Drame"><h4><a href="/film/dune">Dune</a></h4>` +
  `<p class="version">Version française</p><ul class="showtimes" data-version="vf">${showtime("st1", "14:00", "imax")}</ul>` +
  `<p class="version">Version originale sous-titrée</p><ul class="showtimes" data-version="vost">${showtime("st2", "20:30")}</ul></li>` +
  `<li class="schedule-show" data-show="wish" data-genres="Animation"><h4><a href="/film/wish">Wish</a></h4><p class="version">Version française</p><ul class="showtimes" data-version="vf">${showtime("st3", "10:00")}</ul></li>` +
  `</ul></section>` +
  `<section class="day" aria-labelledby="day-2026-11-23"><h3 id="day-2026-11-23"><time datetime="2026-11-23">lundi 23 novembre</time></h3><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="wish" data-genres="Animation"><h4><a href="/film/wish">Wish</a></h4><p class="version">Version française</p><ul class="showtimes" data-version="vf">${showtime("st4", "11:00")}</ul></li>` +
  `</ul></section>`;

/** A showtime of the API answer, as the page's chip says it (available, its booking link). */
const answered = (id: string, show: string, time: string, version: { slug: string; label: string }, day = "2026-11-22", more: object = {}) => ({
  id,
  show,
  cinema: "versailles",
  status: "available",
  datetime: `${day}T${time}:00+01:00`,
  version,
  flags: { threeD: false },
  bookingUrl: `https://tickets.example.org/${id}`,
  ...more,
});
const VF = { slug: "vf", label: "Version française" };
const VOST = { slug: "vost", label: "Version originale sous-titrée" };

/** The runtime API's days: what the page shows (the live statuses change nothing), st2 with its details. */
let apiDays: Record<string, object[]> = {};
const sameDays = () => ({
  "2026-11-22": [
    {
      show: "dune",
      showtimes: [
        answered("st1", "dune", "14:00", VF, "2026-11-22", { tags: ["imax"] }),
        answered("st2", "dune", "20:30", VOST, "2026-11-22", {
          endTime: "2026-11-22T23:16:00+01:00",
          auditorium: "7",
          specialShowtimeDetails: { titleShowtimeDetails: "Séance-débat", descriptionShowtimeDetails: "En présence de l’équipe." },
        }),
      ],
    },
    { show: "wish", showtimes: [answered("st3", "wish", "10:00", VF)] },
  ],
  "2026-11-23": [{ show: "wish", showtimes: [answered("st4", "wish", "11:00", VF, "2026-11-23")] }],
});

const details: ApiRoutes = ({ url }) => {
  const date = url.searchParams.get("date") ?? "";
  return url.pathname === "/api/cinema/versailles/shows" && apiDays[date] ? { body: { days: { [date]: apiDays[date] } } } : undefined;
};

async function page(href = "/cinemas/versailles", days: Record<string, object[]> = sameDays()) {
  apiDays = days;
  const t = testPage({ href, api: routes(details, anonymous) });
  const el = await mountOn(mount, `<section aria-labelledby="schedule"><h2 id="schedule">Séances</h2><div class="schedule-tools" data-island="schedule">${MARKUP}</div>${DAYS}</section>`, PROPS);
  const section = el.parentElement!;
  const visible = () => [...section.querySelectorAll<HTMLElement>("section.day")].filter((s) => !s.hidden).map((s) => s.getAttribute("aria-labelledby"));
  const shows = (day: string) => [...section.querySelectorAll<HTMLElement>(`[aria-labelledby=day-${day}] li.schedule-show`)].filter((s) => !s.hidden).map((s) => s.dataset.show);
  return { ...t, el, section, visible, shows };
}

afterEach(cleanPage);

describe("schedule island", () => {
  it("renders first what the server wrote: links to every day, all days shown", async () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
    const { el, visible } = await page();
    expect(el.dataset.ui).toBeUndefined();
    expect(visible()).toEqual(["day-2026-11-22", "day-2026-11-23"]);
  });

  it("keeps the statuses live before any interaction: a showtime the API answers as sold out is no booking link any more", async () => {
    const days = sameDays();
    (days["2026-11-22"][0] as { showtimes: { status: string }[] }).showtimes[1]!.status = "soldout";
    const { el, section, api } = await page("/cinemas/versailles", days);
    expect(el.dataset.ui).toBeUndefined();
    expect(api.calls.filter((c) => c.url.pathname === "/api/cinema/versailles/shows").map((c) => c.url.searchParams.get("date"))).toEqual(["2026-11-22", "2026-11-23"]);
    const st2 = section.querySelector<HTMLElement>("li.st[data-id=st2]")!;
    expect(st2.className).toBe("st full");
    expect(st2.querySelector("a")).toBeNull();
    expect(st2.textContent).toBe(`20:30 ${FR["schedule.status.full"]}`);
    expect(section.querySelector("li.st[data-id=st1] a")).not.toBeNull();
    expect(section.querySelector(".schedule-live")).toBeNull();
  });

  it("says since when the statuses date when the API answers an error, the schedule kept", async () => {
    const { section } = await page("/cinemas/versailles", {});
    expect(section.querySelectorAll("li.st a")).toHaveLength(4);
    expect(section.querySelector(".schedule-live")?.textContent).toMatch(/^Disponibilités à \d\d:\d\d$/);
  });

  it("turns the days into tabs at the first interaction; a tab shows its day and goes into the URL", async () => {
    const { el, url, visible } = await page();
    await click(byText(el, "a", "lun. 23 nov."));
    const tabs = [...el.querySelectorAll<HTMLElement>("[role=tab]")];
    expect(tabs.map((b) => b.getAttribute("aria-selected"))).toEqual(["true", "false"]);
    expect(visible()).toEqual(["day-2026-11-22"]);
    expect(document.getElementById(tabs[0]!.getAttribute("aria-controls")!)?.getAttribute("role")).toBe("tabpanel");
    await click(tabs[1]);
    expect(visible()).toEqual(["day-2026-11-23"]);
    expect(url.href()).toBe("/cinemas/versailles/filters/date-2026-11-23");
    expect(url.navigated).toEqual([]);
    tabs[1]!.focus();
    await key(tabs[1], "ArrowLeft");
    expect(document.activeElement).toBe(tabs[0]);
    expect(visible()).toEqual(["day-2026-11-22"]);
  });

  it("filters the shows, keeps the URL in step, announces the count and resets", async () => {
    const { el, url, shows, section } = await page();
    await click(el.querySelector(".schedule-filters-open"));
    const dialog = dialogs()[0]!;
    expect([...dialog.querySelectorAll("legend")].map((l) => l.textContent)).toEqual([FR["filters.versions"], FR["filters.tags"], FR["filters.genres"]]);
    await click(byText(dialog, "label", "Version originale sous-titrée")?.querySelector("input"));
    expect(url.href()).toBe("/cinemas/versailles/filters/versions-vost");
    expect(shows("2026-11-22")).toEqual(["dune"]);
    expect(section.querySelector<HTMLElement>("ul[data-version=vf]")?.hidden).toBe(true);
    expect(el.querySelector(".schedule-count")?.textContent).toBe("1 résultat");
    await click(byText(dialog, "label", "IMAX")?.querySelector("input"));
    expect(url.href()).toBe("/cinemas/versailles/filters/tags-imax/versions-vost");
    expect(shows("2026-11-22")).toEqual(["dune"]);
    await click(byText(dialog, "label", "Drame")?.querySelector("input"));
    await click(byText(dialog, "label", "Version originale sous-titrée")?.querySelector("input"));
    await click(byText(dialog, "label", "IMAX")?.querySelector("input"));
    await click(byText(dialog, "label", "Drame")?.querySelector("input"));
    // Nothing chosen: every show back.
    expect(shows("2026-11-22")).toEqual(["dune", "wish"]);
    await click(byText(dialog, "label", "Drame")?.querySelector("input"));
    expect(shows("2026-11-23")).toEqual([]);
    expect(section.querySelector("[aria-labelledby=day-2026-11-23] .schedule-empty")?.textContent).toBe(FR["schedule.noShowtimesFiltered"]);
    await click(byText(dialog, "button", FR["filters.reset"]!));
    expect(url.href()).toBe("/cinemas/versailles");
    expect(el.querySelector(".schedule-filters-open")?.textContent).toBe("Filtres");
  });

  it("applies the URL's filters at once", async () => {
    const { el, shows, visible } = await page("/cinemas/versailles/filters/date-2026-11-23/genres-animation");
    expect(el.dataset.ui).toBe("on");
    expect(visible()).toEqual(["day-2026-11-23"]);
    expect(shows("2026-11-22")).toEqual(["wish"]);
    expect(pageSchedule().getState().filters.genres).toEqual(["animation"]);
  });

  it("filters what the live statuses add to a day (their LIVE_APPLIED event)", async () => {
    const { section, shows } = await page("/cinemas/versailles/filters/genres-animation");
    const day = section.querySelector("[aria-labelledby=day-2026-11-23]")!;
    day.querySelector("ul.schedule-shows")!.insertAdjacentHTML("beforeend", `<li class="schedule-show" data-show="dune" data-genres="Science-fiction,Drame"><h4>Dune</h4><ul class="showtimes">${showtime("st9", "16:00")}</ul></li>`);
    day.dispatchEvent(new Event("schedule-live", { bubbles: true }));
    expect(shows("2026-11-23")).toEqual(["wish"]);
  });

  it("opens a showtime's details with its booking link; closing clears the selected showtime", async () => {
    const { el, section } = await page();
    await click(el.querySelector(".schedule-filters-open"));
    await key(dialogs()[0], "Escape");
    const link = section.querySelector<HTMLAnchorElement>("li.st[data-id=st2] a")!;
    link.focus();
    await click(link);
    await settle();
    const dialog = dialogs()[0]!;
    expect(dialog.querySelector("h2")?.textContent).toBe("Dune — 20:30");
    expect(dialog.textContent).toContain("Séance-débat");
    // The session's end (`endTime`) is not the film's: the details say the film's (issue 17).
    expect(dialog.textContent).not.toContain("23:16");
    expect(byText<HTMLAnchorElement>(dialog, "a", FR["schedule.book"]!)?.href).toBe("https://tickets.example.org/st2");
    expect(pageSchedule().getState().selectedShowtime?.id).toBe("st2");
    await key(dialog, "Escape");
    expect(pageSchedule().getState().selectedShowtime).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it("says the film's real times in a showtime's details and offers it as a calendar file (issue 17)", async () => {
    const days = sameDays();
    const st2 = (days["2026-11-22"][0] as { showtimes: Record<string, unknown>[] }).showtimes[1]!;
    Object.assign(st2, { filmStart: "2026-11-22T20:47:00+01:00", filmEnd: "2026-11-22T22:58:00+01:00" });
    const { el, section } = await page("/cinemas/versailles", days);
    // The chip as fragments.rs writes it with the film's times (first of its labels).
    section.querySelector("li.st[data-id=st2] a")!.insertAdjacentHTML("beforeend", `<span class="labels"><span class="film">film ≈ 20:47–22:58</span></span>`);
    await click(el.querySelector(".schedule-filters-open"));
    await key(dialogs()[0], "Escape");
    await click(section.querySelector<HTMLAnchorElement>("li.st[data-id=st2] a"));
    await settle();
    const dialog = dialogs()[0]!;
    expect(dialog.querySelector("p.film")?.textContent).toBe("film ≈ 20:47–22:58");
    // The live statuses bring the chip's film end as `data-end` (the evening card reads it).
    expect(section.querySelector("li.st[data-id=st2]")?.getAttribute("data-end")).toBe("2026-11-22T22:58:00+01:00");
    const calendar = byText<HTMLAnchorElement>(dialog, "a", FR["schedule.addToCalendar"]!)!;
    expect(calendar.hasAttribute("download")).toBe(true);
    expect(new URL(calendar.href).pathname).toBe("/api/showtimes/st2/calendar.ics");
    await key(dialog, "Escape");
  });
});
