// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount, type GiftCardProps } from "../../islands/gift-card";
import { pageAlerts } from "../../stores/page/alerts";
import { byText, cleanPage, click, dialogs, firstRender, mountOn, routes, sameMarkup, settle, testPage, anonymous, type ApiRoutes } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";

// The widget (a proof of work) is the browser tests'; here a stand-in solves at once.
vi.mock("../../lib/captcha-widget", () => ({
  mountWidget: (_host: HTMLElement, options: { onChange(p: string | null): void }) => {
    queueMicrotask(() => options.onChange("solution-1"));
    return () => {};
  },
}));

const PROPS: GiftCardProps = { site: "fr", lang: "fr", labels: labelsOf("gift-card") };

/** The balance page's server markup (templates/pages/gift_card.html). */
const INLINE = `<form class="gift-card-form" aria-busy="false"><label for="gift-card-number">Numéro de carte</label><input id="gift-card-number" name="number" required="" inputmode="numeric" autocomplete="off"><label for="gift-card-pin">Code de sécurité</label><input id="gift-card-pin" name="pin" required="" inputmode="numeric" autocomplete="off" type="password"><div class="captcha"></div><button type="submit" class="button tap" disabled="">Consulter le solde</button></form><div class="gift-card-result" role="status"></div>`;

const cards: ApiRoutes = ({ url }) => {
  if (!url.pathname.startsWith("/api/gift-card/")) return undefined;
  if (url.pathname.endsWith("/6006/4321")) return { body: { resultCode: 0, card: { number: "6006", balance: 25.5, currency: "EUR", expiry: "2027-01-31" } } };
  if (url.pathname.endsWith("/7007/4321")) return { body: { resultCode: 2 } };
  return { body: { resultCode: 1, message: FR["giftCard.notFound"] } };
};

async function check(number: string) {
  testPage({ api: routes(cards, anonymous) });
  const el = await mountOn(mount, `<div class="gift-card-inline" data-island="gift-card">${INLINE}</div>`, { ...PROPS, inline: true });
  await settle();
  (el.querySelector("#gift-card-number") as HTMLInputElement).value = number;
  (el.querySelector("#gift-card-pin") as HTMLInputElement).value = "4321";
  await click(byText(el, "button", FR["giftCard.checkBalance"]!));
  await settle();
  return { el, status: el.querySelector("[role=status]")! };
}

afterEach(cleanPage);

describe("gift-card island", () => {
  it("on the balance page, renders first what the server wrote: the form open in the page", () => {
    testPage();
    expect(sameMarkup(INLINE, firstRender(mount, { ...PROPS, inline: true }))).toBe(true);
  });

  it("result code 0: the balance and expiry in the status region, no alert, the PIN cleared", async () => {
    const { el, status } = await check("6006");
    expect(status.textContent.replace(/\s/g, " ")).toBe(`${FR["giftCard.balance"]!.replace("{amount}", "25,50 €")}${FR["giftCard.expiry"]!.replace("{date}", "31/01/2027")}`.replace(/\s/g, " "));
    expect(pageAlerts().getState().queue).toEqual([]);
    expect((el.querySelector("#gift-card-pin") as HTMLInputElement).value).toBe("");
  });

  it("result code 1: the API's message as a warning alert styled gift-card-error-alert", async () => {
    const { status } = await check("1111");
    expect(status.textContent).toBe(FR["giftCard.notFound"]);
    expect(pageAlerts().getState().queue[0]).toMatchObject({ level: "warning", title: FR["giftCard.notFound"], class: "gift-card-error-alert", icon: "warning" });
  });

  it("result code 2 without a message: the expired card's words", async () => {
    const { status } = await check("7007");
    expect(status.textContent).toBe(FR["giftCard.expired"]);
    expect(pageAlerts().getState().queue[0]).toMatchObject({ title: FR["giftCard.expired"], class: "gift-card-error-alert" });
  });

  it("on the gift-card page, the button opens the check in a dialog", async () => {
    testPage({ api: routes(cards, anonymous) });
    const el = await mountOn(mount, `<div class="gift-card-check" data-island="gift-card"><button type="button" class="button tap" aria-haspopup="dialog" aria-expanded="false">Consulter le solde</button></div>`, PROPS);
    await click(el.querySelector("button"));
    await settle();
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]!.querySelector("#gift-card-number")).not.toBeNull();
  });
});
