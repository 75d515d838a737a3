// The captcha widget (npm `altcha`: a proof of work the browser solves, no image puzzle,
// keyboard and screen-reader usable), loaded on demand — the first time a form that needs it
// is shown (islands.json `onDemand`). runtime-api makes and checks its challenges.

import "altcha";

export interface WidgetStrings {
  label: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
}

interface AltchaGlobal {
  i18n: { set(language: string, strings: Record<string, string>): void };
}

/**
 * Puts a widget in `host` that fetches its challenge from `challengeUrl`; `onChange` gets
 * the payload to send as `X-Captcha-Response` once solved, and null when it is no more
 * (expired, failed, reset). Returns a function that removes the widget.
 */
export function mountWidget(host: HTMLElement, options: { challengeUrl: string; language: string; strings: WidgetStrings; onChange(payload: string | null): void }): () => void {
  const altcha = (globalThis as { $altcha?: AltchaGlobal }).$altcha;
  // Our own words, in the page's language (the widget's own catalogue is not loaded).
  altcha?.i18n.set(options.language, { ...options.strings, verificationRequired: options.strings.label, waitAlert: options.strings.verifying });
  const widget = host.ownerDocument.createElement("altcha-widget");
  widget.setAttribute(
    "configuration",
    JSON.stringify({ challenge: options.challengeUrl, language: options.language, hideFooter: true, hideLogo: true, auto: "off", name: "captcha", minDuration: 0 }),
  );
  const changed = (event: Event) => {
    const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail;
    options.onChange(detail?.state === "verified" && detail.payload ? detail.payload : null);
  };
  widget.addEventListener("statechange", changed);
  host.replaceChildren(widget);
  return () => {
    widget.removeEventListener("statechange", changed);
    widget.remove();
  };
}
