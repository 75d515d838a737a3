// A schedule's tools (spec §4 Schedule): day tabs (the server's day sections become tab
// panels, one shown), filters in a dialog (each choice rewrites the URL's `/filters/` part,
// no navigation), the count of shows kept announced, and a showtime's details in a dialog
// (its hall, version, the film's real times, special details) with the booking link and a
// link to add it to a calendar.

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { ACCESS, accessChosen } from "../../lib/access";
import { isFiltering } from "../../lib/show-filter";
import type { Filters, ListFilterKey } from "../../lib/filters";
import { pageApi } from "../../stores/page/api";
import { pageUrl, type PageSite } from "../../stores/page/env";
import { pageModals } from "../../stores/page/modals";
import { pageSchedule } from "../../stores/page/schedule";
import type { Schedule as ScheduleAnswer, Showtime } from "../../types";
import { useHydrated } from "../IslandRoot";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import { filterShows, showDay, showtimeAt } from "./schedule-dom";
import type { ScheduleProps as SchedulePropsData } from "../../generated/api-types";

export interface FilterOption {
  value: string;
  label: string;
}

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type ScheduleProps = IslandProps & SchedulePropsData;

const FILTER_LEGENDS: Record<ListFilterKey, string> = { versions: "filters.versions", tags: "filters.tags", genres: "filters.genres" };
const FILTER_KEYS: ListFilterKey[] = ["versions", "tags", "genres"];

const sameFilters = (a: Filters, b: Filters) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function Schedule(props: ScheduleProps & { host: HTMLElement }) {
  const t = useT();
  const hydrated = useHydrated();
  const store = pageSchedule();
  const container = props.host.parentElement ?? props.host;
  const filters = useStore(store, (s) => s.filters, sameFilters);
  const chosen = useStore(store, (s) => s.selectedDay);
  const [kept, setKept] = useState<Map<string, number> | null>(null);
  const days = props.days;
  // The URL's day, else the day the address points at (#day-…), else the first.
  const hashDay = () => /^#day-(\d{4}-\d{2}-\d{2})$/.exec(pageUrl().read().hash)?.[1];
  const [fallback] = useState(() => days.find((d) => d.date === hashDay())?.date ?? days[0]?.date ?? "");
  const day = days.find((d) => d.date === chosen)?.date ?? fallback;

  useLayoutEffect(() => {
    if (hydrated) showDay(container, day);
  }, [hydrated, day, container]);
  useLayoutEffect(() => {
    if (!hydrated) return;
    const apply = () => setKept(filterShows(container, filters, t("schedule.noShowtimesFiltered")));
    apply();
    // A day the live statuses changed (live.ts LIVE_APPLIED): added showtimes and shows are filtered too.
    container.addEventListener("schedule-live", apply);
    return () => container.removeEventListener("schedule-live", apply);
  }, [hydrated, filters, container, t]);
  useShowtimeClicks(container, props);

  const offered = FILTER_KEYS.filter((k) => (props.filters?.[k]?.length ?? 0) > 0);
  const active = filters.versions.length + filters.tags.length + filters.genres.length;
  const count = kept?.get(day) ?? 0;
  const access = accessChosen(filters.tags);
  return (
    <>
      {hydrated ? <DayTabs days={days} day={day} /> : <DayLinks days={days} />}
      {offered.length > 0 ? (
        <button type="button" className="schedule-filters-open tap" aria-haspopup="dialog" onClick={() => void pageModals().getState().open("filters")}>
          {t("schedule.filters")}
          {hydrated && active > 0 ? <span className="count">{` (${active})`}</span> : null}
        </button>
      ) : null}
      <AccessToggles options={props.filters.tags} chosen={hydrated ? access : []} />
      <p className="schedule-count" role="status">
        {hydrated && kept && isFiltering(filters) ? (count === 0 ? t("schedule.noShowtimesFiltered") : t(access.length ? "accessibility.shown" : "filters.results", { count })) : null}
      </p>
      {hydrated && offered.length > 0 ? <FiltersDialog options={props.filters ?? {}} keys={offered} count={count} /> : null}
      {hydrated ? <ShowtimeDialog /> : null}
    </>
  );
}

/**
 * The access sheet's one-tap toggles (issue 17 item 5): each adds or removes its tag of the URL
 * filters, named by the tag's own title (the content's, as in the filters dialog).
 */
