// The live statuses of a schedule against a real HTTP server on the loopback address (Node's
// fetch, its AbortController): the page as fragments.rs writes it in a jsdom document, time
// driven by hand (a 3 s give-up and a minute's round are steps, not waits).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { JSDOM } from "jsdom";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { translator } from "../../lib/i18n";
import type { Timers, TimerId } from "../../lib/time";
import { FR, labelsOf } from "../../testing/labels";
import type { Schedule, Showtime } from "../../types";
import { FRESH_MS, LIVE_APPLIED, MAX_RETRY_MS, nextTry, REFRESH_MS, RETRY_MS, startLiveSchedule, TIMEOUT_MS } from "./live";

const DAY = "2026-11-22";
const NEXT = "2026-11-23";
const t = translator(labelsOf("schedule"));

const chip = (id: string, time: string, state?: "full" | "past") =>
  state
    ? `<li class="st ${state}" data-id="${id}"><time datetime="${DAY}T${time}+01:00">${time}</time> <span class="state">${FR[`schedule.status.${state === "full" ? "full" : "old"}`]}</span></li>`
    : `<li class="st" data-id="${id}"><a href="https://tickets.example.org/${id}" rel="nofollow"><time datetime="${DAY}T${time}+01:00">${time}</time><span class="labels"> <span class="badge">IMAX</span></span></a></li>`;

/** A cinema page's schedule section as fragments.rs writes it. */
const PAGE =
  `<section class="schedule" aria-labelledby="schedule"><h2 id="schedule">Séances</h2><div class="schedule-tools" data-island="schedule"></div>` +
  `<section class="day" aria-labelledby="day-${DAY}"><h3 id="day-${DAY}">dimanche 22 novembre</h3><ul class="schedule-shows">` +
  `<li class="schedule-show" data-show="dune"><div class="show-body"><h4><a href="/film/dune">Dune</a></h4><div class="versions">` +
  `<p class="version">VF</p><ul class="showtimes" data-version="vf">${chip("st1", "14:00")}${chip("st2", "20:30")}</ul>` +
  `<p class="version">VOST</p><ul class="showtimes" data-version="vost">${chip("st3", "22:00")}</ul></div></div></li>` +
  `<li class="schedule-show" data-show="wish"><div class="show-body"><h4><a href="/film/wish">Wish</a></h4><div class="versions">` +
  `<p class="version">VF</p><ul class="showtimes" data-version="vf">${chip("st4", "10:00", "past")}</ul></div></div></li>` +
  `</ul></section>` +
  `<section class="day" aria-labelledby="day-${NEXT}"><h3 id="day-${NEXT}">lundi 23 novembre</h3><ul class="schedule-shows"></ul></section></section>`;

const VF = { slug: "vf", label: "VF" };
const showtime = (id: string, time: string, status: Showtime["status"] = "available", version = VF, day = DAY): Showtime => ({
  id,
  show: "dune",
  cinema: "versailles",
  status,
  datetime: `${day}T${time}:00+01:00`,
  version,
  flags: { threeD: false },
  bookingUrl: `https://tickets.example.org/${id}`,
});

/** The page's day as the API answers it while nothing changed. */
const unchanged = (): Schedule => ({
  days: {
    [DAY]: [
      { show: "dune", resume: {} as never, showtimes: [showtime("st1", "14:00"), showtime("st2", "20:30"), showtime("st3", "22:00", "available", { slug: "vost", label: "VOST" })] },
      { show: "wish", resume: {} as never, showtimes: [showtime("st4", "10:00", "locked")] },
    ],
  },
});

