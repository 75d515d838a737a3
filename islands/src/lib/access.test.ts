// @vitest-environment jsdom
// The access sheet's filter (issue 17 item 5): the rule of lib/access.ts and how a schedule
// applies it (schedule-dom.ts `filterShows`), on markup as fragments.rs writes it.
import { describe, expect, it } from "vitest";
import { filterShows } from "../components/schedule/schedule-dom";
import { emptyFilters } from "./filters";
import { ACCESS, accessChosen, chipPasses, shownScreenings } from "./access";

const chip = (id: string, tags: string) => `<li class="st" data-id="${id}"${tags ? ` data-tags="${tags}"` : ""}><a href="https://t.example/${id}"><time>20:00</time></a></li>`;

/** Two shows: Dune with an AD screening (and pmr everywhere), Wish with none; a later day with ST-SME. */
const DAYS =
  `<section class="day" aria-labelledby="day-2026-11-22"><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="dune"><h4>Dune</h4><p class="version">VF</p><ul class="showtimes" data-version="vf">${chip("a", "audiodesc,pmr")}${chip("b", "imax,pmr")}</ul>` +
  `<p class="version">VOST</p><ul class="showtimes" data-version="vost">${chip("c", "pmr")}</ul></li>` +
  `<li class="schedule-show" data-show="wish"><h4>Wish</h4><p class="version">VF</p><ul class="showtimes" data-version="vf">${chip("d", "pmr")}${chip("e", "")}</ul></li>` +
  `</ul></section>` +
  `<section class="day" aria-labelledby="day-2026-11-23"><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="wish"><h4>Wish</h4><p class="version">VF</p><ul class="showtimes" data-version="vf">${chip("f", "hearing-impaired,audiodesc,pmr")}</ul></li>` +
  `</ul></section>`;

const page = () => {
  const root = document.createElement("section");
  root.innerHTML = DAYS;
  return root;
};
const shownIds = (root: Element) => [...root.querySelectorAll<HTMLElement>("li.st")].filter((c) => !c.closest("[hidden]")).map((c) => c.dataset.id);
const withTags = (...tags: string[]) => ({ ...emptyFilters(), tags });

describe("the access rule", () => {
  it("keeps the accessibility tags among the chosen ones, in a fixed order", () => {
    expect(accessChosen(["imax", "pmr", "audiodesc"])).toEqual(["audiodesc", "pmr"]);
    expect(accessChosen(["pmr", "imax", "hearing-impaired"])).toEqual(["hearing-impaired", "pmr"]);
    expect(accessChosen(["imax", "4dx"])).toEqual([]);
    expect(ACCESS).toEqual(["audiodesc", "hearing-impaired", "pmr"]);
  });

  it("passes a screening only with every accessibility tag chosen", () => {
    expect(chipPasses(["audiodesc", "pmr"], ["audiodesc"])).toBe(true);
    expect(chipPasses(["audiodesc", "pmr"], ["audiodesc", "pmr"])).toBe(true);
    expect(chipPasses(["audiodesc"], ["audiodesc", "hearing-impaired"])).toBe(false);
    expect(chipPasses([], ["pmr"])).toBe(false);
    expect(chipPasses(["imax"], [])).toBe(true);
  });
});

describe("a schedule filtered by audio description", () => {
  it("shows only the screenings whose chip carries it, hides the versions and shows left without, and counts them", () => {
    const root = page();
    const kept = filterShows(root, withTags("audiodesc"), "Aucune séance");
    expect(shownIds(root)).toEqual(["a", "f"]);
    expect(kept.get("2026-11-22")).toBe(1);
    expect(root.querySelector<HTMLElement>('[data-show="wish"]')!.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>('ul[data-version="vost"]')!.hidden).toBe(true);
    expect(root.querySelectorAll<HTMLElement>("p.version")[1]!.hidden).toBe(true);
    expect(shownScreenings(root)).toBe(2);
    // The count agrees with the chips' own data attributes.
    expect(shownScreenings(root)).toBe([...root.querySelectorAll("li.st")].filter((c) => c.getAttribute("data-tags")?.split(",").includes("audiodesc")).length);
  });

  it("composes with the other accessibility tags and with the versions", () => {
    const root = page();
    filterShows(root, withTags("audiodesc", "hearing-impaired"), "");
    expect(shownIds(root)).toEqual(["f"]);
    filterShows(root, { ...withTags("pmr"), versions: ["vf"] }, "");
    expect(shownIds(root)).toEqual(["a", "b", "d", "f"]);
    // An experience tag keeps spec §5's show rule: the show passes, every screening of it shows.
    filterShows(root, withTags("imax"), "");
    expect(shownIds(root)).toEqual(["a", "b", "c"]);
  });

  it("shows everything again when toggled off", () => {
    const root = page();
    filterShows(root, withTags("audiodesc"), "");
    filterShows(root, emptyFilters(), "");
    expect(shownIds(root)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(root.querySelectorAll("[hidden]").length).toBe(0);
  });

  it("hides the versions of a cinema across cinemas left without screenings (CSS hides its block), and leaves the locator's hidden cinema hidden", () => {
    const root = document.createElement("section");
    root.innerHTML =
      `<section class="day" aria-labelledby="day-2026-11-22" data-places><ul class="schedule-shows"><li class="schedule-show" data-show="dune"><div class="cinemas">` +
      `<section class="schedule-cinema" data-cinema="opera"><h5>Opéra</h5><div class="versions"><ul class="showtimes" data-version="vf">${chip("a", "audiodesc")}</ul></div></section>` +
      `<section class="schedule-cinema" data-cinema="lyon"><h5>Lyon</h5><div class="versions"><ul class="showtimes" data-version="vf">${chip("b", "pmr")}</ul></div></section>` +
      `<section class="schedule-cinema" data-cinema="nice" hidden><h5>Nice</h5><div class="versions"><ul class="showtimes" data-version="vf">${chip("c", "audiodesc")}</ul></div></section>` +
      `</div></li></ul></section>`;
    const list = (slug: string) => root.querySelector<HTMLElement>(`[data-cinema="${slug}"] ul.showtimes`)!;
    filterShows(root, withTags("audiodesc"), "");
    expect(shownIds(root)).toEqual(["a"]);
    expect([list("opera").hidden, list("lyon").hidden]).toEqual([false, true]);
    filterShows(root, emptyFilters(), "");
    expect(shownIds(root)).toEqual(["a", "b"]);
    expect(root.querySelector<HTMLElement>('[data-cinema="nice"]')!.hidden).toBe(true);
  });
});
