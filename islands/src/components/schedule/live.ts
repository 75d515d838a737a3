// Live statuses of a schedule (issue 12). The page shows the build's schedule, true when it
// was built; this asks the runtime API for each day section the visitor has in view or a
// screen away (`{showtimes}?date=YYYY-MM-DD`) and brings that day up to date in place
// (live-dom.ts: statuses, bookability, showtimes added or removed since the build; live-changes.ts,
// loaded on demand, places the added ones and removes the gone ones).
//
// A day is asked when it comes into view (a day tab opened shows its section) and again every
// minute while the page is visible, with `If-None-Match`: an unchanged day costs a 304. An API
// that does not answer within 3 s, answers an error or cannot be reached changes nothing on
// the page: a quiet note says since when its statuses date, and the next try comes later and
// later (backoff). Nothing is logged.
//
// No framework: the schedule island's first stage (loaded at idle) holds this module and
// starts it, before any interaction (live-changes.ts aside: only an answer that adds or removes a
// showtime loads it).

import { apiUrl } from "../../api/call";
import type { Translate } from "../../lib/i18n";
import type { Clock, TimerId, Timers } from "../../lib/time";
import type { Lang, Schedule } from "../../types";
import { applyDay } from "./live-dom";

/** The event a day section sends (bubbling) once brought up to date: the schedule's filters
 * (Schedule.tsx, which names it as a literal so as not to share a chunk with this module) apply
 * again to what it added. */
export const LIVE_APPLIED = "schedule-live";

/** How often the days in view are asked again. */
export const REFRESH_MS = 60_000;
/** A day asked less than this ago is not asked again when it comes into view or the page is shown again. */
export const FRESH_MS = REFRESH_MS / 2;
/** An answer slower than this is given up (the page keeps what it shows). */
export const TIMEOUT_MS = 3_000;
/** The first retry after a failed round; each further failure doubles it, up to MAX_RETRY_MS. */
export const RETRY_MS = 5_000;
export const MAX_RETRY_MS = 5 * 60_000;

/** The wait before the next round after `failures` failed rounds in a row (none: the regular minute). */
export const nextTry = (failures: number) => (failures ? Math.min(RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS) : REFRESH_MS);

export interface LiveDeps {
  fetch: typeof fetch;
  clock: Clock;
  timers: Timers;
  /** The site's origin (the API's). */
  origin: string;
  document: Document;
  /** When the page's statuses were written (the build), until an answer comes. */
  since: number;
}

export interface LiveSchedule {
  /** A day section came into view, or left it. */
  shown(section: Element, inView: boolean): void;
  /** Asks the days in view that are due, if the page is visible (it was shown again). */
  refresh(): void;
}

/**
 * Starts the live statuses of the schedule whose tools are `tools` (first in the schedule's
 * section, beside its `section.day`s): the days in view (IntersectionObserver; every day
 * where there is none) are asked, and asked again each minute while the page is visible.
 */
/** What a schedule across cinemas adds to its days' requests (a show page following the locator). */
export interface LiveOptions {
  /** Added to each day's query (`cinema=…`). */
  query?: Record<string, string>;
  /** The cinemas the answers cover: the page's other cinemas are left as they are. */
  scope?: ReadonlySet<string>;
  /** A day was brought up to date. */
  applied?(section: Element): void;
}

export function startLiveSchedule(tools: HTMLElement, props: { showtimes: string; lang: Lang }, t: Translate, deps: LiveDeps, options: LiveOptions = {}): LiveSchedule {
  const doc = deps.document;
  const etags = new Map<string, string>();
  // When each day was last asked; a failed day is forgotten, so it is due at once.
  const askedAt = new Map<string, number>();
  const inView = new Set<Element>();
  let since = deps.since;
  let failures = 0;
  let timer: TimerId | undefined;
  let note: HTMLElement | undefined;
  const dayOf = (section: Element) => section.getAttribute("aria-labelledby")!.slice(4);

  /** One day: true when the page now shows the API's answer (a 304 included). */
  async function ask(section: Element): Promise<boolean> {
    const day = dayOf(section);
    const abort = new AbortController();
    const giveUp = deps.timers.set(() => abort.abort(), TIMEOUT_MS);
    const etag = etags.get(day);
    askedAt.set(day, deps.clock.now());
    let ok = false;
    try {
      // A day the page left without show blocks (`data-embed`: a later day of a city or
      // experience page) asks with the shows' summaries, to title them (live-changes.ts).
      const url = apiUrl({ origin: deps.origin, language: props.lang }, props.showtimes, { ...options.query, date: day, ...(section.hasAttribute("data-embed") ? {} : { embed: false }) });
      const response = await deps.fetch(url, { headers: etag ? { "If-None-Match": etag } : {}, signal: abort.signal });
      if (response.ok) {
        const shows = ((await response.json()) as Schedule).days?.[day] ?? [];
        // Showtimes added or gone since the build: their code loads on demand (a failed load is a failed round).
        if (!applyDay(section, shows, t, options.scope)) applyDay(section, shows, t, options.scope, await import("./live-changes"));
        options.applied?.(section);
        // The schedule's interactive part (its filters) follows what changed.
        section.dispatchEvent(new (doc.defaultView ?? globalThis).Event(LIVE_APPLIED, { bubbles: true }));
        etags.set(day, response.headers.get("ETag") ?? "");
      }
      ok = response.ok || response.status === 304;
    } catch {
      // Unreachable, too slow (aborted) or not JSON: the page keeps what it shows.
    } finally {
      deps.timers.clear(giveUp);
    }
    // An error answer too; the day is due again at the next round.
    if (!ok) askedAt.delete(day);
    return ok;
  }

  async function run(sections: Element[]): Promise<void> {
    const ok = !(await Promise.all(sections.map(ask))).includes(false);
    if (sections.length) {
      failures = ok ? 0 : failures + 1;
      if (ok) since = deps.clock.now();
      if (!ok && !note) {
        tools.after((note = doc.createElement("p")));
        note.className = "schedule-live";
      }
      if (note) {
        note.hidden = ok;
        note.textContent = t("schedule.statusesAt", { time: new Date(since).toLocaleTimeString(props.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) });
      }
    }
    // The next round: kept when one is planned and all went well; the backoff after a failure.
    if (timer === undefined || !ok) {
      deps.timers.clear(timer!);
      timer = deps.timers.set(() => {
        timer = undefined;
        live.refresh();
      }, nextTry(failures));
    }
  }

  let soon = false;
  const live: LiveSchedule = {
    // Days coming into view together (the first look at the page) are one round.
    shown(section, seen) {
      if (seen) inView.add(section);
      else inView.delete(section);
      if (soon) return;
      soon = true;
      void Promise.resolve().then(() => {
        soon = false;
        live.refresh();
      });
    },
    // A hidden page asks nothing and plans nothing: it starts again when shown.
    refresh() {
      const now = deps.clock.now();
      if (doc.visibilityState !== "hidden") void run([...inView].filter((s) => !(now - askedAt.get(dayOf(s))! < FRESH_MS)));
    },
  };
  const Observer = doc.defaultView?.IntersectionObserver;
  // "In view" reaches a screen ahead, above and below: a day is fresh by the time it is seen.
  const observer = Observer && new Observer((entries) => entries.forEach((e) => live.shown(e.target, e.isIntersecting)), { rootMargin: "100% 0px" });
  for (const section of tools.parentElement!.querySelectorAll("section.day")) {
    if (observer) observer.observe(section);
    else live.shown(section, true);
  }
  doc.addEventListener("visibilitychange", () => live.refresh());
  return live;
}
