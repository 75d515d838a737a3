// On a show page, the schedule island's first stage follows the locator's choice
// (places.ts): loaded only on the pages whose schedule names its cinemas (`places`), so a
// cinema page's first stage does not carry it (islands.json lists it on demand). A position
// asks the API for the cinemas near it (one request, only for that choice; `apiUrl` handed
// over by the first stage, which has it: importing it here would split it off that stage); favourites — a locator choice, or a signed-in client's without any choice —
// come from the session, which the header's first stage already probes (one account read a
// page). Either unknown (no answer, anonymous), every cinema stays.

import { sessionFavourites } from "../../session";
import { pageCookies, pageEnv, pageOrigin } from "../../stores/page/env";
import type { apiUrl as ApiUrl } from "../../api/call";
import type { Translate } from "../../lib/i18n";
import type { GpsPosition, LocatorCookie } from "../../types";
import type { ScheduleProps } from "./Schedule";
import type { LiveOptions } from "./live";
import { followLocator as follow, locatorChoice, type Near } from "./places";

/** The slugs of the cinemas near a position (`/api/cinemas/near`, nearest first); null when not known. */
async function nearby(props: ScheduleProps, at: GpsPosition, apiUrl: typeof ApiUrl): Promise<string[] | null> {
  const response = await (pageEnv().fetch ?? fetch)(apiUrl({ origin: pageOrigin(), language: props.lang }, "/api/cinemas/near", { x: at.x, y: at.y }));
  return response.ok ? ((await response.json()) as string[]) : null;
}

export async function followLocator(container: ParentNode, props: ScheduleProps, t: Translate, apiUrl: typeof ApiUrl): Promise<LiveOptions> {
  const places = props.places ?? [];
  let choice: LocatorCookie | null = locatorChoice(pageCookies().get("cgp_locator"));
  const near: Near = {};
  const at = choice?.type === "position" ? (choice.value as GpsPosition | null) : null;
  if (typeof at?.x === "number" && typeof at.y === "number") near.nearby = (await nearby(props, at, apiUrl).catch(() => null)) ?? undefined;
  if (!choice || choice.type === "favorite") {
    const mine = await sessionFavourites({ site: props.site, lang: props.lang });
    if (mine.length) near.favourites = mine;
    // Without a choice, a client's favourites that play the show.
    if (!choice && places.some((p) => mine.includes(p.slug))) choice = { type: "favorite" };
  }
  return follow(container, places, choice, t, near);
}
