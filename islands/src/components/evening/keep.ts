// "Keep this evening" in a showtime's details (issue 17, item 4), loaded with the schedule's
// interactive part but as a module of its own (islands.json `onDemand`: the details dialog's
// code is shared by every page's islands and has no room left). `watch` notes the showtime
// chip a click opens, and when the details dialog shows its booking link puts a real button
// after it; a click keeps an evening card (lib/evenings.ts) from what the page says of the
// showtime and its cinema — the chip (`li.st[data-id]`: its start, its real end `data-end`
// when the page has it), the show's title and link, the cinema page's JSON-LD MovieTheater
// (name, address, coordinates, its page) — and what the runtime API answers for the showtime
// (hall, end, booking link). On a cinema page the cinema is the page's; on a page across
// cinemas (a show, a city, an experience) it is the chip's `section.schedule-cinema`, whose
// heading links its page: that page (fetched anyway to be kept offline) gives its MovieTheater.

import { eveningsPath, keepCard, mapLink } from "../../lib/evenings";
type Translate = (key: string) => string;
import type { ScheduleProps } from "../schedule/Schedule";
import type { Schedule, Showtime } from "../../types";

interface Theater {
  "@type"?: string;
  name?: string;
  url?: string;
  address?: { streetAddress?: string; postalCode?: string; addressLocality?: string };
  geo?: { latitude?: number; longitude?: number };
}

/** The page's one MovieTheater (JSON-LD) that names its page. */
export function pageTheater(doc: Document | ParentNode): Theater | null {
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const value: unknown = JSON.parse(script.textContent ?? "");
      const items = (Array.isArray(value) ? value : [value]).flatMap((v: { "@graph"?: Theater[] } & Theater) => v?.["@graph"] ?? [v]);
      const theater = items.find((i) => i?.["@type"] === "MovieTheater" && i.url);
      if (theater) return theater;
    } catch {
      // Not ours to judge: the next block.
    }
  }
  return null;
}

const OFFER = "keep-evening";

const chipOf = (target: EventTarget | null) => (target as Element | null)?.closest?.<HTMLElement>("li.st[data-id]") ?? null;

/** The showtime last clicked in the schedule, and whether the details are watched. */
let chip: HTMLElement | null = null;
let watching = false;

/** Told of each click in the schedule: offers "Keep this evening" in the details of the showtime the visitor opens. */
export function watch(props: ScheduleProps, click: Event): void {
  // The access sheet in the details (issue 17 item 5), told of the same clicks: loaded from
  // here, on demand, so that the interactive part (at its budget) carries nothing of it.
  void import("../schedule/access-sheet").then((m) => m.watch(props, click));
  chip = chipOf(click.target) ?? chip;
  const doc = document;
  if (watching || !chip) return;
  watching = true;
  // Its three strings have no placeholder (lib/i18n's translator is not needed, nor its chunk).
  const t: Translate = (key) => props.labels?.[key] ?? key;
  // The details dialog renders its booking link (again for each showtime): one button after it.
  const place = () => {
    const link = doc.querySelector<HTMLElement>(".showtime-details a.button[rel~=nofollow]");
    if (!link || !chip || link.nextElementSibling?.classList.contains(OFFER)) return;
    doc.querySelectorAll(`.${OFFER}`).forEach((n) => n.remove());
    offer(doc, link, chip, props, t);
  };
  new MutationObserver(place).observe(doc.body, { childList: true, subtree: true });
  place();
}

function offer(doc: Document, link: HTMLElement, chip: HTMLElement, props: ScheduleProps, t: Translate): void {
  const box = doc.createElement("p");
  box.className = OFFER;
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "button-link tap";
  button.textContent = t("evening.keep");
  box.append(button);
  link.after(box);
  button.onclick = () => {
    button.disabled = true;
    void keep(doc, chip, props).then(() => {
      const status = doc.createElement("span");
      status.setAttribute("role", "status");
      status.textContent = t("evening.kept");
      const path = eveningsPath(doc);
      const nodes: Node[] = [status];
      if (path) {
        const see = doc.createElement("a");
        see.className = "tap";
        see.href = path;
        see.textContent = t("evening.see");
        nodes.push(doc.createTextNode(" "), see);
      }
      box.replaceChildren(...nodes);
      box.dataset.kept = "";
    });
  };
}