function AccessToggles({ options, chosen }: { options: { value: string; label: string }[]; chosen: string[] }) {
  // Always there, empty without accessibility tags (as the server writes it; CSS hides it then).
  return (
    <div className="access-filter">
      {ACCESS.flatMap((tag) => options.filter((o) => o.value === tag)).map((o) => (
        <button type="button" className="tap" aria-pressed={chosen.includes(o.value)} data-access={o.value} onClick={() => pageSchedule().getState().toggleFilter("tags", o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}

function DayLinks({ days }: { days: ScheduleProps["days"] }) {
  const t = useT();
  return (
    <nav className="schedule-days" aria-label={t("schedule.pickDay")}>
      <ul>
        {days.map((d) => (
          <li key={d.date}>
            <a className="tap" href={`#day-${d.date}`}>
              {d.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DayTabs({ days, day }: { days: ScheduleProps["days"]; day: string }) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const select = (date: string, focus = false) => {
    pageSchedule().getState().selectDay(date);
    if (focus) list.current?.querySelector<HTMLElement>(`#tab-${date}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = days.findIndex((d) => d.date === day);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: days.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = days[(to + days.length) % days.length];
    if (next) select(next.date, true);
  };
  return (
    <div ref={list} className="schedule-days" role="tablist" aria-label={t("schedule.pickDay")} onKeyDown={onKeyDown}>
      {days.map((d) => (
        <button
          key={d.date}
          type="button"
          role="tab"
          id={`tab-${d.date}`}
          className="tap"
          aria-selected={d.date === day}
          aria-controls={`panel-${d.date}`}
          tabIndex={d.date === day ? 0 : -1}
          onClick={() => select(d.date)}
        >
          {d.label}
        </button>
      ))}
    </div>
  );
}

function FiltersDialog({ options, keys, count }: { options: NonNullable<ScheduleProps["filters"]>; keys: ListFilterKey[]; count: number }) {
  const t = useT();
  const store = pageSchedule();
  const filters = useStore(store, (s) => s.filters, sameFilters);
  return (
    <ModalDialog id="filters" title={t("filters.title")} closeLabel={t("modals.close")} className="filters">
      {keys.map((key) => (
        <fieldset key={key}>
          <legend>{t(FILTER_LEGENDS[key])}</legend>
          {(options[key] ?? []).map((o) => (
            <label key={o.value} className="tap">
              <input type="checkbox" value={o.value} checked={filters[key].includes(o.value)} onChange={() => store.getState().toggleFilter(key, o.value)} />
              {` ${o.label}`}
            </label>
          ))}
        </fieldset>
      ))}
      <div className="dialog-actions">
        <button type="button" className="button-link tap" onClick={() => store.getState().resetFilters()}>
          {t("filters.reset")}
        </button>
        <button type="button" className="button tap" onClick={() => pageModals().getState().close("filters")}>
          {t("filters.showResults", { count })}
        </button>
      </div>
    </ModalDialog>
  );
}

/** A click on a showtime with an id opens its details (a click with a modifier key still books). */
function useShowtimeClicks(container: HTMLElement, props: ScheduleProps) {
  useEffect(() => {
    if (!props.showtimes) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const picked = showtimeAt(event.target);
      if (!picked) return;
      event.preventDefault();
      const date = picked.id && (event.target as Element).closest<HTMLElement>("section.day")?.getAttribute("aria-labelledby")?.replace(/^day-/, "");
      pageSchedule().getState().selectShowtime({ id: picked.id, show: picked.show, cinema: "" });
      pageModals().getState().open("showtimeDetails", { ...picked, date, api: props.showtimes, page: { site: props.site, lang: props.lang } });
    };
    container.addEventListener("click", onClick);
    return () => container.removeEventListener("click", onClick);
  }, [container, props.showtimes, props.site, props.lang]);
}

interface DetailsData {
  id: string;
  title: string;
  time: string;
  href: string;
  date?: string;
  /** The chip's `film ≈ 20:47–22:58`. */
  film?: string | null;
  api: string;
  page: PageSite;
}

function ShowtimeDialog() {
  const t = useT();
  const data = useStore(pageModals(), (s) => (s.modals.showtimeDetails.open ? (s.modals.showtimeDetails.data as DetailsData) : null));
  return (
    <ModalDialog id="showtimeDetails" title={data ? `${data.title} — ${data.time}` : t("modals.showtimeDetails")} closeLabel={t("modals.close")} className="showtime-details">
      {data ? <ShowtimeDetails data={data} /> : null}
    </ModalDialog>
  );
}

function ShowtimeDetails({ data }: { data: DetailsData }) {
  const t = useT();
  const loading = useStore(pageSchedule(), (s) => s.loading);
  const [showtime, setShowtime] = useState<Showtime | null>(null);
  // `data` is the modal's: a new object only when the modal is opened again.
  useEffect(() => {
    if (!data.date) return;
    const request = pageApi(data.page).get<ScheduleAnswer>(data.api, { date: data.date });
    void pageSchedule()
      .getState()
      .track(request)
      .then((answer) => setShowtime(Object.values(answer.days ?? {}).flat().flatMap((s) => s.showtimes).find((s) => s.id === data.id) ?? null))
      .catch(() => setShowtime(null));
  }, [data]);
  const special = showtime?.specialShowtimeDetails;
  return (
    <>
      {loading ? <p role="status">{t("schedule.loading")}</p> : null}
      {/* The film's real times as its chip says them (issue 17): they replace the session's end. */}
      <p className="film">{data.film}</p>
      {showtime ? (
        <dl className="showtime-facts">
          <dt>{t("filters.versions")}</dt>
          <dd>{showtime.version.label}</dd>
          {showtime.auditorium ? (
            <>
              <dt>{t("schedule.hall", { name: "" }).trim()}</dt>
              <dd>{showtime.auditorium}</dd>
            </>
          ) : null}
          {showtime.flags?.threeD ? (
            <>
              <dt>{t("schedule.threeD")}</dt>
              <dd>{t("common.yes")}</dd>
            </>
          ) : null}
          {(showtime.experienceIcons?.length ?? 0) > 0 ? (
            <>
              <dt>{t("schedule.experiences")}</dt>
              <dd>{showtime.experienceIcons!.join(", ")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {special?.titleShowtimeDetails ? <h3>{special.titleShowtimeDetails}</h3> : null}
      {special?.descriptionShowtimeDetails ? <p>{special.descriptionShowtimeDetails}</p> : null}
      <a className="button tap" href={showtime?.bookingUrl ?? data.href} rel="nofollow">
        {t("schedule.book")}
      </a>
      {/* "Add to calendar" (issue 17): the runtime API's file of this showtime. */}
      <a className="tap" href={`/api/showtimes/${data.id}/calendar.ics`} download>
        {t("schedule.addToCalendar")}
      </a>
    </>
  );
}

