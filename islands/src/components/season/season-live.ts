// The season island's work (issue 12 items 1 and 5; spec §4 "Seasons"): a season page lists
// its cinemas by city, each with its next screening and its page (what works without
// JavaScript); this shows every screening of the season at ONE cinema — the cinema chosen in
// the locator (`cgp_locator`: a cinema, or a city's first cinema), or the one picked in the
// page's `<select>` — from the runtime API (`/api/event/{slug}/showtimes?cinema=`), kept live,
// and the visitor's selection of screenings to book (stores/season.ts).
//
// Live as the schedules are (components/schedule/live.ts): asked again every minute while
// the page is visible (and when it is shown again), with `If-None-Match` (an unchanged
// answer is a 304), given up after 3 s; a failure changes nothing on the page, says since
// when its statuses date ("statuses at 20:15") and retries with backoff. Nothing is logged.
//
// No framework: plain DOM, so the page pays about 3 KB for it before any interaction.

import { apiUrl } from "../../api/call";
import type { CookieJar } from "../../lib/cookies";
import type { Translate } from "../../lib/i18n";
import type { Clock, TimerId, Timers } from "../../lib/time";
import { createSeasonStore, type SeasonStore, type SelectedShowtime } from "../../stores/season";
import type { Lang, LocatorCookie, Schedule, Showtime } from "../../types";
import { contentUrl } from "../../lib/content-url";
import { endAttr, filmLine } from "../schedule/film-times";

// The schedules' timings (components/schedule/live.ts), written again rather than imported:
// a module shared with the schedule island would split its chunk, a file more on cinema pages.
/** How often the chosen cinema is asked again. */
export const REFRESH_MS = 60_000;
/** Not asked again when the page is shown again within this. */
const FRESH_MS = REFRESH_MS / 2;
/** An answer slower than this is given up (the page keeps what it shows). */
export const TIMEOUT_MS = 3_000;
/** The wait before the next round after `failures` failed rounds in a row: 5 s, doubled each time, up to 5 min. */
export const nextTry = (failures: number) => (failures ? Math.min(5_000 * 2 ** (failures - 1), 300_000) : REFRESH_MS);
/** A showtime's booking link: only an available one's, only to an address `contentUrl` lets through. */
const bookingUrl = (s: Showtime) => (s.status === "available" && contentUrl(s.bookingUrl ?? "")) || "";

export interface SeasonIslandProps {
  lang: Lang;
  /** `/api/event/{slug}/showtimes`. */
  showtimes: string;
  shows: { slug: string; title: string }[];
}

