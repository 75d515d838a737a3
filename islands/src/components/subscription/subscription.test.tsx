// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { mount, type SubscriptionProps } from "../../islands/subscription";
import { pageSubscription } from "../../stores/page/subscription";
import { cleanPage, click, dialogs, firstRender, key, mountOn, sameMarkup, testPage } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";
import { formatMoney } from "../../lib/format";

const PROPS: SubscriptionProps = {
  site: "fr",
  lang: "fr",
  labels: labelsOf("subscription"),
  currency: "EUR",
  locale: "fr-FR",
  subscribeUrl: "https://account.example.org/subscribe",
  offers: [
    { id: "solo", title: "Solo", description: "Une personne", monthlyPrice: 21.9, commitmentMonths: 12, priceLabel: "21,90 € / mois", options: [{ id: "3d", label: "Option 3D", price: 2, maxQuantity: 1 }, { id: "guest", label: "Invité", price: 9.5, maxQuantity: 2 }] },
    { id: "duo", title: "Duo", description: null, monthlyPrice: 39.9, commitmentMonths: 12, priceLabel: "39,90 € / mois", options: [] },
  ],
};

/** What the generator writes inside the island's element (README, island "subscription"). */
const MARKUP =
  `<ul class="cards"><li><h2>Solo</h2><p>Une personne</p><p class="price">21,90 € / mois</p><button type="button" class="button tap" aria-haspopup="dialog" data-offer="solo">Choisir cette formule</button></li>` +
  `<li><h2>Duo</h2><p class="price">39,90 € / mois</p><button type="button" class="button tap" aria-haspopup="dialog" data-offer="duo">Choisir cette formule</button></li></ul>`;

const money = (n: number) => formatMoney(n, "EUR", "fr-FR");
const totalOf = (n: number) => FR["subscription.total"]!.replace("{price}", money(n));

afterEach(cleanPage);

describe("subscription island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mount, PROPS))).toBe(true);
  });

  it("picks a plan: options from 0 within their maximum, the total announced, and a subscribe link with the plan", async () => {
    testPage();
    const el = await mountOn(mount, `<div class="subscription" data-island="subscription">${MARKUP}</div>`, PROPS);
    await click(el.querySelector("[data-offer=solo]"));
    const dialog = dialogs()[0]!;
    expect(dialog.querySelector("h2")?.textContent).toBe("Solo");
    const total = () => dialog.querySelector("[role=status]")?.textContent;
    expect(total()).toBe(totalOf(21.9));
    const plus = (name: string) => dialog.querySelector<HTMLButtonElement>(`button[aria-label="Augmenter la quantité de ${name}"]`)!;
    await click(plus("Invité"));
    await click(plus("Invité"));
    expect(plus("Invité").disabled).toBe(true);
    await click(plus("Option 3D"));
    expect(total()).toBe(totalOf(21.9 + 19 + 2));
    expect(dialog.querySelector<HTMLAnchorElement>("a.button")?.href).toBe("https://account.example.org/subscribe?offer=solo&options=3d%3A1%2Cguest%3A2");
    await key(dialog, "Escape");
    expect(pageSubscription().getState().plan).toBeNull();
  });
});
