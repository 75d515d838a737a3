// The visitor's session as the page's first stage sees it, before any interaction and
// without the UI framework: one silent token and one account read per page, shared by the
// header's avatar, tracking (the email's hash), the favourite and wish-list buttons' state,
// and then by the client store once an island's interactive part loads. A visitor with no
// stored sign-in (./auth/record.ts) costs no request at all and loads nothing more; the
// signed-in half (./signed-in.ts: the account, the client, the sign-in flow's code in
// ./auth/oidc.ts) loads only for a visitor who has one.

import { hasStoredSession } from "./auth/record";
import { pageEnv, type PageEnv, type PageSite } from "./stores/page/env";
import type { SignedInSession } from "./stores/client";
import type { Client, Feelings } from "./types";

const signedIn = () => import("./signed-in");

/**
 * The session now, asked again at each call (the client store's reloads): null when no
 * sign-in is stored, when the provider says the visitor is anonymous, or when it cannot be
 * reached (the page then works as for an anonymous visitor).
 */
export async function signedInSession(page: Pick<PageSite, "lang">): Promise<SignedInSession | null> {
  return hasStoredSession(pageEnv().storage) ? (await signedIn()).signedInSession(page) : null;
}

export interface Session extends SignedInSession {
  client: Client;
  /** SHA-256 (hex) of the lower-cased email, for tracking. */
  emailHash: string | null;
}

interface Probe<T> {
  promise: Promise<T>;
  /** Set once the answer is in. */
  done?: { value: T };
}

const sessions = new WeakMap<PageEnv, Probe<Session | null>>();
const favourites = new WeakMap<PageEnv, Probe<string[]>>();
const feelings = new WeakMap<PageEnv, Map<string, Probe<Feelings>>>();

function once<T>(map: WeakMap<PageEnv, Probe<T>>, run: () => Promise<T>): Probe<T> {
  const env = pageEnv();
  let probe = map.get(env);
  if (!probe) {
    const made: Probe<T> = { promise: run().then((value) => ((made.done = { value }), value)) };
    map.set(env, (probe = made));
  }
  return probe;
}

const known = <T>(probe: Probe<T> | undefined): T | undefined => probe?.done?.value;

/** The signed-in client, or null for an anonymous visitor (or when no session could be made). */
export function probeSession(page: PageSite): Promise<Session | null> {
  return once(sessions, async () => {
    try {
      return hasStoredSession(pageEnv().storage) ? await (await signedIn()).session(page) : null;
    } catch {
      return null;
    }
  }).promise;
}

/** The session if the probe has answered: `undefined` while it is not known yet. */
export const knownSession = (): Session | null | undefined => known(sessions.get(pageEnv()));

/** The signed-in client's favourite cinemas (empty when anonymous or unknown). */
export function sessionFavourites(page: PageSite): Promise<string[]> {
  return once(favourites, async () => {
    const session = await probeSession(page);
    if (!session) return [];
    try {
      return await (await signedIn()).favouritesOf(page, session);
    } catch {
      return [];
    }
  }).promise;
}

/** The favourites if already answered: `undefined` while not known. */
export const knownFavourites = (): string[] | undefined => known(favourites.get(pageEnv()));

/** The signed-in client's wish list and emotions among these shows (none when anonymous). */
export function sessionFeelings(page: PageSite, shows: string[]): Promise<Feelings> {
  const env = pageEnv();
  const key = shows.join(",");
  let byShows = feelings.get(env);
  if (!byShows) feelings.set(env, (byShows = new Map<string, Probe<Feelings>>()));
  let probe = byShows.get(key);
  if (!probe) {
    const run = async (): Promise<Feelings> => {
      const none: Feelings = { wishlist: [], emotions: {} };
      const session = await probeSession(page);
      if (!session) return none;
      try {
        return await (await signedIn()).feelingsOf(page, session, shows);
      } catch {
        // Not known: shown as none; a change still reaches the server.
        return none;
      }
    };
    const made: Probe<Feelings> = { promise: run().then((value) => ((made.done = { value }), value)) };
    byShows.set(key, (probe = made));
  }
  return probe.promise;
}

/** The feelings among these shows if already answered. */
export const knownFeelings = (shows: string[]): Feelings | undefined => known(feelings.get(pageEnv())?.get(shows.join(",")));
