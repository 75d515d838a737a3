// The lists "at my cinema" (island at-cinema): the place the choice names (a cinema or a
// city), the shows its schedule plays (`/api/cinema/{slug}/shows`
// or `/api/city/{slug}/shows`, every day, without the show summaries), and the list
// narrowed to them in the order the generator wrote (site::rules::ordering). A show the
// home rail did not have room for gets a card from `/api/shows`. The whole site comes back
// with the button, or when the choice is cleared.

import { translator } from "../../lib/i18n";
import { type Place, placeOf, readChoice } from "../../lib/locator-choice";
import { pageCall, pageCookies } from "../../stores/page/env";
import type { Show } from "../../generated/api-types";
import type { Cinema, Schedule } from "../../types";
import type { AtCinemaProps } from "../../islands/at-cinema";

interface ListState {
  /** The page's own cards, in its order, by show slug. */
  cards: { slug: string; li: HTMLLIElement }[];
  place: Place | null;
  playing: Set<string>;
  whole: boolean;
  asked: number;
}

const states = new WeakMap<HTMLElement, ListState>();

const lastSegment = (href: string) => decodeURIComponent(href.split(/[?#]/)[0]?.split("/").pop() ?? "");

function stateOf(el: HTMLElement, list: HTMLElement, props: AtCinemaProps): ListState {
  let state = states.get(el);
  if (!state) {
    const bySlug = new Map(props.shows.map((s) => [s.href, s.slug]));
    const cards = [...list.querySelectorAll<HTMLLIElement>(":scope > li")].map((li) => {
      const href = li.querySelector("a")?.getAttribute("href") ?? "";
      return { slug: bySlug.get(href) ?? lastSegment(href), li };
    });
    state = { cards, place: null, playing: new Set(), whole: false, asked: 0 };
    states.set(el, state);
  }
  return state;
}

/** Follows the choice: narrows the list to the place's shows, or gives the whole site back. */
export async function follow(el: HTMLElement, props: AtCinemaProps): Promise<void> {
  const cookie = readChoice(pageCookies().get("cgp_locator"));
  const list = el.ownerDocument.getElementById(props.list);
  if (!list) return;
  const state = stateOf(el, list, props);
  const ask = ++state.asked;
  let place: Place | null = null;
  let playing = new Set<string>();
  if (cookie) {
    try {
      const call = pageCall(props);
      place = placeOf(cookie, await call.get<Cinema[]>("/api/cinemas"));
      if (place) {
        const path = place.kind === "cinema" ? `/api/cinema/${encodeURIComponent(place.cinema.slug)}/shows` : `/api/city/${encodeURIComponent(place.slug)}/shows`;
        const schedule = await call.get<Schedule>(path, { embed: false });
        playing = new Set(Object.values(schedule.days).flatMap((day) => day.map((s) => s.show)));
      }
    } catch {
      // The API cannot say: the whole site, as built.
      place = null;
    }
  }
  if (ask !== state.asked) return;
  Object.assign(state, { place, playing, whole: false });
  await render(el, list, props, state);
}

async function render(el: HTMLElement, list: HTMLElement, props: AtCinemaProps, state: ListState): Promise<void> {
  const t = translator(props.labels);
  const doc = el.ownerDocument;
  const { place } = state;
  if (!place) {
    list.replaceChildren(...state.cards.map((c) => c.li));
    el.replaceChildren();
    return;
  }
  const name = place.kind === "cinema" ? place.cinema.name : (place.cinemas[0]?.city ?? place.slug);
  const line = doc.createElement("p");
  line.className = "at-cinema-scope";
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "tap";
  if (state.whole) {
    list.replaceChildren(...state.cards.map((c) => c.li));
    button.textContent = t("atCinema.narrow", { place: name });
    line.append(button);
  } else {
    const items = await narrowed(doc, props, state);
    list.replaceChildren(...items);
    const heading = doc.createElement("span");
    heading.className = "at-cinema-place";
    heading.textContent = t("atCinema.heading", { place: name });
    button.textContent = t("atCinema.whole");
    line.append(heading, " ", button);
    if (items.length === 0) {
      const none = doc.createElement("span");
      none.className = "at-cinema-none";
      none.textContent = ` ${t("atCinema.none", { place: name })}`;
      heading.after(none);
    }
  }
  button.addEventListener("click", () => {
    state.whole = !state.whole;
    void render(el, list, props, state).then(() => el.querySelector<HTMLButtonElement>("button")?.focus());
  });
  el.replaceChildren(line);
}

/** The cards of the shows playing at the place, in the page's order (the whole list's on
 * the home page, whose rail shows only its first `limit`). */
async function narrowed(doc: Document, props: AtCinemaProps, state: ListState): Promise<HTMLLIElement[]> {
  const own = new Map(state.cards.map((c) => [c.slug, c.li]));
  const order = props.shows.length > 0 ? props.shows : state.cards.map((c) => ({ slug: c.slug, href: "" }));
  const kept = order.filter((s) => state.playing.has(s.slug)).slice(0, props.limit ?? undefined);
  const missing = kept.filter((s) => !own.has(s.slug));
  const shows = missing.length > 0 ? await pageCall(props).get<Show[]>("/api/shows").catch(() => [] as Show[]) : [];
  const items: HTMLLIElement[] = [];
  for (const s of kept) {
    const li = own.get(s.slug) ?? card(doc, s.href, shows.find((x) => x.slug === s.slug));
    if (li) items.push(li);
  }
  return items;
}

/** A show card as the generator writes them (fragments::show_cards): poster and title. */
function card(doc: Document, href: string, show: Show | undefined): HTMLLIElement | null {
  if (!show || !href) return null;
  const li = doc.createElement("li");
  li.className = "show-card";
  const a = doc.createElement("a");
  a.href = href;
  const poster = doc.createElement("span");
  poster.className = "poster";
  if (show.poster) {
    const img = doc.createElement("img");
    img.src = show.poster.url;
    img.alt = "";
    img.loading = "lazy";
    img.width = show.poster.width;
    img.height = show.poster.height;
    poster.append(img);
  }
  const title = doc.createElement("span");
  title.className = "title";
  title.textContent = show.title;
  a.append(poster, title);
  li.append(a);
  return li;
}
