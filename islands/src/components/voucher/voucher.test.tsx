// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount, type VoucherProps } from "../../islands/voucher";
import { pageAlerts } from "../../stores/page/alerts";
import { byText, cleanPage, click, dialogs, firstRender, mountOn, routes, sameMarkup, settle, testPage, anonymous, type ApiRoutes } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";

// The widget itself (a proof of work in Web Workers) is the browser tests' (captcha.test.mjs);
// here it is a stand-in that hands over a new solution each time one is mounted.
const solutions: string[] = [];
let nextSolution = "solution-1";
vi.mock("../../lib/captcha-widget", () => ({
  mountWidget: (host: HTMLElement, options: { challengeUrl: string; onChange(p: string | null): void }) => {
    host.dataset.challenge = options.challengeUrl;
    solutions.push(nextSolution);
    queueMicrotask(() => options.onChange(nextSolution));
    return () => {};
  },
}));

const PROPS: VoucherProps = { site: "fr", lang: "fr", labels: labelsOf("voucher") };

/** What the generator writes inside the island's element (README, island "voucher"). */
const MARKUP = `<button type="button" class="button tap" aria-haspopup="dialog" aria-expanded="false">Vérifier un bon</button>`;

const vouchers: ApiRoutes = ({ url, headers }) => {
  if (!url.pathname.startsWith("/api/voucher/")) return undefined;
  if (headers["X-Captcha-Response"] !== "solution-1") return { status: 400, body: { error: "captcha", message: FR["voucher.captcha"] } };
  return url.pathname.endsWith("/GOOD1234")
    ? { body: { resultCode: 0, card: { code: "GOOD1234", label: "Ciné-carte 5 places", expiry: "2026-12-31" } } }
    : { body: { resultCode: 2, message: FR["voucher.errorDefault"] } };
};

async function check(code: string, captcha = "solution-1") {
  nextSolution = captcha;
  testPage({ api: routes(vouchers, anonymous) });
  const el = await mountOn(mount, `<div class="voucher-checker" data-island="voucher">${MARKUP}</div>`, PROPS);
  await click(el.querySelector("button"));
  const dialog = dialogs()[0]!;
  const field = (label: string) => document.getElementById(byText(dialog, "label", label)!.getAttribute("for")!) as HTMLInputElement;
  field(FR["voucher.code"]!).value = code;
  await settle();
  await click(byText(dialog, "button", FR["voucher.check"]!));
  await settle();
  return { dialog, status: dialog.querySelector("[role=status]")! };
}

afterEach(cleanPage);

describe("voucher island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mount, PROPS))).toBe(true);
  });

  it("shows a valid voucher in the status region, the captcha's answer sent along", async () => {
    const { status, dialog } = await check("GOOD1234");
    expect(status.textContent).toBe("Ce bon est valable. Ciné-carte 5 placesValable jusqu’au 31/12/2026");
    expect(document.activeElement && dialog.contains(document.activeElement)).toBe(true);
    expect(pageAlerts().getState().queue).toEqual([]);
  });

  it("warns with the message given when the voucher is not valid", async () => {
    const { status } = await check("USED0000");
    expect(status.textContent).toBe(FR["voucher.errorDefault"]);
    expect(pageAlerts().getState().queue[0]).toMatchObject({ level: "warning", title: FR["voucher.errorDefault"], class: "voucher-error-alert", icon: "warning" });
  });

  it("says so when the captcha is refused", async () => {
    const { status } = await check("GOOD1234", "robot");
    expect(status.textContent).toBe(FR["voucher.captcha"]);
  });

  it("loads the widget only when the form shows, and asks a new solution after each answer", async () => {
    solutions.length = 0;
    testPage({ api: routes(vouchers, anonymous) });
    const el = await mountOn(mount, `<div class="voucher-checker" data-island="voucher">${MARKUP}</div>`, PROPS);
    expect(solutions).toEqual([]);
    await click(el.querySelector("button"));
    await settle();
    const dialog = dialogs()[0]!;
    expect(dialog.querySelector<HTMLElement>(".captcha")?.dataset.challenge).toBe("/api/captcha/challenge");
    expect(solutions).toHaveLength(1);
    const button = byText(dialog, "button", FR["voucher.check"]!) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    (document.getElementById(byText(dialog, "label", FR["voucher.code"]!)!.getAttribute("for")!) as HTMLInputElement).value = "GOOD1234";
    await click(button);
    await settle();
    expect(solutions).toHaveLength(2);
  });
});
