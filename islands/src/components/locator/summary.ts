// What the locator's button says: the visitor's choice (spec §4 Locator) — from the URL's
// localisation filter, else the cinema page's own cinema, else the `cgp_locator` cookie —
// as a cinema or city name, "Autour de moi" or "Mes favoris". Shared by the first stage
// (no framework, before any interaction) and the interactive part's first render.

import type { IslandProps } from "../island-props";
import { translator, type Translate } from "../../lib/i18n";
import { LOCATOR_COOKIE, readLocatorCookie } from "../../lib/locator-cookie";
import { pageCall, pageCookies, pageEnv, type PageEnv } from "../../stores/page/env";
import type { Cinema, City } from "../../types";
import type { LocatorProps as LocatorPropsData } from "../../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type LocatorProps = IslandProps & LocatorPropsData;

/** The slug of the URL's `localisation-…` filter, if any. */
export function localisationOf(pathname: string): string | null {
  return /\/filters\/(?:[^/]+\/)*localisation-([A-Za-z0-9\-_.~]+)(?:\/|$)/.exec(pathname)?.[1] ?? null;
}

export const listCinemas = (props: LocatorProps) => pageCall(props).get<Cinema[]>("/api/cinemas");
export const listCities = (props: LocatorProps) => pageCall(props).get<City[]>("/api/cities");

async function findName(props: LocatorProps, slug: string): Promise<string | null> {
  const cinema = (await listCinemas(props)).find((c) => c.slug === slug);
  if (cinema) return cinema.name;
  return (await listCities(props)).find((c) => c.slug === slug)?.name ?? null;
}

async function describe(props: LocatorProps, t: Translate): Promise<string> {
  const choose = t("locator.chooseCinema");
  try {
    const localisation = localisationOf(pageEnv().url.read().pathname);
    if (localisation) return (await findName(props, localisation)) ?? choose;
    if (props.cinemaPage) return props.cinemaPage.name;
    const cookie = readLocatorCookie(pageCookies().get(LOCATOR_COOKIE));
    if (!cookie) return choose;
    switch (cookie.type) {
      case "position":
        return t("locator.aroundMe");
      case "favorite":
        return t("locator.myFavourites");
      case "cinema":
        return (await listCinemas(props)).find((c) => c.vistaRef === cookie.value)?.name ?? choose;
      case "city":
        return (await listCities(props)).find((c) => c.slug === cookie.value)?.name ?? choose;
    }
  } catch {
    return choose;
  }
}

const labels = new WeakMap<PageEnv, { promise: Promise<string>; done?: string }>();

/** The choice's label, asked once per page. */
export function choiceLabel(props: LocatorProps): Promise<string> {
  const env = pageEnv();
  let entry = labels.get(env);
  if (!entry) {
    const made: { promise: Promise<string>; done?: string } = {
      promise: describe(props, translator(props.labels)).then((label) => (made.done = label)),
    };
    labels.set(env, (entry = made));
  }
  return entry.promise;
}

/** The label if already known. */
export const knownChoiceLabel = (): string | undefined => labels.get(pageEnv())?.done;