export interface SeasonDeps {
  fetch: typeof fetch;
  clock: Clock;
  timers: Timers;
  origin: string;
  document: Document;
  cookies: CookieJar;
  /** When the page's statuses were written (the build), until an answer comes. */
  since: number;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The cinema the locator holds, among the picker's options: a cinema by its reference, a city's first cinema. */
export function locatorCinema(select: HTMLSelectElement, cookies: CookieJar): string | null {
  // The `cgp_locator` cookie (lib/locator-cookie.ts), read here in two lines: importing that
  // module would split it from the locator's chunk, a file more on every page.
  let cookie: LocatorCookie | null = null;
  try {
    cookie = JSON.parse(cookies.get("cgp_locator") ?? "null") as LocatorCookie | null;
  } catch {
    // Unreadable: no choice.
  }
  const value = cookie?.value;
  if (typeof value !== "string") return null;
  const options = [...select.querySelectorAll("option")];
  const found =
    cookie!.type === "cinema"
      ? options.find((o) => o.dataset.ref === value || o.value === value)
      : cookie!.type === "city"
        ? options.find((o) => o.parentElement?.getAttribute("data-city") === value)
        : undefined;
  return found?.value || null;
}

/**
 * Starts the island on `el` (`div.season-picker`: the `<select>` and `div.season-screenings`).
 * Returns its store (the selection).
 */
export function startSeason(el: HTMLElement, props: SeasonIslandProps, t: Translate, deps: SeasonDeps, store: SeasonStore = createSeasonStore()): SeasonStore {
  const doc = deps.document;
  const select = el.querySelector("select")!;
  const area = el.querySelector<HTMLElement>(".season-screenings")!;
  const panel = doc.createElement("div");
  panel.className = "season-selection";
  panel.hidden = true;
  area.after(panel);
  const titles = new Map(props.shows.map((s) => [s.slug, s.title]));
  const dayLabel = (day: string) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString(props.lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

  let etag = "";
  let asked = 0;
  let since = deps.since;
  let failures = 0;
  let timer: TimerId | undefined;
  let note: HTMLElement | undefined;
  /** The screenings shown, by id: what a button selects. */
  let shown = new Map<string, SelectedShowtime>();

  function render(schedule: Schedule) {
    shown = new Map();
    // Days gone by are of no use to a visitor (the answer holds every day of the season).
    const today = new Date(deps.clock.now()).toISOString().slice(0, 10);
    const days = Object.keys(schedule.days ?? {})
      .filter((day) => day >= today)
      .sort();
    let html = "";
    for (const day of days) {
      html += `<section class="day season-day"><h3><time datetime="${escape(day)}">${escape(dayLabel(day))}</time></h3><ul class="season-day-shows">`;
      for (const entry of schedule.days[day] ?? []) {
        const title = titles.get(entry.show) ?? entry.show;
        html += `<li class="season-show"><h4>${escape(title)}</h4><ul class="showtimes">`;
        for (const s of entry.showtimes) html += chip(s, title, day);
        html += "</ul></li>";
      }
      html += "</ul></section>";
    }
    area.innerHTML = html || `<p class="schedule-empty">${escape(t("season.none"))}</p>`;
    // A selected screening no longer bookable (sold out, closed, gone) leaves the selection.
    for (const s of store.getState().selected) {
      const now = shown.get(s.id);
      if (!now) store.getState().remove(s.id);
      else if (now.bookingUrl !== s.bookingUrl) store.getState().replace(s.id, now);
    }
    pressed();
  }

  function chip(s: Showtime, title: string, day: string): string {
    const href = bookingUrl(s);
    const time = s.datetime.slice(11, 16);
    const state = s.status === "soldout" ? "full" : "old";
    // The film's real times first, on a line of their own (fragments.rs `chip_labels`).
    const film = filmLine(s, t, escape);
    const version = s.version?.label || film ? `<span class="labels">${film}${s.version?.label ? ` <span class="v">${escape(s.version.label)}</span>` : ""}</span>` : "";
    const inner = `<time datetime="${escape(s.datetime)}">${time}</time>${href ? "" : ` <span class="state">${escape(t(`schedule.status.${state}`))}</span>`}${version}`;
    if (!href) return `<li class="st ${state === "full" ? "full" : "past"}" data-id="${escape(s.id)}"${endAttr(s, escape)}>${inner}</li>`;
    const when = `${dayLabel(day)} ${time}`;
    shown.set(s.id, { id: s.id, show: s.show, title, when, bookingUrl: href });
    return `<li class="st season-st" data-id="${escape(s.id)}"${endAttr(s, escape)}><a href="${escape(href)}" rel="nofollow">${inner}</a><button type="button" class="season-select tap" aria-pressed="false" aria-label="${escape(
      t("season.selectShowtime", { show: title, time: when }),
    )}">${escape(t("season.select"))}</button></li>`;
  }

  /** The buttons say which screenings are selected; the panel lists them. */
  function pressed() {
    const selected = store.getState().selected;
    const ids = new Set(selected.map((s) => s.id));
    for (const button of area.querySelectorAll<HTMLButtonElement>("button.season-select")) {
      const id = button.closest("li")!.getAttribute("data-id")!;
      const on = String(ids.has(id));
      if (button.getAttribute("aria-pressed") !== on) button.setAttribute("aria-pressed", on);
    }
    panel.hidden = !selected.length;
    panel.innerHTML = selected.length
      ? `<h3>${escape(t("season.bookSelection"))}</h3><p class="season-count" role="status">${escape(selected.length === 1 ? t("season.selectedOne") : t("season.selectedCount", { count: selected.length }))}</p><ul class="season-selected">${selected
          .map(
            (s) =>
              `<li data-id="${escape(s.id)}"><span>${escape(s.title)}, ${escape(s.when)}</span> <a class="button tap" href="${escape(s.bookingUrl)}" rel="nofollow">${escape(t("schedule.book"))}</a> <button type="button" class="season-remove tap" aria-label="${escape(
                t("season.removeShowtime", { show: s.title, time: s.when }),
              )}">${escape(t("season.remove"))}</button></li>`,
          )
          .join("")}</ul><button type="button" class="season-clear tap">${escape(t("season.clearSelection"))}</button>`
      : "";
  }

  /** The chosen cinema's screenings: true when the page shows the API's answer (a 304 included). */
  async function ask(cinema: string): Promise<boolean> {
    const abort = new AbortController();
    const giveUp = deps.timers.set(() => abort.abort(), TIMEOUT_MS);
    asked = deps.clock.now();
    let ok = false;
    try {
      const url = apiUrl({ origin: deps.origin, language: props.lang }, props.showtimes, { cinema, embed: false });
      const response = await deps.fetch(url, { headers: etag ? { "If-None-Match": etag } : {}, signal: abort.signal });
      // Another cinema chosen meanwhile: this answer is not the page's any more.
      if (store.getState().cinema !== cinema) return true;
      if (response.ok) {
        render((await response.json()) as Schedule);
        etag = response.headers.get("ETag") ?? "";
      }
      ok = response.ok || response.status === 304;
    } catch {
      // Unreachable, too slow (aborted) or not JSON: the page keeps what it shows.
    } finally {
      deps.timers.clear(giveUp);
    }
    if (!ok) asked = 0;
    return ok;
  }

  async function run() {
    const cinema = store.getState().cinema;
    if (!cinema || doc.visibilityState === "hidden") return;
    const ok = await ask(cinema);
    if (store.getState().cinema !== cinema) return;
    failures = ok ? 0 : failures + 1;
    if (ok) since = deps.clock.now();
    if (!ok && !note) {
      el.querySelector(".field")!.after((note = doc.createElement("p")));
      note.className = "schedule-live";
    }
    if (note) {
      note.hidden = ok;
      note.textContent = t("schedule.statusesAt", { time: new Date(since).toLocaleTimeString(props.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) });
    }
    deps.timers.clear(timer!);
    timer = deps.timers.set(() => void run(), nextTry(failures));
  }

  // Another cinema: its screenings, from the start (and the selection cleared: the store).
  store.subscribe((state, before) => {
    if (state.cinema !== before.cinema) {
      etag = "";
      deps.timers.clear(timer!);
      if (note) note.hidden = true;
      if (select.value !== (state.cinema ?? "")) select.value = state.cinema ?? "";
      area.innerHTML = state.cinema ? `<p class="season-loading">${escape(t("schedule.loading"))}</p>` : "";
      void run();
    } else if (state.selected !== before.selected) pressed();
  });
  select.addEventListener("change", () => store.getState().chooseCinema(select.value || null));
  area.addEventListener("click", (event) => {
    const button = (event.target as Element).closest?.("button.season-select");
    const s = button && shown.get(button.closest("li")!.getAttribute("data-id")!);
    if (s) store.getState().toggle(s);
  });
  panel.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest?.("button.season-clear")) {
      store.getState().clear();
      select.focus();
    } else if (target.closest?.("button.season-remove")) {
      store.getState().remove(target.closest("li")!.getAttribute("data-id")!);
      // The focus stays in the selection (its next button), else goes back to the picker.
      (panel.querySelector<HTMLElement>("button.season-remove, button.season-clear") ?? select).focus();
    }
  });
  // Shown again: due when last asked long enough ago. Back from another page (the back-forward
  // cache): a route change, the selection goes (spec §4).
  doc.addEventListener("visibilitychange", () => {
    if (deps.clock.now() - asked >= FRESH_MS) void run();
  });
  doc.defaultView?.addEventListener("pageshow", (event) => {
    if (event.persisted) store.getState().routeChanged();
  });

  // What the visitor picked before the island was ready, else the locator's choice.
  store.getState().chooseCinema(select.value || locatorCinema(select, deps.cookies));
  return store;
}
