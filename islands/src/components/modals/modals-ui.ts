// The modals the "modals" island's triggers open (spec §4 Modals), loaded on demand at a
// trigger's first use (islands.json `onDemand`). Their open flag and data live in the page's
// modals store: Escape, the overlay, closing all, the scroll lock and the viewport rules are
// the store's and the Dialog's.
// - a section's modal (show details, global feelings, partners, experience details,
//   subscription perks): the page's own section (the trigger's `#fragment`, where the link
//   leads without JavaScript), copied into the dialog as the cinema information is;
// - the experience teaser: its section and its video (closing unmounts the player: the
//   video stops);
// - the calendar: the schedule's days in month grids; a day picked is selected in the
//   schedule (from the calendar: it becomes the start day too) and the calendar closes.
//   Up to the tablet's widest viewport it is the mobile calendar (full screen, the page does
//   not scroll), else the desktop one (a pop-in);
// - the client rating: the three emotions; a choice is the show-feelings island's own
//   button (its sign-in requirement, its API call, its undo on failure).
//
// No static import: what it builds with comes from the interactive part most pages load
// anyway (components/interactive.ts). A static import of preact by one more module split the
// shared chunks: every page paid 0.2 KB more after every island. Hence `jsx()` calls, not JSX.

import type * as Lib from "../interactive";
import type { ModalsProps } from "../../islands/modals";
import type { ModalId } from "../../stores/modals";
import type { Video } from "../../types";

type L = typeof Lib;
type Child = ReturnType<L["jsx"]> | string | number | null | Child[];

/** What a trigger opens its modal with (read from its attributes). */
export interface TriggerData {
  /** Id of the page's section the modal shows. */
  section?: string;
  /** The schedule's days (YYYY-MM-DD) and the one shown. */
  days?: string[];
  selected?: string;
  video?: Video;
}

const SECTIONS = ["showDetails", "globalFeelings", "partners", "experienceDetails", "subscriptionPerks"] as const;
export const EMOTIONS = ["disappointed", "liked", "loved"] as const;

/** The data of a trigger: its fragment (or `data-section`), its days, its video. */
export function triggerData(trigger: HTMLElement, selectedDay?: string | null): TriggerData {
  const d = trigger.dataset;
  const hash = trigger.getAttribute("href")?.split("#")[1];
  const data: TriggerData = {};
  const section = d.section || hash;
  if (section) data.section = section;
  if (d.days) {
    data.days = d.days.split(",").filter(Boolean);
    const first = data.days[0];
    const selected = selectedDay && data.days.includes(selectedDay) ? selectedDay : first;
    if (selected) data.selected = selected;
  }
  if (d.video) data.video = JSON.parse(d.video) as Video;
  return data;
}

/** The weeks (Monday first) of each month the days span: null for a cell outside the month. */
export function monthGrids(days: readonly string[]): { month: string; weeks: (string | null)[][] }[] {
  const months = [...new Set(days.map((d) => d.slice(0, 7)))].sort();
  return months.map((month) => {
    const first = utc(`${month}-01`);
    const cells: (string | null)[] = Array.from({ length: (first.getUTCDay() + 6) % 7 }, () => null);
    for (const d = new Date(first); d.getUTCMonth() === first.getUTCMonth(); d.setUTCDate(d.getUTCDate() + 1)) cells.push(iso(d));
    while (cells.length % 7) cells.push(null);
    const weeks: (string | null)[][] = [];
    for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
    return { month, weeks };
  });
}

/** A day as a UTC date (the schedule's days are calendar dates, no time zone). */
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

let root: HTMLElement | null = null;

