// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { mount, type ModalsProps } from "../../islands/modals";
import { pageModals } from "../../stores/page/modals";
import { pageSchedule } from "../../stores/page/schedule";
import { cleanPage, click, dialogs, key, mountOn, settle, testPage } from "../../testing/islands";
import { labelsOf } from "../../testing/labels";
import { monthGrids, triggerData, unmount } from "./modals-ui";

const PROPS: ModalsProps = { site: "fr", lang: "fr", labels: labelsOf("modals") };

/** The show page's sections (templates/pages/show.html) and its feelings island's buttons. */
const SHOW_PAGE =
  `<dl class="facts" id="show-facts" aria-label="Détails du film"><div><dt>Durée</dt><dd>1 h 52</dd></div><div><dt>Réalisé par</dt><dd>Agnès Varda</dd></div></dl>` +
  `<section class="audience" id="show-audience" aria-labelledby="show-audience-title"><h2 id="show-audience-title">L’avis des spectateurs</h2><p>40 avis</p><ul><li>J’ai adoré 50 %</li></ul></section>` +
  `<div class="show-feelings"><fieldset class="emotions"><button type="button" class="emotion" data-emotion="disappointed" aria-pressed="false">Déçu</button><button type="button" class="emotion" data-emotion="liked" aria-pressed="true">J’ai aimé</button><button type="button" class="emotion" data-emotion="loved" aria-pressed="false">J’ai adoré</button></fieldset></div>` +
  `<section><div id="day-2026-11-27"></div><div id="day-2026-11-28"></div></section>`;

/** The triggers (templates: show.html hero actions, schedule_tools.html, experience.html). */
const TRIGGERS =
  `<p class="hero-actions" data-island="modals">` +
  `<a class="button tap" href="#show-facts" data-modal="showDetails" aria-haspopup="dialog">Plus de détails</a>` +
  `<a class="button tap" href="#show-audience" data-modal="globalFeelings" aria-haspopup="dialog">L’avis des spectateurs</a>` +
  `<button type="button" class="button tap" data-modal="clientRating" aria-haspopup="dialog">Noter le film</button>` +
  `<button type="button" class="button tap" data-modal="calendar" data-days="2026-11-27,2026-11-28,2026-12-02" aria-haspopup="dialog">Calendrier</button>` +
  `<a class="button tap" href="https://vimeo.com/42" data-modal="experienceTeaser" data-section="teaser" data-video='{"id":"42","provider":"vimeo"}' aria-haspopup="dialog">Voir le teaser</a>` +
  `</p>`;

async function page(width = 1280) {
  const t = testPage({ href: "/films/cleo", width });
  document.body.innerHTML = SHOW_PAGE + `<p id="teaser">Le son qui vous entoure.</p>`;
  const el = await mountOn(mount, TRIGGERS, PROPS);
  const trigger = (selector: string) => el.querySelector<HTMLElement>(`[data-modal="${selector}"]`)!;
  return { ...t, el, trigger };
}

afterEach(() => {
  cleanPage();
  unmount();
});

