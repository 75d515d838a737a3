// The locator (spec §4 Locator, §5, §9): its button shows the choice; its dialog finds a
// cinema or a city by typed text (accents ignored, postal codes by their start), the
// cinemas nearest the visitor's position, or their favourites. A choice is remembered in
// the `cgp_locator` cookie (the store writes it), closes the dialog, and — as the page
// asks — becomes the schedule's localisation filter or leads to the cinema's or city's page.

import { useEffect, useId, useRef } from "react";
import type { LocatorStore, LocatorState } from "../../stores/locator";
import { askSignIn, pageModals } from "../../stores/page/modals";
import { pageSchedule } from "../../stores/page/schedule";
import { pageUrl } from "../../stores/page/env";
import type { Cinema, City } from "../../types";
import { useT } from "../i18n";
import { ModalDialog } from "../ModalDialog";
import { sameItems, useStore } from "../use-store";
import type { LocatorProps } from "./summary";

export interface LocatorUiProps extends LocatorProps {
  /** Made once the cinema and city lists are in (the store needs them): null until then. */
  store: LocatorStore | null;
  cinemas: Cinema[];
  cities: City[];
  /** The label before the store knows (the first stage's). */
  initialLabel: string;
  /** The signed-in client's favourite cinemas (null: anonymous). */
  favourites: () => Promise<string[] | null>;
}

type Ready = LocatorUiProps & { store: LocatorStore };

/** The button's text for a state. */
export function describeChoice(s: LocatorState, cinemas: Cinema[], cities: City[], t: (k: string) => string): string {
  const cinema = s.lockedCinema ?? (s.mode === "cinema" ? s.cinema : null);
  if (cinema) return cinemas.find((c) => c.slug === cinema)?.name ?? t("locator.chooseCinema");
  if (s.mode === "city") return cities.find((c) => c.slug === s.city)?.name ?? t("locator.chooseCinema");
  if (s.mode === "position") return t("locator.aroundMe");
  if (s.mode === "favorites") return t("locator.myFavourites");
  return t("locator.chooseCinema");
}

export function Locator(props: LocatorUiProps) {
  const t = useT();
  const open = useStore(pageModals(), (s) => s.modals.locator.open);
  const { store } = props;
  return (
    <>
      <button type="button" className="locator-open tap" aria-haspopup="dialog" aria-expanded={open} onClick={() => void pageModals().getState().open("locator")}>
        <span className="locator-choice">{store ? <Choice {...props} store={store} /> : props.initialLabel}</span>
      </button>
      <ModalDialog id="locator" title={t("modals.locator")} closeLabel={t("modals.close")} className="locator-dialog">
        {store ? <LocatorBody {...props} store={store} /> : <p role="status">{t("common.loading")}</p>}
      </ModalDialog>
    </>
  );
}

function Choice({ store, cinemas, cities, initialLabel }: Ready) {
  const t = useT();
  return <>{useStore(store, (s) => (s.loaded ? describeChoice(s, cinemas, cities, t) : initialLabel))}</>;
}

