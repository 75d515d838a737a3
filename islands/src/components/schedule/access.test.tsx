// @vitest-environment jsdom
// The access sheet on a schedule (issue 17 item 5): the one-tap toggles are part of the
// island's first render, add their tag to the URL filters, show only the screenings whose
// chips carry it with their count, and a showtime's details have an Access section.
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount, type ScheduleProps } from "../../islands/schedule";
import { byText, cleanPage, click, dialogs, firstRender, key, mountOn, routes, sameMarkup, settle, testPage, anonymous, type ApiRoutes } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";
import { mount as mountUi } from "./schedule-ui";

const PROPS: ScheduleProps = {
  site: "fr",
  lang: "fr",
  labels: labelsOf("schedule"),
  days: [{ date: "2026-11-22", label: "dim. 22 nov." }],
  filters: {
    versions: [],
    tags: [
      { value: "pmr", label: "Accès fauteuil roulant" },
      { value: "audiodesc", label: "Audiodescription" },
      { value: "imax", label: "IMAX" },
    ],
    genres: [],
  },
  showtimes: "/api/cinema/versailles/shows",
};

/** What the generator writes (templates/partials/islands/access_filter.html). */
const MARKUP =
  `<nav class="schedule-days" aria-label="Choisir un jour"><ul><li><a class="tap" href="#day-2026-11-22">dim. 22 nov.</a></li></ul></nav>` +
  `<button type="button" class="schedule-filters-open tap" aria-haspopup="dialog">Filtres</button>` +
  `<div class="access-filter">` +
  `<button type="button" class="tap" aria-pressed="false" data-access="audiodesc">Audiodescription</button>` +
  `<button type="button" class="tap" aria-pressed="false" data-access="pmr">Accès fauteuil roulant</button></div>` +
  `<p class="schedule-count" role="status"></p>`;

const chip = (id: string, time: string, tags: string) =>
  `<li class="st" data-id="${id}" data-tags="${tags}"><a href="https://tickets.example.org/${id}" rel="nofollow"><time datetime="2026-11-22T${time}+01:00">${time}</time></a></li>`;

const DAYS =
  `<section class="day" aria-labelledby="day-2026-11-22"><h3 id="day-2026-11-22"><time datetime="2026-11-22">dimanche 22 novembre</time></h3><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="dune"><h4><a href="/film/dune">Dune</a></h4><p class="version">VF</p><ul class="showtimes" data-version="vf">${chip("st1", "14:00", "imax,pmr")}${chip("st2", "20:30", "audiodesc,pmr")}</ul></li>` +
  `<li class="schedule-show" data-show="wish"><h4><a href="/film/wish">Wish</a></h4><p class="version">VF</p><ul class="showtimes" data-version="vf">${chip("st3", "10:00", "pmr")}</ul></li>` +
  `</ul></section>`;

const showtime = (id: string, time: string, tags: string[]) => ({
  id,
  show: id === "st3" ? "wish" : "dune",
  cinema: "versailles",
  status: "available",
  datetime: `2026-11-22T${time}:00+01:00`,
  version: { slug: "vf", label: "VF" },
  flags: { threeD: false },
  bookingUrl: `https://tickets.example.org/${id}`,
  tags: tags.filter((t) => t !== "pmr"),
  accessibilityIcons: tags.filter((t) => t !== "imax"),
});

const api: ApiRoutes = ({ url }) => {
  if (url.pathname === "/api/cinema/versailles/shows")
    return {
      body: {
        days: {
          "2026-11-22": [
            { show: "dune", showtimes: [showtime("st1", "14:00", ["imax", "pmr"]), showtime("st2", "20:30", ["audiodesc", "pmr"])] },
            { show: "wish", showtimes: [showtime("st3", "10:00", ["pmr"])] },
          ],
        },
      },
    };
  if (url.pathname === "/api/cinema/versailles")
    return { body: { slug: "versailles", name: "Versailles", accessibilityDescription: "Toutes les salles sont accessibles.", accesLibreUrl: "https://acceslibre.beta.gouv.fr/x" } };
  return undefined;
};

async function page(href = "/cinemas/versailles") {
  const t = testPage({ href, api: routes(api, anonymous) });
  const el = await mountOn(mount, `<section aria-labelledby="schedule"><h2 id="schedule">Séances</h2><div class="schedule-tools" data-island="schedule">${MARKUP}</div>${DAYS}</section>`, PROPS);
  const section = el.parentElement!;
  const shown = () => [...section.querySelectorAll<HTMLElement>("li.st")].filter((c) => !c.closest("[hidden]")).map((c) => c.dataset.id);
  return { ...t, el, section, shown };
}

afterEach(() => {
  cleanPage();
  vi.unstubAllGlobals();
});

describe("the access sheet on a schedule", () => {
  it("renders the toggles first as the server wrote them: the accessibility tags offered, in a fixed order", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("shows only the audio-described screenings in one tap, with their count and the URL; a second tap shows all", async () => {
    const { el, url, shown } = await page();
    const toggle = el.querySelector<HTMLButtonElement>("button[data-access=audiodesc]")!;
    await click(toggle);
    await settle();
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(url.href()).toBe("/cinemas/versailles/filters/tags-audiodesc");
    expect(shown()).toEqual(["st2"]);
    expect(el.querySelector(".schedule-count")?.textContent).toBe("1 séance affichée");
    // With wheelchair access too: every chosen feature at the same screening.
    await click(el.querySelector("button[data-access=pmr]"));
    await settle();
    expect(url.href()).toBe("/cinemas/versailles/filters/tags-audiodesc,pmr");
    expect(shown()).toEqual(["st2"]);
    await click(toggle);
    await settle();
    expect(shown()).toEqual(["st1", "st2", "st3"]);
    expect(el.querySelector(".schedule-count")?.textContent).toBe("3 séances affichées");
    await click(el.querySelector("button[data-access=pmr]"));
    await settle();
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(url.href()).toBe("/cinemas/versailles");
    expect(el.querySelector(".schedule-count")?.textContent).toBe("");
  });

  it("has an Access section in a showtime's details: its features in words, the cinema's description and Acceslibre link", async () => {
    const { section, api: site } = await page("/cinemas/versailles/filters/tags-audiodesc");
    // The on-demand module asks the cinema with the page's fetch, as keep.ts does.
    vi.stubGlobal("fetch", site.fetch);
    await click(section.querySelector<HTMLAnchorElement>("li.st[data-id=st2] a"));
    await settle();
    await settle();
    const dialog = dialogs()[0]!;
    const sheet = dialog.querySelector(".showtime-access")!;
    expect(sheet.querySelector("h3")?.textContent).toBe(FR["accessibility.sheet"]);
    expect([...sheet.querySelectorAll("li[data-access]")].map((li) => li.getAttribute("data-access"))).toEqual(["audiodesc", "pmr"]);
    expect(sheet.textContent).toContain(FR["accessibility.audioDescription"]);
    expect(sheet.textContent).toContain(FR["accessibility.stepFree"]);
    expect(sheet.textContent).toContain("Toutes les salles sont accessibles.");
    expect(byText<HTMLAnchorElement>(sheet as HTMLElement, "a", FR["accessibility.accesLibre"]!)?.href).toBe("https://acceslibre.beta.gouv.fr/x");
    await key(dialog, "Escape");
  });
});
