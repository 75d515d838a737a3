// The site API of the page, in its language, with its methods (GET answers cached for the
// page's life): the interactive parts' client, on the calls the first stage already makes
// (./env.ts `pageCall`: one token, one cache).

import { createApiClient, type ApiClient } from "../../api/client";
import { pageCall, pageEnv, type PageEnv, type PageSite } from "./env";

let api: { env: PageEnv; value: ApiClient } | undefined;

export function pageApi(page: Pick<PageSite, "lang">): ApiClient {
  const env = pageEnv();
  if (api?.env !== env) api = { env, value: createApiClient(pageCall(page)) };
  return api.value;
}