/** The runtime API's answer for the showtime (hall, end, booking link); none offline. */
async function showtimeOf(doc: Document, id: string, date: string, props: ScheduleProps): Promise<Showtime | null> {
  try {
    // As api/call.ts `apiUrl` writes it (sorted parameters: the live schedule's cache key).
    const url = new URL(props.showtimes, doc.location.origin);
    url.searchParams.set("date", date);
    url.searchParams.set("language", props.lang);
    const response = await fetch(url);
    const answer = (await response.json()) as Schedule;
    return Object.values(answer.days ?? {}).flat().flatMap((s) => s.showtimes).find((s) => s.id === id) ?? null;
  } catch {
    return null;
  }
}

/**
 * The chip's cinema: the one of its `section.schedule-cinema` (a page across cinemas), read
 * from that cinema's page; else the page's own (a cinema page). Offline or unreadable, the
 * section's heading alone (name and page, no address).
 */
export async function theaterOf(doc: Document, chip: HTMLElement): Promise<Theater | null> {
  const heading = chip.closest("section.schedule-cinema")?.querySelector<HTMLAnchorElement>("h5 a[href]");
  if (!heading) return pageTheater(doc);
  const url = new URL(heading.getAttribute("href")!, doc.location.href);
  const named: Theater = { name: heading.textContent?.trim() ?? "", url: url.pathname };
  try {
    const response = await fetch(url.pathname, { credentials: "same-origin" });
    if (!response.ok) return named;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    return { ...named, ...pageTheater(page) };
  } catch {
    return named;
  }
}

/** The chip's film: the title heading of its show in the schedule, else the page's own (a show page). */
function filmOf(doc: Document, show: Element | null): { title: string; path: string } {
  const link = show?.querySelector<HTMLAnchorElement>(":scope > .show-body > h4 a[href]");
  const heading = show?.querySelector(":scope > .show-body > h4");
  if (heading) return { title: heading.textContent?.trim() ?? "", path: link ? new URL(link.href).pathname : "" };
  // The page's own address, without the URL filters a chosen day or filter adds (`/filters/…`).
  return { title: doc.querySelector("main h1")?.textContent?.trim() ?? "", path: doc.location.pathname.replace(/\/filters\/.*$/, "") };
}

async function keep(doc: Document, chip: HTMLElement, props: ScheduleProps): Promise<void> {
  const id = chip.dataset.id!;
  const show = chip.closest("li.schedule-show");
  const theater = (await theaterOf(doc, chip)) ?? {};
  const date = chip.closest("section.day")?.getAttribute("aria-labelledby")?.replace(/^day-/, "") ?? "";
  const showtime = date ? await showtimeOf(doc, id, date, props) : null;
  const start = showtime?.datetime ?? chip.querySelector("time")?.getAttribute("datetime") ?? "";
  const film = filmOf(doc, show);
  const a = theater.address ?? {};
  const { latitude: lat, longitude: lon } = theater.geo ?? {};
  const pages = [theater.url ? new URL(theater.url, doc.location.href).pathname : "", film.path].filter(Boolean);
  await keepCard(doc, {
    id,
    film: film.title,
    cinema: theater.name ?? "",
    address: [a.streetAddress, [a.postalCode, a.addressLocality].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    map: typeof lat === "number" && typeof lon === "number" ? mapLink(lat, lon) : undefined,
    hall: showtime?.auditorium ?? undefined,
    start,
    end: chip.dataset.end || showtime?.endTime || undefined,
    booking: showtime?.bookingUrl ?? chip.querySelector("a")?.href ?? "",
    lang: doc.documentElement.lang || "fr",
    pages,
  });
}
