// The gift card's balance (spec §4 gift-card modal, §7 `GET /gift-card/{number}/{pin}` with a
// captcha header, §8 messages): number, security code and the captcha; result code 0 shows
// the balance and expiry in a status region; any other code (1 card not found, 2 not usable)
// or a refusal shows the API's message as a warning alert styled `gift-card-error-alert` with
// the warning icon, and in the form. The PIN is never kept: not in the address (a
// header-less GET whose path the API redacts from its logs), not in storage.
//
// On the gift-card page a button opens the form in a dialog; on the balance page (`inline`,
// the gift-card child route) the form is open in the page.

import { useState } from "react";
import { ApiError } from "../../api/call";
import { pageModals } from "../../stores/page/modals";
import { pageEnv, pageOrigin } from "../../stores/page/env";
import { pageAlerts } from "../../stores/page/alerts";
import type { GiftCardProps as OwnProps } from "../../generated/api-types";
import type { GiftCardResult } from "../../types";
import { Captcha } from "../captcha/Captcha";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import { formatMoney } from "../../lib/format";

export type GiftCardProps = IslandProps & Partial<OwnProps>;

/** The API's result codes (runtime-api/src/http/cards.rs). */
export const FOUND = 0;
export const NOT_FOUND = 1;
export const NOT_USABLE = 2;

type Shown = { ok: true; balance: string; expiry: string | null } | { ok: false; message: string } | null;

/** The balance in the page's language: `25,50 €`, `€25.50`. */
export const formatAmount = (amount: number, currency: string, lang: string, site: string) =>
  formatMoney(amount, currency || "EUR", `${lang}-${site.toUpperCase()}`);

/** One look-up: never cached, the captcha's solution as its header. */
export async function lookUp(number: string, pin: string, captcha: string, lang: string): Promise<GiftCardResult> {
  const url = new URL(`/api/gift-card/${encodeURIComponent(number)}/${encodeURIComponent(pin)}`, pageOrigin());
  url.searchParams.set("language", lang);
  const response = await (pageEnv().fetch ?? fetch)(url, { headers: { Accept: "application/json", "X-Captcha-Response": captcha }, cache: "no-store", credentials: "same-origin" });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new ApiError(response.status, body, url.pathname.replace(/\/[^/]+\/[^/]+$/, "/…"));
  return body as GiftCardResult;
}

export function GiftCardCheck(props: GiftCardProps) {
  return props.inline ? <GiftCardForm {...props} /> : <GiftCardDialog {...props} />;
}

function GiftCardDialog(props: GiftCardProps) {
  const t = useT();
  const open = useStore(pageModals(), (s) => s.modals.giftCard.open);
  return (
    <>
      <button type="button" className="button tap" aria-haspopup="dialog" aria-expanded={open} onClick={() => void pageModals().getState().open("giftCard")}>
        {t("giftCard.checkBalance")}
      </button>
      <ModalDialog id="giftCard" title={t("giftCard.checkBalance")} closeLabel={t("modals.close")} className="gift-card">
        <GiftCardForm {...props} />
      </ModalDialog>
    </>
  );
}

function GiftCardForm(props: GiftCardProps) {
  const t = useT();
  // Fixed ids (one form per page): the balance page's server markup carries the same.
  const numberId = "gift-card-number";
  const pinId = "gift-card-pin";
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  const refuse = (message: string) => {
    setShown({ ok: false, message });
    pageAlerts().getState().push({ level: "warning", title: message, class: "gift-card-error-alert", icon: "warning", closable: true });
  };
  const fallback = (code: number) => t(code === NOT_USABLE ? "giftCard.expired" : "giftCard.notFound");

  const check = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    const number = field("number").value.replace(/\s+/g, "");
    const pin = field("pin").value.trim();
    if (!number || !pin || !captcha) return;
    setBusy(true);
    try {
      const answer = await lookUp(number, pin, captcha, props.lang);
      if (answer.resultCode === FOUND && answer.card) {
        const { balance, currency, expiry } = answer.card;
        setShown({ ok: true, balance: formatAmount(balance, currency, props.lang, props.site), expiry: expiry ?? null });
      } else refuse(answer.message || fallback(answer.resultCode));
    } catch (error) {
      const message = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : undefined;
      refuse(typeof message === "string" && message ? message : t("alerts.genericError"));
    } finally {
      // Not kept in the form either once answered.
      field("pin").value = "";
      setBusy(false);
      setRound((r) => r + 1);
    }
  };

  return (
    <>
      <form className="gift-card-form" onSubmit={(e) => void check(e)} aria-busy={busy}>
        <label htmlFor={numberId}>{t("giftCard.number")}</label>
        <input id={numberId} name="number" required inputMode="numeric" autoComplete="off" />
        <label htmlFor={pinId}>{t("giftCard.securityCode")}</label>
        <input id={pinId} name="pin" required inputMode="numeric" autoComplete="off" type="password" />
        <Captcha language={props.lang} round={round} onChange={setCaptcha} />
        <button type="submit" className="button tap" disabled={busy || !captcha}>
          {t("giftCard.checkBalance")}
        </button>
      </form>
      <div className="gift-card-result" role="status">
        {shown?.ok ? (
          <>
            <p>
              <strong>{t("giftCard.balance", { amount: shown.balance })}</strong>
            </p>
            {shown.expiry ? <p>{t("giftCard.expiry", { date: shown.expiry.split("-").reverse().join("/") })}</p> : null}
          </>
        ) : shown ? (
          <p>{shown.message}</p>
        ) : null}
      </div>
    </>
  );
}
