// The locator island's interactive part: the cinema and city lists (the site API, cached
// for the page), the store (cookie, geolocation, limits), and the component.

import { useEffect, useRef, useState } from "react";
import { defineIsland } from "../../island";
import type { LatLon } from "../../lib/geo";
import { clientKnown } from "../../stores/client";
import { pageClient } from "../../stores/page/client";
import { favouritesLoaded, pageFavourites } from "../../stores/page/favourites";
import { createLocatorStore } from "../../stores/locator";
import { pageAlerts } from "../../stores/page/alerts";
import { pageCall, pageCookies, pageEnv } from "../../stores/page/env";
import type { Cinema, City, Zone } from "../../types";
import { useT } from "../i18n";
import { IslandRoot } from "../IslandRoot";
import { Locator } from "./Locator";
import { LOCATOR_CHANGE } from "../../lib/locator-cookie";
import { knownChoiceLabel, listCinemas, listCities, localisationOf, type LocatorProps } from "./summary";

/** The browser's position, or a refusal (denied, unavailable, 10 s without an answer). */
export function browserPosition(): Promise<LatLon> {
  return new Promise((resolve, reject) => {
    const geo = globalThis.navigator?.geolocation;
    if (!geo) return reject(new Error("no geolocation"));
    geo.getCurrentPosition((p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude }), reject, { timeout: 10_000, maximumAge: 300_000 });
  });
}

/** The store, made once the cinema and city lists are in, and initialised (spec §4 Locator). */
async function makeStore(props: LocatorProps, t: (key: string) => string) {
  const [cinemas, cities] = await Promise.all([listCinemas(props).catch(() => [] as Cinema[]), listCities(props).catch(() => [] as City[])]);
  const store = createLocatorStore({
    cinemas,
    cities,
    limits: props.limits ?? null,
    cookies: pageCookies(),
    geolocate: browserPosition,
    alerts: { push: (alert) => pageAlerts().getState().push(alert) },
    geolocationAlert: { title: t("locator.geolocationUnavailable.title"), subtitle: t("locator.geolocationUnavailable.subtitle") },
    // The server's location of the visitor (spec §4 "backend geolocation"); 404: none.
    zone: () => pageCall(props).get<Zone | null>("/api/zone/here"),
    // The header's link and the lists follow the choice.
    onChange: () => dispatchEvent(new Event(LOCATOR_CHANGE)),
  });
  await store.getState().init({ localisation: localisationOf(pageEnv().url.read().pathname), cinemaPage: props.cinemaPage?.slug ?? null });
  return { store, cinemas, cities };
}

function LocatorRoot(props: LocatorProps) {
  const t = useT();
  const [made, setMade] = useState<Awaited<ReturnType<typeof makeStore>> | null>(null);
  // The store is made once, from the first render's props and translator.
  const first = useRef({ props, t });
  useEffect(() => void makeStore(first.current.props, first.current.t).then(setMade), []);
  // The page's favourites store: changes made on this page (a search result's heart) count.
  const favourites = async () => {
    if (!(await clientKnown(pageClient(props)))) return null;
    const store = pageFavourites(props, t);
    await favouritesLoaded();
    return store.getState().favourites;
  };
  return (
    <Locator
      {...props}
      store={made?.store ?? null}
      cinemas={made?.cinemas ?? []}
      cities={made?.cities ?? []}
      initialLabel={knownChoiceLabel() ?? t("locator.chooseCinema")}
      favourites={favourites}
    />
  );
}

export const mount = defineIsland<LocatorProps>((props) => (
  <IslandRoot props={props}>
    <LocatorRoot {...props} />
  </IslandRoot>
));