/** Opens the modal a trigger names (the modals are mounted once per page). */
export async function open(trigger: HTMLElement, props: ModalsProps): Promise<boolean> {
  // "Languages I understand": a disclosure on the page, no modal (components/schedule/languages.ts).
  if (trigger.dataset.modal === "languages") {
    const m = await import("../schedule/languages");
    m.default(trigger.closest<HTMLElement>(".follow-langs-tools")!.parentElement!, m.translate(props.labels), true);
    return true;
  }
  const lib = await import("../interactive");
  if (!root?.isConnected) {
    root = document.createElement("div");
    root.className = "modals-root";
    document.body.append(root);
    lib.defineIsland<ModalsProps>((p) => lib.jsx(lib.IslandRoot, { props: p, children: modals(lib, p.lang) }))(root, props);
  }
  const id = trigger.dataset.modal;
  const data = triggerData(trigger, lib.pageSchedule().getState().selectedDay);
  const store = lib.pageModals().getState();
  // The mobile calendar has a maximum width (the store refuses it above): then the desktop one.
  if (id === "calendar") return store.open("calendarMobile", data) || store.open("calendarDesktop", data);
  return store.open(id as ModalId, data);
}

/** Removes the modals (tests: a new page). */
export function unmount(): void {
  root?.remove();
  root = null;
}

