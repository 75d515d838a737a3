// @vitest-environment jsdom
// The "My evenings" page's island and the card rules it shows (issue 17, item 4).
import { afterEach, describe, expect, it } from "vitest";
import { pageTheater } from "../components/evening/keep";
import { clock, day, eveningsPath, mapLink, readCards, type EveningCard } from "../lib/evenings";
import { mount } from "./evenings";

const CARD: EveningCard = {
  id: "st-1",
  film: "Le Grand Bleu",
  cinema: "Lumen Opéra",
  address: "1 rue de la Paix, 75002 Paris",
  map: mapLink(48.8698, 2.3311),
  hall: "3",
  start: "2026-11-27T23:40:00+01:00",
  end: "2026-11-28T01:52:00+01:00",
  booking: "https://tickets.example/st-1",
  lang: "fr",
  pages: ["/cinemas/opera", "/film/le-grand-bleu"],
};

const MARKUP = `<div data-island="evenings"><p class="evenings-none">Aucune soirée gardée pour l’instant.</p><ul class="evening-cards"></ul></div>`;
const LABELS = { "evening.end": "fin ≈ {time}", "evening.remove": "Retirer cette soirée", "evening.book": "Réserver", "evening.hall": "Salle", "evening.map": "Carte", "evening.cinema": "Page du cinéma" };

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

describe("evening cards", () => {
  it("say the cinema's clock and day, past midnight included, and link OpenStreetMap over https", () => {
    expect(clock(CARD.start)).toBe("23:40");
    expect(clock(CARD.end)).toBe("01:52");
    expect(day(CARD.start, "fr")).toBe("vendredi 27 novembre");
    expect(CARD.map).toBe("https://www.openstreetmap.org/?mlat=48.86980&mlon=2.33110#map=17/48.86980/2.33110");
  });

  it("read a stored list, and nothing from what is not one", () => {
    localStorage.setItem("evenings", "{oops");
    expect(readCards()).toEqual([]);
    localStorage.setItem("evenings", JSON.stringify([CARD, { no: "id" }]));
    expect(readCards()).toEqual([CARD]);
  });

  it("find the page's one MovieTheater with its page, and the footer's link to My evenings", () => {
    document.body.innerHTML =
      `<script type="application/ld+json">{"@type":"Movie","name":"x"}</script>` +
      `<script type="application/ld+json">{"@context":"https://schema.org","@type":"MovieTheater","name":"Lumen Opéra","url":"https://fr.example/cinemas/opera","geo":{"@type":"GeoCoordinates","latitude":48.8,"longitude":2.3}}</script>` +
      `<footer><a href="/mes-soirees" data-evenings>Mes soirées</a></footer>`;
    expect(pageTheater(document)?.name).toBe("Lumen Opéra");
    expect(eveningsPath(document)).toBe("/mes-soirees");
  });

  it("are listed on My evenings with their links, and one button removes a card", () => {
    localStorage.setItem("evenings", JSON.stringify([CARD]));
    document.body.innerHTML = MARKUP;
    const el = document.querySelector<HTMLElement>("[data-island]")!;
    mount(el, { site: "fr", lang: "fr", labels: LABELS } as never);
    const card = el.querySelector(".evening-card")!;
    expect(card.querySelector("h2")?.textContent).toBe("Le Grand Bleu");
    expect(card.querySelector(".evening-when")?.textContent).toBe("vendredi 27 novembre 23:40 – fin ≈ 01:52");
    expect(card.querySelector(".evening-hall")?.textContent).toBe("Salle 3");
    expect([...card.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([CARD.booking, CARD.pages[0], CARD.map]);
    expect(el.querySelector<HTMLElement>(".evenings-none")?.hidden).toBe(true);
    const remove = card.querySelector("button")!;
    expect(remove.type).toBe("button");
    remove.click();
    expect(el.querySelectorAll(".evening-card")).toHaveLength(0);
    expect(el.querySelector<HTMLElement>(".evenings-none")?.hidden).toBe(false);
    expect(localStorage.getItem("evenings")).toBeNull();
  });
});
