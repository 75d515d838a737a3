// The site API of the page, in its language (GET answers cached for the page's life). The
// first island to ask passes the language (from its props); later calls share the client.

import { createApiClient, type ApiClient } from "../../api/client";
import { pageEnv, pageOrigin, type PageEnv, type PageSite } from "./env";

let api: { env: PageEnv; value: ApiClient } | undefined;

export function pageApi(page: Pick<PageSite, "lang">): ApiClient {
  const env = pageEnv();
  if (api?.env !== env) api = { env, value: createApiClient({ origin: pageOrigin(), language: page.lang, ...(env.fetch ? { fetch: env.fetch } : {}) }) };
  return api.value;
}
