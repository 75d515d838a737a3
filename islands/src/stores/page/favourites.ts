// Favourite cinemas and feelings (wish list, emotions) of the signed-in client, once per
// page; an anonymous visitor's toggle opens the centred sign-in modal.

import type { Translate } from "../../lib/i18n";
import { clientKnown } from "../client";
import { createFavouritesStore, type FavouritesStore } from "../favourites";
import { createFeelingsStore, type FeelingsStore } from "../feelings";
import { knownFavourites, sessionFavourites } from "../../session";
import { pageAlerts } from "./alerts";
import { pageApi, pageClient } from "./client";
import { pageEnv, type PageEnv, type PageSite } from "./env";

/** A page of a site, with how many favourite cinemas a client may keep there (the props say). */
export interface FavouritesSite extends PageSite {
  favouriteLimit: number;
}
import { askSignIn } from "./modals";

let favourites: { env: PageEnv; value: FavouritesStore; loading: Promise<void> } | undefined;
let feelings: { env: PageEnv; value: FeelingsStore } | undefined;

/**
 * Favourite cinemas: read from the client API once the client is known, emptied at
 * sign-out; the site's limit (from the page's props: `Site::favourite_limit`) with its warning alert.
 */
export function pageFavourites(page: FavouritesSite, t: Translate): FavouritesStore {
  const env = pageEnv();
  if (favourites?.env === env) return favourites.value;
  const who = pageClient(page);
  const value = createFavouritesStore({
    api: pageApi(page),
    clientId: () => who.getState().client?.id ?? null,
    limit: page.favouriteLimit,
    // The API refuses an unknown cinema; a list of every cinema is not worth its weight here.
    isKnownCinema: () => true,
    alerts: { push: (alert) => pageAlerts().getState().push(alert) },
    limitAlert: (limit) => ({ title: t("client.favouriteLimit.title", { limit }), subtitle: t("client.favouriteLimit.subtitle", { limit }) }),
    requireSignIn: askSignIn,
  }, knownFavourites() ?? []);
  const entry: { env: PageEnv; value: FavouritesStore; loading: Promise<void> } = { env, value, loading: Promise.resolve() };
  favourites = entry;
  let shownFor: string | null = null;
  let first = true;
  const follow = async () => {
    const signedIn = (await clientKnown(who))?.id ?? null;
    if (signedIn === shownFor) return;
    shownFor = signedIn;
    // The first stage's answer is for the page's first client; another one (signed in since) is asked anew.
    const reuse = first;
    first = false;
    if (!signedIn) return value.getState().setFavourites([]);
    try {
      const list = reuse ? await sessionFavourites(page) : ((await pageApi(page).client(signedIn)).favoriteCinemas ?? []);
      if (shownFor === signedIn) value.getState().setFavourites(list);
    } catch {
      // Unknown favourites: none shown; a toggle still reaches the server.
    }
  };
  // One after the other: the list of the latest client wins.
  const next = () => (entry.loading = entry.loading.then(follow));
  who.subscribe(() => void next());
  void next();
  return value;
}

/**
 * Resolves once the favourites of the client in place are loaded: a toggle waits for it, so
 * the loaded list never overwrites a change made meanwhile.
 */
export async function favouritesLoaded(): Promise<void> {
  let seen: Promise<void> | undefined;
  while (favourites && favourites.loading !== seen) {
    seen = favourites.loading;
    await seen;
  }
}

/** Wish list and emotions (each island loads the feelings of the shows it shows). */
export function pageFeelings(page: PageSite): FeelingsStore {
  const env = pageEnv();
  if (feelings?.env !== env) {
    feelings = {
      env,
      value: createFeelingsStore({ api: pageApi(page), clientId: () => pageClient(page).getState().client?.id ?? null, requireSignIn: askSignIn }),
    };
  }
  return feelings.value;
}
