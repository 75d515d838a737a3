// @vitest-environment jsdom
// "Languages I understand" (issue 17 item 2): the filter over the generator's version lists,
// its cookie, the chooser, and how it composes with the schedule's own filters.
import { afterEach, describe, expect, it } from "vitest";
import { FR, labelsOf } from "../../testing/labels";
import followLanguages, { applyLanguages, followCookie, followable, pageLanguages, readFollowed, translate } from "./languages";
import { filterShows } from "./schedule-dom";

const chip = (id: string, time: string) => `<li class="st" data-id="${id}"><a href="https://tickets.example.org/${id}" rel="nofollow"><time datetime="2026-11-22T${time}+01:00">${time}</time></a></li>`;
const list = (version: string, audio: string, subs: string, chips: string) =>
  `<p class="version">${version}</p><ul class="showtimes" data-version="${version}" data-audio="${audio}"${subs ? ` data-subs="${subs}"` : ""}>${chips}</ul>`;

/** A cinema's schedule as fragments.rs writes it: Dune in VF, VOST and VO; Nosferatu in VOST-NL only; Heidi in OmU (de). */
const SCHEDULE =
  `<div class="follow-langs-tools"><button type="button" class="follow-langs-open tap" aria-expanded="false" aria-controls="follow-langs-panel">Langues</button><div id="follow-langs-panel" class="follow-langs" hidden></div></div>` +
  `<section class="day" aria-labelledby="day-2026-11-22"><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="dune" data-genres="Drame"><h4>Dune</h4>` +
  list("vf", "fr", "", chip("a1", "14:00") + chip("a2", "17:00")) +
  list("vost", "orig", "fr", chip("a3", "20:00")) +
  list("vo", "orig", "", chip("a4", "22:00")) +
  `</li>` +
  `<li class="schedule-show" data-show="nosferatu" data-genres="Horreur"><h4>Nosferatu</h4>${list("vostnl", "orig", "nl", chip("b1", "21:00") + chip("b2", "23:00"))}</li>` +
  `<li class="schedule-show" data-show="heidi" data-genres="Famille"><h4>Heidi</h4>${list("omu", "orig", "de", chip("c1", "10:00"))}${list("x", "und", "", chip("c2", "12:00"))}</li>` +
  `</ul></section>`;

const page = () => {
  document.documentElement.lang = "fr";
  document.body.innerHTML = `<section class="schedule">${SCHEDULE}</section>`;
  return document.querySelector<HTMLElement>("section.schedule")!;
};
const visible = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>("li.st")].filter((c) => !c.closest("[hidden]")).map((c) => c.dataset.id);
const clearCookie = () => (document.cookie = "follow_langs=; path=/; max-age=0");

afterEach(() => {
  clearCookie();
  document.body.innerHTML = "";
});

describe("followable", () => {
  const el = (audio: string, subs?: string) => {
    const ul = document.createElement("ul");
    ul.setAttribute("data-audio", audio);
    if (subs) ul.setAttribute("data-subs", subs);
    return ul;
  };
  it("by the audio or by one of the subtitles", () => {
    expect(followable(el("fr"), ["fr", "en"])).toBe(true);
    expect(followable(el("orig", "fr"), ["fr"])).toBe(true);
    expect(followable(el("orig", "de,fr"), ["fr"])).toBe(true);
    expect(followable(el("orig", "nl"), ["fr", "en"])).toBe(false);
    expect(followable(el("ar"), ["fr"])).toBe(false);
  });
  it("an original version without subtitles is no followed language", () => {
    expect(followable(el("orig"), ["fr", "en"])).toBe(false);
  });
  it("an unknown version, and no choice at all, hide nothing", () => {
    expect(followable(el("und"), ["fr"])).toBe(true);
    expect(followable(el("nl"), [])).toBe(true);
    expect(followable(document.createElement("ul"), ["fr"])).toBe(true);
  });
});

