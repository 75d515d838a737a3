// The voucher checker (spec §5, §8): a code and the captcha's answer; the answer's result
// code 0 shows the voucher (announced in a status region); any other — or a refusal (a
// wrong captcha, too many checks) — shows the message given, as a warning alert styled
// `voucher-error-alert` with the warning icon, and in the dialog.
//
// The captcha: the ALTCHA widget (../captcha/Captcha.tsx), whose solution is sent as
// `X-Captcha-Response`; the check is possible once it is solved, and each answer asks for a
// new one (the API accepts a solution once).

import { useId, useState } from "react";
import { Captcha } from "../captcha/Captcha";
import { ApiError } from "../../api/call";
import { pageAlerts } from "../../stores/page/alerts";
import { pageApi } from "../../stores/page/api";
import { pageModals } from "../../stores/page/modals";
import type { VoucherCard } from "../../types";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";

export type VoucherProps = IslandProps;

type Result = { ok: true; card: VoucherCard } | { ok: false; message: string } | null;

export function VoucherChecker(props: VoucherProps) {
  const t = useT();
  const open = useStore(pageModals(), (s) => s.modals.voucherChecker.open);
  return (
    <>
      <button type="button" className="button tap" aria-haspopup="dialog" aria-expanded={open} onClick={() => void pageModals().getState().open("voucherChecker")}>
        {t("pages.voucher.title")}
      </button>
      <ModalDialog id="voucherChecker" title={t("modals.voucherChecker")} closeLabel={t("modals.close")} className="voucher">
        <VoucherForm {...props} />
      </ModalDialog>
    </>
  );
}

function VoucherForm(props: VoucherProps) {
  const t = useT();
  const codeId = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  const refuse = (message: string) => {
    setResult({ ok: false, message });
    pageAlerts().getState().push({ level: "warning", title: message, class: "voucher-error-alert", icon: "warning", closable: true });
  };

  const check = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const code = (form.elements.namedItem("code") as HTMLInputElement).value.trim();
    if (!code || !captcha) return;
    setBusy(true);
    try {
      const answer = await pageApi(props).voucher(code, captcha);
      if (answer.resultCode === 0 && answer.card) setResult({ ok: true, card: answer.card });
      else refuse(answer.message || t("voucher.errorDefault"));
    } catch (error) {
      const message = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : undefined;
      refuse(typeof message === "string" && message ? message : t("alerts.genericError"));
    } finally {
      setBusy(false);
      // A solution is good for one check: the next one needs a new challenge.
      setRound((r) => r + 1);
    }
  };

  const until = result?.ok ? result.card.expiry : null;
  return (
    <>
      <form className="voucher-form" onSubmit={(e) => void check(e)} aria-busy={busy}>
        <label htmlFor={codeId}>{t("voucher.code")}</label>
        <input id={codeId} name="code" required autoComplete="off" autoCapitalize="characters" placeholder={t("voucher.codePlaceholder")} />
        <p className="captcha-hint">{t("voucher.captcha")}</p>
        <Captcha language={props.lang} round={round} onChange={setCaptcha} />
        <button type="submit" className="button tap" disabled={busy || !captcha}>
          {t("voucher.check")}
        </button>
      </form>
      <div className="voucher-result" role="status">
        {result?.ok ? (
          <>
            <p>
              <strong>{t("voucher.valid")}</strong> {result.card.label || result.card.code}
            </p>
            {until ? <p>{t("voucher.validUntil", { date: formatDate(until) })}</p> : null}
          </>
        ) : result ? (
          <p>{result.message}</p>
        ) : null}
      </div>
    </>
  );
}

/** `2026-12-31` → `31/12/2026` (the site's date format, spec §9). */
const formatDate = (date: string) => date.split("-").reverse().join("/");
