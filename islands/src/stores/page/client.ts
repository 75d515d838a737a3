// The visitor's identity once per page, made when an island's interactive part needs it: its
// first load is the session the page's first stage already asked for (no second request);
// the identity frame's messages are followed from the start.

import { probeSession, signedInSession } from "../../session";
import { pageAlerts } from "./alerts";
import { followBrowserEvents } from "../browser-events";
import { createClientStore, type ClientStore } from "../client";
import { pageApi } from "./api";
import type { Labels } from "../../lib/i18n";
import { pageCookies, pageEnv, pageOrigin, type PageEnv, type PageSite } from "./env";

export { pageApi };

let client: { env: PageEnv; value: ClientStore; stop?: () => void } | undefined;

/** The labels an island passes: the alert for an unreachable provider is among them. */
type LabelledPage = PageSite & { labels?: Labels };

export function pageClient(page: LabelledPage): ClientStore {
  const env = pageEnv();
  if (client?.env === env) return client.value;
  client?.stop?.();
  const value = createClientStore({
    api: pageApi(page),
    site: page.site,
    language: page.lang,
    origin: pageOrigin(),
    url: env.url,
    cookies: pageCookies(),
    session: () => signedInSession(page),
    auth: () => import("../../auth/oidc").then((m) => m.authPort(m.pageAuthDeps(env, pageOrigin()))),
    onUnavailable: () =>
      pageAlerts().getState().push({ level: "warning", title: page.labels?.["client.providerUnavailable"] ?? "", icon: "warning", closable: true }),
    firstSession: () => probeSession(page),
  });
  client = { env, value, ...(env.window ? { stop: followBrowserEvents(env.window, { client: value }) } : {}) };
  void value.getState().init();
  return value;
}