describe("the cookie", () => {
  it("reads the followed languages, ignoring what is not a language code", () => {
    expect(readFollowed("a=1; follow_langs=fr%2Cen; b=2")).toEqual(["fr", "en"]);
    expect(readFollowed("follow_langs=fr,EN,fr,<x>,")).toEqual(["fr", "en"]);
    expect(readFollowed("other_follow_langs=de")).toEqual([]);
    expect(readFollowed("")).toEqual([]);
  });
  it("is site-wide for a year, SameSite=Lax; no language removes it", () => {
    expect(followCookie(["fr", "en"], false)).toBe("follow_langs=fr,en; path=/; max-age=31536000; SameSite=Lax");
    expect(followCookie(["fr"], true)).toContain("; Secure");
    expect(followCookie([], false)).toContain("max-age=0");
  });
});

describe("applyLanguages", () => {
  it("hides the versions not followed, their labels and the shows left empty, and counts their screenings", () => {
    const root = page();
    const hidden = applyLanguages(root, ["fr", "en"], false);
    expect(visible(root)).toEqual(["a1", "a2", "a3", "c2"]);
    // VO (1) + VOST-NL (2) + OmU (1).
    expect(hidden.get("2026-11-22")).toBe(4);
    expect(root.querySelector<HTMLElement>('[data-show="nosferatu"]')!.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>('ul[data-version="vo"]')!.previousElementSibling!.hasAttribute("hidden")).toBe(true);
    // Heidi keeps its unknown version.
    expect(root.querySelector<HTMLElement>('[data-show="heidi"]')!.hidden).toBe(false);
  });
  it("shows everything again with show all, or with other languages", () => {
    const root = page();
    applyLanguages(root, ["fr"], false);
    expect(applyLanguages(root, ["fr"], true).get("2026-11-22")).toBe(0);
    expect(visible(root)).toHaveLength(8);
    applyLanguages(root, ["de"], false);
    expect(visible(root)).toEqual(["c1", "c2"]);
  });
  it("composes with the schedule's filters: what they hide stays hidden and is not counted", () => {
    const root = page();
    filterShows(root, { versions: [], tags: [], genres: ["Horreur"] }, "Aucune séance");
    const hidden = applyLanguages(root, ["fr"], false);
    expect(visible(root)).toEqual([]);
    expect(hidden.get("2026-11-22")).toBe(2);
    // The filters removed: the languages alone decide again.
    filterShows(root, { versions: [], tags: [], genres: [] }, "Aucune séance");
    applyLanguages(root, ["fr"], false);
    expect(visible(root)).toEqual(["a1", "a2", "a3", "c2"]);
  });
  it("offers the base languages and those the page's versions have", () => {
    expect(pageLanguages(page())).toEqual(["fr", "en", "de", "nl"]);
  });
});

describe("the chooser", () => {
  const t = translate(labelsOf("schedule"));
  it("says how many screenings are hidden, stores the choice, and shows all at one click", () => {
    document.cookie = "follow_langs=fr";
    const root = page();
    followLanguages(root, t);
    const line = root.querySelector<HTMLElement>(".follow-langs-hidden")!;
    expect(line.hidden).toBe(false);
    expect(line.textContent).toContain(FR["schedule.languages.hidden.other"]!.replace("{count}", "4"));
    // Open, then follow English too: nothing more shown (no English version here), the cookie written.
    const toggle = root.querySelector<HTMLButtonElement>(".follow-langs-open")!;
    toggle.click();
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(root.querySelector('input[value="fr"]'));
    const de = root.querySelector<HTMLInputElement>('input[value="de"]')!;
    de.click();
    expect(document.cookie).toContain("follow_langs=fr,de");
    expect(visible(root)).toEqual(["a1", "a2", "a3", "c1", "c2"]);
    // Escape closes and gives the focus back to the button.
    root.querySelector(".follow-langs")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
    const all = [...line.querySelectorAll("button")].find((b) => b.textContent === FR["schedule.languages.showAll"])!;
    all.click();
    expect(visible(root)).toHaveLength(8);
    expect(line.hidden).toBe(true);
    // The choice stays.
    expect(readFollowed(document.cookie)).toEqual(["fr", "de"]);
  });
  it("filters again what the schedule's filters show again", async () => {
    document.cookie = "follow_langs=fr";
    const root = page();
    followLanguages(root, t);
    filterShows(root, { versions: [], tags: [], genres: [] }, "Aucune séance");
    await new Promise((r) => setTimeout(r, 0));
    expect(visible(root)).toEqual(["a1", "a2", "a3", "c2"]);
  });
});