describe("modals island", () => {
  it("opens the show details with the page's facts, closes with Escape and gives focus back", async () => {
    const { trigger } = await page();
    const link = trigger("showDetails");
    link.focus();
    await click(link);
    const [dialog] = dialogs();
    expect(dialog?.querySelector(".dialog-title")?.textContent).toBe("Détails du film");
    expect(dialog?.querySelector("dl.facts > div > dd")?.textContent).toBe("1 h 52");
    // A copy: no duplicate ids in the page.
    expect(dialog?.querySelector("[id]:not(h2)")).toBeNull();
    expect(pageModals().getState().modals.showDetails.open).toBe(true);
    await key(dialog, "Escape");
    expect(dialogs()).toHaveLength(0);
    expect(pageModals().getState().modals.showDetails.open).toBe(false);
    expect(document.activeElement).toBe(link);
    expect(document.getElementById("show-facts")).not.toBeNull();
  });

  it("shows the audience's feelings under the section's heading; the overlay closes it", async () => {
    const { trigger } = await page();
    await click(trigger("globalFeelings"));
    const [dialog] = dialogs();
    expect(dialog?.querySelector(".dialog-title")?.textContent).toBe("L’avis des spectateurs");
    expect(dialog?.querySelector("li")?.textContent).toBe("J’ai adoré 50 %");
    await click(document.querySelector(".dialog-backdrop"));
    expect(dialogs()).toHaveLength(0);
  });

  it("rates through the show-feelings island's own button, showing the current rating", async () => {
    const { trigger } = await page();
    let clicked = "";
    document.querySelector(".show-feelings")!.addEventListener("click", (event) => (clicked = (event.target as HTMLElement).dataset.emotion ?? ""));
    await click(trigger("clientRating"));
    const [dialog] = dialogs();
    expect(dialog?.querySelector("legend")?.textContent).toBe(PROPS.labels!["client.emotions.title"]);
    const liked = dialog!.querySelector<HTMLElement>('[data-emotion="liked"]')!;
    expect(liked.getAttribute("aria-pressed")).toBe("true");
    await click(dialog!.querySelector('[data-emotion="loved"]'));
    expect(clicked).toBe("loved");
    expect(dialogs()).toHaveLength(0);
  });

  it("opens the desktop calendar on a desktop: a day picked is the schedule's day and start day", async () => {
    const { trigger } = await page(1280);
    await click(trigger("calendar"));
    expect(pageModals().getState().modals.calendarDesktop.open).toBe(true);
    expect(pageModals().getState().modals.calendarMobile.open).toBe(false);
    const [dialog] = dialogs();
    expect(dialog?.classList.contains("dialog-popin")).toBe(true);
    // November and December 2026; the days with showtimes are buttons, the others are not.
    expect([...dialog!.querySelectorAll("caption")].map((c) => c.textContent)).toEqual(["novembre 2026", "décembre 2026"]);
    const buttons = [...dialog!.querySelectorAll<HTMLButtonElement>("td button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["27", "28", "2"]);
    expect(buttons[0]?.getAttribute("aria-pressed")).toBe("true");
    expect(buttons[1]?.getAttribute("aria-label")).toBe("samedi 28 novembre");
    await click(buttons[2]);
    expect(pageSchedule().getState().selectedDay).toBe("2026-12-02");
    expect(pageSchedule().getState().startDay).toBe("2026-12-02");
    expect(dialogs()).toHaveLength(0);
  });

  it("opens the mobile calendar, full screen, on a phone", async () => {
    const { trigger } = await page(375);
    await click(trigger("calendar"));
    expect(pageModals().getState().modals.calendarMobile.open).toBe(true);
    expect(dialogs()[0]?.classList.contains("dialog-fullscreen")).toBe(true);
    expect(pageModals().getState().scrollLocked).toBe(true);
  });

  it("plays the experience teaser in its modal and stops it on close", async () => {
    const { trigger } = await page();
    await click(trigger("experienceTeaser"));
    const [dialog] = dialogs();
    expect(dialog?.textContent).toContain("Le son qui vous entoure.");
    expect(dialog?.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/42?autoplay=1");
    await key(dialog, "Escape");
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("is reset by a route change", async () => {
    const { trigger } = await page();
    await click(trigger("showDetails"));
    pageModals().getState().routeChanged();
    await settle();
    expect(dialogs()).toHaveLength(0);
  });
});

describe("calendar grid", () => {
  it("lays out each month Monday first", () => {
    const [nov] = monthGrids(["2026-11-27"]);
    // 1 November 2026 is a Sunday: six empty cells before it.
    expect(nov?.weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    // 30 November is a Monday: alone in the last week.
    expect(nov?.weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(monthGrids(["2026-12-02", "2026-11-30"]).map((m) => m.month)).toEqual(["2026-11", "2026-12"]);
  });

  it("reads a trigger's section, days and video", () => {
    const a = document.createElement("a");
    a.href = "/x#show-facts";
    expect(triggerData(a)).toEqual({ section: "show-facts" });
    const b = document.createElement("button");
    b.dataset.days = "2026-11-27,2026-11-28";
    expect(triggerData(b, "2026-11-28")).toEqual({ days: ["2026-11-27", "2026-11-28"], selected: "2026-11-28" });
    expect(triggerData(b, "2026-12-31").selected).toBe("2026-11-27");
  });
});