/** Timers and a clock moved by hand. */
function handTime() {
  let now = Date.parse(`${DAY}T20:00:00+01:00`);
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set: (run, ms) => {
      const id = next++;
      due.set(id, { at: now + ms, run });
      return id as unknown as TimerId;
    },
    clear: (id) => void due.delete(id as unknown as number),
  };
  return {
    clock: { now: () => now },
    timers,
    /** The delays of the timers waiting, from now. */
    waiting: () => [...due.values()].map((d) => d.at - now).sort((a, b) => a - b),
    /** Moves the clock on by `ms`, running each timer that falls due. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const [id, first] = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (id === undefined || first!.at > end) break;
        due.delete(id);
        now = first!.at;
        first!.run();
        await settle();
      }
      now = end;
    },
  };
}

/** Lets requests answer and promises run (real sockets: a few turns of the event loop). */
async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

interface Seen {
  url: URL;
  ifNoneMatch?: string;
}

let server: Server;
let origin: string;
let seen: Seen[];
/** What the server answers; `hold` keeps the request without an answer. */
let answer: (req: Seen, res: ServerResponse) => void;

// The module live.ts loads on demand, loaded once ahead: a round's few turns of the event loop
// (settle) need not cover compiling it on a busy machine.
beforeAll(() => import("./live-changes"));

beforeEach(async () => {
  seen = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const s: Seen = { url: new URL(req.url!, "http://x"), ifNoneMatch: req.headers["if-none-match"] };
    seen.push(s);
    answer(s, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Answers a schedule with an ETag made of its body; 304 to a matching If-None-Match. */
function answering(schedule: () => Schedule) {
  answer = (req, res) => {
    const body = JSON.stringify({ days: { [req.url.searchParams.get("date")!]: schedule().days[req.url.searchParams.get("date")!] ?? [] } });
    const etag = `"${body.length}-${[...body].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)}"`;
    if (req.ifNoneMatch === etag) {
      res.writeHead(304, { ETag: etag }).end();
    } else {
      res.writeHead(200, { "Content-Type": "application/json", ETag: etag }).end(body);
    }
  };
}

function start(options: { hidden?: boolean; html?: string } = {}) {
  const dom = new JSDOM(`<!doctype html><body>${options.html ?? PAGE}`);
  const doc = dom.window.document;
  let hidden = options.hidden ?? false;
  Object.defineProperty(doc, "visibilityState", { get: () => (hidden ? "hidden" : "visible") });
  const time = handTime();
  const tools = doc.querySelector<HTMLElement>(".schedule-tools")!;
  const built = time.clock.now() - 3 * 3_600_000;
  const live = startLiveSchedule(tools, { showtimes: "/api/cinema/versailles/shows", lang: "fr" }, t, {
    fetch: globalThis.fetch,
    clock: time.clock,
    timers: time.timers,
    origin,
    document: doc,
    since: built,
  });
  const day = doc.querySelector(`[aria-labelledby=day-${DAY}]`)!;
  const heard = { count: 0 };
  doc.addEventListener(LIVE_APPLIED, () => heard.count++);
  return {
    get applied() {
      return heard.count;
    },
    doc,
    live,
    time,
    day,
    chip: (id: string) => day.querySelector<HTMLElement>(`li.st[data-id=${id}]`),
    note: () => doc.querySelector<HTMLElement>(".schedule-live"),
    setHidden(value: boolean) {
      hidden = value;
      doc.dispatchEvent(new dom.window.Event("visibilitychange"));
    },
  };
}

describe("live statuses of a schedule", () => {
  it("asks each day in view once, for its date in the page's language, without the shows' data", async () => {
    answering(unchanged);
    const page = start();
    const before = page.day.innerHTML;
    const nodes = [...page.day.querySelectorAll("li.st")];
    await settle();
    expect(seen.map((s) => [s.url.pathname, Object.fromEntries(s.url.searchParams)])).toEqual([
      ["/api/cinema/versailles/shows", { date: DAY, embed: "false", language: "fr" }],
      ["/api/cinema/versailles/shows", { date: NEXT, embed: "false", language: "fr" }],
    ]);
    expect(seen.every((s) => s.ifNoneMatch === undefined)).toBe(true);
    // An answer that says what the page says changes no node.
    expect(page.day.innerHTML).toBe(before);
    expect([...page.day.querySelectorAll("li.st")]).toEqual(nodes);
    expect(page.note()).toBeNull();
  });

  it("asks a later day the page left without show blocks (data-embed) with the shows' data, at every round (its ETag holds)", async () => {
    answering(unchanged);
    const page = start({ html: PAGE.replace(`<section class="day" aria-labelledby="day-${NEXT}">`, `<section class="day" data-later data-embed aria-labelledby="day-${NEXT}">`) });
    await settle();
    await page.time.advance(REFRESH_MS);
    expect(seen.map((s) => [s.url.searchParams.get("date"), s.url.searchParams.get("embed"), s.ifNoneMatch !== undefined])).toEqual([
      [DAY, "false", false],
      [NEXT, null, false],
      [DAY, "false", true],
      [NEXT, null, true],
    ]);
  });

  it("brings the day up to date: sold out, closed, bookable again, removed and added showtimes", async () => {
    const schedule = unchanged();
    const [dune, wish] = schedule.days[DAY]!;
    dune!.showtimes = [
      showtime("st1", "14:00", "soldout"),
      showtime("st5", "17:45"),
      { ...showtime("st2", "20:30"), bookingUrl: "https://tickets.example.org/st2-new" },
      showtime("st6", "23:30", "locked", { slug: "vost", label: "VOST" }),
    ];
    wish!.showtimes = [showtime("st4", "10:00")];
    schedule.days[DAY]!.push({ show: "napoleon", resume: {} as never, showtimes: [showtime("st7", "21:00", "available", { slug: "vo", label: "VO" })] });
    answering(() => schedule);
    const page = start();
    const kept = page.chip("st2")?.querySelector("time");
    await settle();

    // Sold out: no link, "Complet", its time and badges kept.
    expect(page.chip("st1")?.outerHTML).toBe(
      `<li class="st full" data-id="st1"><time datetime="${DAY}T14:00+01:00">14:00</time> <span class="state">${FR["schedule.status.full"]}</span><span class="labels"> <span class="badge">IMAX</span></span></li>`,
    );
    // Bookable again: a link once more, the state gone.
    expect(page.chip("st4")?.outerHTML).toBe(`<li class="st" data-id="st4"><a href="https://tickets.example.org/st4" rel="nofollow"><time datetime="${DAY}T10:00+01:00">10:00</time></a></li>`);
    // Its booking link changed.
    expect(page.chip("st2")?.querySelector("a")?.getAttribute("href")).toBe("https://tickets.example.org/st2-new");
    expect(page.chip("st2")?.querySelector("time")?.outerHTML).toBe(kept?.outerHTML);
    // Added, in time order within its version; a closed one says so.
    expect([...page.day.querySelectorAll("[data-show=dune] ul[data-version=vf] li.st")].map((c) => c.getAttribute("data-id"))).toEqual(["st1", "st5", "st2"]);
    expect(page.chip("st5")?.textContent).toBe("17:45");
    expect(page.chip("st6")?.className).toBe("st past");
    expect(page.chip("st6")?.textContent).toBe(`23:30 ${FR["schedule.status.old"]}`);
    // Removed: st3 goes; its version list stays for st6.
    expect(page.chip("st3")).toBeNull();
    expect([...page.day.querySelectorAll("li.schedule-show[data-show=dune] p.version")].map((p) => p.textContent)).toEqual(["VF", "VOST"]);
    // The filters hear of it (Schedule.tsx applies them again).
    expect(page.applied).toBeGreaterThan(0);
    // A show the day did not have.
    const napoleon = page.day.querySelector("li.schedule-show[data-show=napoleon]");
    expect(napoleon?.querySelector("p.version")?.textContent).toBe("VO");
    expect(napoleon?.querySelector("ul[data-version=vo] li.st[data-id=st7] a")?.getAttribute("href")).toBe("https://tickets.example.org/st7");
  });

  it("removes a version list and a show left empty", async () => {
    const schedule = unchanged();
    schedule.days[DAY] = [{ show: "dune", resume: {} as never, showtimes: [showtime("st1", "14:00"), showtime("st2", "20:30")] }];
    answering(() => schedule);
    const page = start();
    await settle();
    expect(page.day.querySelector("ul[data-version=vost]")).toBeNull();
    expect([...page.day.querySelectorAll("p.version")].map((p) => p.textContent)).toEqual(["VF"]);
    expect(page.day.querySelector("li.schedule-show[data-show=wish]")).toBeNull();
  });

  it("asks again every minute with If-None-Match: an unchanged day is a 304 and the page stays as it is", async () => {
    answering(unchanged);
    const page = start();
    await settle();
    const etags = seen.map((s) => s.url.searchParams.get("date"));
    expect(etags).toEqual([DAY, NEXT]);
    expect(page.time.waiting()).toEqual([REFRESH_MS]);
    const before = page.day.innerHTML;
    const nodes = [...page.day.querySelectorAll("li.st")];
    await page.time.advance(REFRESH_MS);
    expect(seen).toHaveLength(4);
    expect(seen.slice(2).every((s) => s.ifNoneMatch?.startsWith('"'))).toBe(true);
    expect(page.day.innerHTML).toBe(before);
    expect([...page.day.querySelectorAll("li.st")]).toEqual(nodes);
    // And once more a minute later.
    await page.time.advance(REFRESH_MS);
    expect(seen).toHaveLength(6);
  });

  it("gives up an answer after 3 s: the page keeps its schedule, says since when, and tries again later and later", async () => {
    answer = () => {}; // never answers
    const page = start();
    const before = page.day.innerHTML;
    await settle();
    expect(seen).toHaveLength(2);
    expect(page.time.waiting()).toEqual([TIMEOUT_MS, TIMEOUT_MS]);
    await page.time.advance(TIMEOUT_MS);
    expect(page.day.innerHTML).toBe(before);
    const since = new Date(page.time.clock.now() - TIMEOUT_MS - 3 * 3_600_000);
    const hhmm = `${String(since.getHours()).padStart(2, "0")}:${String(since.getMinutes()).padStart(2, "0")}`;
    expect(page.note()?.textContent).toBe(FR["schedule.statusesAt"]!.replace("{time}", hhmm));
    expect(page.note()?.hidden).toBe(false);
    // The note follows the tools, in the schedule's section.
    expect(page.note()?.previousElementSibling?.className).toBe("schedule-tools");
    // Backoff: 5 s, then 10 s (each try given up after 3 s).
    expect(page.time.waiting()).toEqual([RETRY_MS]);
    await page.time.advance(RETRY_MS);
    expect(seen).toHaveLength(4);
    await page.time.advance(TIMEOUT_MS);
    expect(page.time.waiting()).toEqual([2 * RETRY_MS]);
    // The API answers again: the note goes, the minute's round is back.
    answering(unchanged);
    await page.time.advance(2 * RETRY_MS);
    expect(seen).toHaveLength(6);
    expect(page.note()?.hidden).toBe(true);
    expect(page.time.waiting()).toEqual([REFRESH_MS]);
  });

  it("keeps the page on an error answer or when the API cannot be reached, then says since the last answer", async () => {
    answering(unchanged);
    const page = start();
    await settle();
    const answeredAt = new Date(page.time.clock.now());
    const hhmm = `${String(answeredAt.getHours()).padStart(2, "0")}:${String(answeredAt.getMinutes()).padStart(2, "0")}`;
    answer = (_, res) => void res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"internal"}');
    const before = page.day.innerHTML;
    await page.time.advance(REFRESH_MS);
    expect(page.day.innerHTML).toBe(before);
    expect(page.note()?.textContent).toContain(hhmm);
    // Unreachable: the server gone.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    server.listen(0); // (closed again by afterEach)
    await page.time.advance(RETRY_MS);
    expect(page.day.innerHTML).toBe(before);
    expect(page.note()?.hidden).toBe(false);
    expect(page.time.waiting()).toEqual([2 * RETRY_MS]);
  });

  it("asks nothing while the page is hidden, and asks again when it is shown", async () => {
    answering(unchanged);
    const page = start({ hidden: true });
    await settle();
    expect(seen).toHaveLength(0);
    page.setHidden(false);
    await settle();
    expect(seen).toHaveLength(2);
    // Shown again soon after: the days are fresh, nothing asked.
    page.setHidden(true);
    await page.time.advance(REFRESH_MS);
    expect(seen).toHaveLength(2);
    await page.time.advance(FRESH_MS);
    page.setHidden(false);
    await settle();
    expect(seen).toHaveLength(4);
  });

  it("asks a day when it comes into view, not again while it is fresh", async () => {
    answering(unchanged);
    const page = start();
    await settle();
    const next = page.doc.querySelector(`[aria-labelledby=day-${NEXT}]`)!;
    page.live.shown(page.day, false);
    page.live.shown(next, false);
    page.live.shown(next, true);
    await settle();
    expect(seen).toHaveLength(2);
    await page.time.advance(FRESH_MS);
    page.live.shown(next, false);
    page.live.shown(next, true);
    await settle();
    expect(seen.map((s) => s.url.searchParams.get("date"))).toEqual([DAY, NEXT, NEXT]);
  });

  it("waits a minute between rounds, and after failures 5 s doubling up to 5 minutes", () => {
    expect([0, 1, 2, 3, 4, 7, 20].map(nextTry)).toEqual([REFRESH_MS, 5_000, 10_000, 20_000, 40_000, 300_000, MAX_RETRY_MS]);
  });
});
