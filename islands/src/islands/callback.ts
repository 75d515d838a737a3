// Island "callback": the sign-in return page (`/callback`, spec §2 and §4). The provider
// sends the visitor here with `code` or `error` plus `state`. In the sign-in frame (or the
// hidden frame of a silent sign-in) the page completes the sign-in and tells the page that
// opened the frame; at the top (the redirect flow) it goes back to the kept target, else `/`.
// Errors are recorded (sessionStorage, read by the next page) and lead to `/`: nothing is
// written to the console. Markup: `<div data-island="callback" data-hydrate="load" hidden>`.

import { pageEnv } from "../stores/page/env";

/** The spec's frame success codes (as the client store reads them). */
const SIGNED_IN = "LOGIN_SUCCESSFUL";
const REGISTERED = "REGISTER_SUCCESSFUL";

/** Only a same-site path: a stored target must never send the visitor to another site. */
const safeTarget = (target: string): string => (/^\/(?![/\\])/.test(target) ? target : "/");

export function mount(el: HTMLElement): void {
  const win = el.ownerDocument.defaultView;
  if (!win) return;
  const query = new URLSearchParams(win.location.search);
  const state = query.get("state");
  const parent = win.parent !== win ? win.parent : null;
  const tell = (message: Record<string, unknown>) => parent?.postMessage(message, win.location.origin);
  if (!query.has("code") && !query.has("error")) {
    // Opened by hand: nothing to process.
    if (!parent) win.location.replace("/");
    return;
  }
  // The sign-in code loads on demand, as everywhere (islands.json `onDemand`).
  void import("../auth/oidc").then(({ completeSignIn, recordError, pageAuthDeps, CALLBACK_MESSAGE }) => {
    const deps = pageAuthDeps(pageEnv(), win.location.origin);
    return completeSignIn(deps, query).then(
    (done) => {
      if (parent) {
        tell({ name: CALLBACK_MESSAGE, state });
        // The spec's frame messages: the page that opened the frame reloads its client.
        if (done.kind !== "silent") tell({ name: "parent_exchange", code: done.kind === "signUp" || done.kind === "register" ? REGISTERED : SIGNED_IN });
        return;
      }
      win.location.replace(safeTarget(done.returnTo));
    },
    (error: unknown) => {
      const e = recordError(deps, error);
      if (parent) tell({ name: CALLBACK_MESSAGE, state, error: e.code });
      else win.location.replace("/");
    },
    );
  });
}