function LocatorBody(props: Ready) {
  const t = useT();
  const { store, cinemas } = props;
  const inputId = useId();
  const query = useStore(store, (s) => s.query);
  const matches = useStore(store, (s) => s.matches, (a, b) => sameItems(a.cinemas, b.cinemas) && sameItems(a.cities, b.cities));
  const nearby = useStore(store, (s) => s.nearby);
  const mode = useStore(store, (s) => s.mode);
  const geolocation = useStore(store, (s) => s.geolocation);
  const history = useStore(store, (s) => s.history);
  const favouritesNote = useRef<HTMLParagraphElement>(null);
  const noFavourites = useStore(store, (s) => s.mode === "favorites" && s.favourites.length === 0);
  const locked = useStore(store, (s) => s.lockedCinema);
  const nameOf = (slug: string) => cinemas.find((c) => c.slug === slug)?.name ?? slug;

  const done = (slug: string | null, kind: "cinema" | "city" | null) => {
    if (props.filter) pageSchedule().getState().setLocalisation(slug);
    pageModals().getState().close("locator");
    const path = kind ? props.paths?.[kind] : undefined;
    if (slug && path) pageUrl().navigate(path.replace("{slug}", encodeURIComponent(slug)));
  };
  const chooseCinema = (slug: string) => store.getState().chooseCinema(slug) && done(slug, "cinema");
  const chooseCity = (slug: string) => store.getState().chooseCity(slug) && done(slug, "city");
  const chooseFavourites = async () => {
    const list = await props.favourites();
    if (list === null) return askSignIn();
    store.getState().setFavourites(list);
    store.getState().chooseFavourites();
    if (list.length > 0) done(null, null);
  };
  useEffect(() => {
    if (noFavourites) favouritesNote.current?.focus();
  }, [noFavourites]);

  const typed = query.trim() !== "";
  const count = matches.cinemas.length + matches.cities.length;
  return (
    <>
      <div className="locator-search">
        <label htmlFor={inputId}>{t("locator.searchPlaceholder")}</label>
        <input id={inputId} type="search" autoComplete="off" value={query} onInput={(e) => store.getState().setQuery(e.currentTarget.value)} />
      </div>
      {locked ? <p className="locator-locked">{t("locator.locked", { cinema: nameOf(locked) })}</p> : null}
      <p className="locator-status" role="status">
        {typed ? (count === 0 ? t("locator.noResult", { query: query.trim() }) : t("locator.cinemasCount", { count: matches.cinemas.length })) : geolocation === "pending" ? t("locator.locating") : ""}
      </p>
      {typed ? (
        <>
          {matches.cities.length > 0 ? (
            <ChoiceList title={t("locator.city")} items={matches.cities.map((c) => ({ key: c.slug, label: c.name, detail: c.postalCode, choose: () => chooseCity(c.slug) }))} />
          ) : null}
          {matches.cinemas.length > 0 ? (
            <ChoiceList title={t("locator.allCinemas")} items={matches.cinemas.map((c) => ({ key: c.slug, label: c.name, detail: c.city, choose: () => chooseCinema(c.slug) }))} />
          ) : null}
        </>
      ) : (
        <>
          <div className="locator-modes">
            <button type="button" className="tap" aria-pressed={mode === "position"} disabled={geolocation === "pending"} onClick={() => void store.getState().locate()}>
              {t("locator.usePosition")}
            </button>
            <button type="button" className="tap" aria-pressed={mode === "favorites"} onClick={() => void chooseFavourites()}>
              {t("locator.myFavourites")}
            </button>
            {mode !== null ? (
              <button
                type="button"
                className="tap"
                onClick={() => {
                  store.getState().clear();
                  done(null, null);
                }}
              >
                {t("locator.clear")}
              </button>
            ) : null}
          </div>
          {noFavourites ? (
            <p ref={favouritesNote} tabIndex={-1}>
              {t("locator.noFavourites")}
            </p>
          ) : null}
          {mode === "position" && nearby.length > 0 ? (
            <ChoiceList
              title={t("locator.nearestCinemas")}
              items={nearby.map((n) => ({ key: n.slug, label: nameOf(n.slug), detail: t("locator.distance", { km: n.km.toFixed(1) }), choose: () => chooseCinema(n.slug) }))}
            />
          ) : null}
          {history.length > 0 ? (
            <ChoiceList
              title={t("locator.history")}
              items={history.map((h) => ({ key: `${h.mode}:${h.slug}`, label: h.title, choose: () => (h.mode === "cinema" ? chooseCinema(h.slug) : chooseCity(h.slug)) }))}
            />
          ) : null}
        </>
      )}
    </>
  );
}

interface ChoiceItem {
  key: string;
  label: string;
  detail?: string | undefined;
  choose: () => unknown;
}

function ChoiceList({ title, items }: { title: string; items: ChoiceItem[] }) {
  const id = useId();
  return (
    <section className="locator-list" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <button type="button" className="tap" onClick={() => void item.choose()}>
              {item.label}
              {item.detail ? <span className="detail">{` ${item.detail}`}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