function modals(lib: L, lang: string): Child {
  const { jsx, useLayoutEffect, useRef, useModal, useT, ModalDialog, pageModals, pageSchedule, wakeIslands } = lib;

  /**
   * The section's content without its heading (the dialog's title), without ids (no
   * duplicates), scripts and what the page marks `data-copy="skip"` (e.g. the partner search,
   * which works on the page's list); a list, table or paragraph is copied whole (a `dd` needs
   * its `dl`).
   */
  function SectionCopy({ source }: { source: HTMLElement }) {
    const box = useRef<HTMLDivElement>(null);
    useLayoutEffect(() => {
      const copy = source.cloneNode(true) as HTMLElement;
      copy.querySelector("h2")?.remove();
      copy.querySelectorAll("script, [data-copy=skip]").forEach((el) => el.remove());
      for (const el of [copy, ...copy.querySelectorAll("[id]")]) el.removeAttribute("id");
      for (const el of [copy, ...copy.querySelectorAll("[aria-labelledby]")]) el.removeAttribute("aria-labelledby");
      copy.removeAttribute("aria-label");
      box.current?.replaceChildren(...(/^(DL|UL|OL|TABLE|P)$/.test(copy.tagName) ? [copy] : copy.childNodes));
    }, [source]);
    return jsx("div", { ref: box as never, className: "section-copy" });
  }

  function SectionModal({ id, extra }: { id: ModalId; extra?: (data: TriggerData) => Child }) {
    const t = useT();
    const { data } = useModal<TriggerData>(id);
    const source = data?.section ? document.getElementById(data.section) : null;
    const heading = source?.querySelector("h2")?.textContent?.trim();
    return jsx(ModalDialog, {
      id,
      title: heading || t(`modals.${id}`),
      closeLabel: t("modals.close"),
      className: `modal-${id}`,
      variant: extra ? "player" : "centred",
      children: [source ? jsx(SectionCopy, { source }, "copy") : null, data && extra ? extra(data) : null],
    });
  }

  /** The provider's embedded player, or the file itself (as the trailer's). */
  function Player({ video }: { video: Video }) {
    const t = useT();
    const id = encodeURIComponent(video.id);
    const src =
      video.provider === "youtube"
        ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
        : video.provider === "vimeo"
          ? `https://player.vimeo.com/video/${id}?autoplay=1`
          : null;
    const name = t("modals.experienceTeaser");
    return src
      ? jsx("iframe", { className: "trailer-iframe", src, title: name, allow: "autoplay; fullscreen; picture-in-picture", allowFullScreen: true })
      : jsx("video", { className: "trailer-video", src: video.url ?? undefined, controls: true, autoPlay: true, "aria-label": name });
  }

  /** Picks a day: the schedule shows it (its interactive part woken if it was not yet). */
  const pickDay = (day: string) => {
    pageSchedule().getState().selectDay(day, { fromCalendar: true });
    wakeIslands('[data-island="schedule"]');
    pageModals().getState().closeAll();
  };

  function Calendar({ id }: { id: "calendarDesktop" | "calendarMobile" }) {
    const t = useT();
    const { data } = useModal<TriggerData>(id);
    const days = data?.days ?? [];
    const fmt = (options: Intl.DateTimeFormatOptions, day: string) => new Intl.DateTimeFormat(lang, { ...options, timeZone: "UTC" }).format(utc(day));
    // 2024-01-01 was a Monday: the week's day names in the page's language.
    const weekdays = [1, 2, 3, 4, 5, 6, 7].map((n) => `2024-01-0${n}`);
    const cell = (day: string | null, j: number) =>
      jsx(
        "td",
        {
          children: !day
            ? null
            : days.includes(day)
              ? jsx("button", {
                  type: "button",
                  className: "tap",
                  "aria-pressed": day === data?.selected,
                  "aria-label": fmt({ weekday: "long", day: "numeric", month: "long" }, day),
                  onClick: () => pickDay(day),
                  children: Number(day.slice(8)),
                })
              : jsx("span", { className: "calendar-off", children: Number(day.slice(8)) }),
        },
        day ?? `e${j}`,
      );
    const month = ({ month, weeks }: { month: string; weeks: (string | null)[][] }) =>
      jsx(
        "table",
        {
          className: "calendar-month",
          children: [
            jsx("caption", { children: fmt({ month: "long", year: "numeric" }, `${month}-01`) }, "c"),
            jsx("thead", { children: jsx("tr", { children: weekdays.map((d) => jsx("th", { scope: "col", abbr: fmt({ weekday: "long" }, d), children: fmt({ weekday: "narrow" }, d) }, d)) }) }, "h"),
            jsx("tbody", { children: weeks.map((week, i) => jsx("tr", { children: week.map(cell) }, String(i))) }, "b"),
          ],
        },
        month,
      );
    return jsx(ModalDialog, {
      id,
      variant: id === "calendarMobile" ? "fullscreen" : "popin",
      title: t("modals.calendar"),
      closeLabel: t("modals.close"),
      className: "calendar",
      children: monthGrids(days).map(month),
    });
  }

  /** The show-feelings island's emotion buttons (the one place a rating is made). */
  const emotionButton = (emotion: string) => document.querySelector<HTMLElement>(`.show-feelings .emotion[data-emotion="${emotion}"]`);

  function Rating() {
    const t = useT();
    useModal("clientRating");
    return jsx(ModalDialog, {
      id: "clientRating",
      title: t("modals.clientRating"),
      closeLabel: t("modals.close"),
      className: "rating",
      children: jsx("fieldset", {
        className: "emotions",
        children: [
          jsx("legend", { children: t("client.emotions.title") }, "l"),
          ...EMOTIONS.map((emotion) =>
            jsx(
              "button",
              {
                type: "button",
                className: "emotion tap",
                "data-emotion": emotion,
                "aria-pressed": emotionButton(emotion)?.getAttribute("aria-pressed") === "true",
                onClick: () => {
                  // Closed first: a visitor who must sign in gets the sign-in modal in its place.
                  pageModals().getState().close("clientRating");
                  emotionButton(emotion)?.click();
                },
                children: t(`client.emotions.${emotion}`),
              },
              emotion,
            ),
          ),
        ],
      }),
    });
  }

  return [
    ...SECTIONS.map((id) => jsx(SectionModal, { id }, id)),
    jsx(SectionModal, { id: "experienceTeaser", extra: (data) => (data.video ? jsx(Player, { video: data.video }, "video") : null) }, "teaser"),
    jsx(Calendar, { id: "calendarDesktop" }, "cd"),
    jsx(Calendar, { id: "calendarMobile" }, "cm"),
    jsx(Rating, {}, "rating"),
  ];
}
