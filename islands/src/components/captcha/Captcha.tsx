// The captcha of a form (voucher checker, gift card): the widget, loaded when the form is
// first shown; `onChange` gets the solution to send, or null. A new `round` (after each
// answer: the API refuses a solution twice) puts a fresh widget with a new challenge.

import { useEffect, useRef } from "react";
import { useT } from "../i18n";

export interface CaptchaProps {
  language: string;
  round: number;
  onChange: (payload: string | null) => void;
}

/** Where the widget asks for challenges (runtime-api, the site's own origin). */
export const CHALLENGE_URL = "/api/captcha/challenge";

export function Captcha({ language, round, onChange }: CaptchaProps) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    latest.current(null);
    void import("../../lib/captcha-widget").then(({ mountWidget }) => {
      if (gone || !host.current) return;
      stop = mountWidget(host.current, {
        challengeUrl: CHALLENGE_URL,
        language,
        strings: { label: t("captcha.label"), verifying: t("captcha.verifying"), verified: t("captcha.verified"), error: t("captcha.error"), expired: t("captcha.expired") },
        onChange: (payload) => latest.current(payload),
      });
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [round, language, t]);
  return <div className="captcha" ref={host} />;
}
