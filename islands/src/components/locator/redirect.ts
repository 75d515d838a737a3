// Spec §4 "On the cinemas page, after init with loaded data, redirect to the first cinema"
// (loaded by the locator's first stage on the cinemas page only, when a choice is kept).

import { firstCinema, placeOf, readChoice, withSlug } from "../../lib/locator-choice";
import { pageCookies, pageEnv } from "../../stores/page/env";
import { listCinemas, type LocatorProps } from "./summary";

/** The cinema page of the visitor's choice (the `cgp_locator` cookie: the cinema, the city's
 * first cinema), or null — no choice (nor a guess of the server's), a position or favourites
 * (lib/locator-choice.ts), a choice naming no known cinema, or `?all` in the address (the
 * list asked for on purpose). The cinema pages never redirect, so there is no loop. */
export async function choiceRedirect(props: LocatorProps): Promise<string | null> {
  const pattern = props.paths.cinema;
  if (!props.redirect || !pattern) return null;
  if (new URLSearchParams(pageEnv().url.read().search).has("all")) return null;
  const cookie = readChoice(pageCookies().get("cgp_locator"));
  if (!cookie) return null;
  const first = firstCinema(placeOf(cookie, await listCinemas(props)));
  return first ? withSlug(pattern, first.slug) : null;
}

/** Goes on to the choice's cinema, the list left out of the history. */
export async function redirectToChoice(props: LocatorProps): Promise<void> {
  const path = await choiceRedirect(props);
  if (path) globalThis.location.replace(path);
}
