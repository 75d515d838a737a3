// The signed-in half of ./session.ts, loaded only for a visitor with a stored sign-in (with
// ./auth/oidc.ts, which it loads): the silent token, the account, the client the site shows
// and the calls that need one. An anonymous visitor's page loads none of it before an
// interaction.

import { clientFromAccount, webCryptoSha256 } from "./lib/account";
import { pageApi } from "./stores/page/api";
import { pageEnv, pageOrigin, type PageSite } from "./stores/page/env";
import type { Session } from "./session";
import type { SignedInSession } from "./stores/client";
import type { Emotion, Feelings } from "./types";

/** The token and the account (../session.ts `signedInSession`: for a stored sign-in only). */
export async function signedInSession(page: Pick<PageSite, "lang">): Promise<SignedInSession | null> {
  const { accessToken, pageAuthDeps } = await import("./auth/oidc");
  const token = await accessToken(pageAuthDeps(pageEnv(), pageOrigin()));
  const api = pageApi(page);
  api.setToken(token);
  if (!token) return null;
  return { accessToken: token, account: await api.me() };
}

/** The session with the client the site shows and the hash tracking sends. */
export async function session(page: PageSite): Promise<Session | null> {
  const found = await signedInSession(page);
  if (!found) return null;
  const client = clientFromAccount(found.account, page.site);
  const emailHash = client.email ? await webCryptoSha256(client.email.trim().toLowerCase()) : null;
  return { ...found, client, emailHash };
}

/** The client's favourite cinemas. */
export const favouritesOf = async (page: PageSite, session: Session): Promise<string[]> =>
  (await pageApi(page).client(session.client.id)).favoriteCinemas ?? [];

const EMOTIONS: readonly Emotion[] = ["disappointed", "liked", "loved"];

/** The client's wish list and emotions among these shows. */
export async function feelingsOf(page: PageSite, session: Session, shows: string[]): Promise<Feelings> {
  const feelings: Feelings = { wishlist: [], emotions: {} };
  for (const f of await pageApi(page).feelings(session.client.id, shows)) {
    if (f.intention != null) feelings.wishlist.push(f.slug);
    if (f.emotion && EMOTIONS.includes(f.emotion)) feelings.emotions[f.slug] = f.emotion;
  }
  return feelings;
}
