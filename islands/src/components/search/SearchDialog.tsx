// The search modal (spec §2, §5, §9): a field (searches as one types, debounced, from 3
// characters); with nothing typed, the latest searches followed; with results, one group
// per type with its preview and "show more"; a type's view with a back arrow and its count.
// The count (or "searching", "nothing found") is announced in a status region. A cinema
// result has its favourite button.

import { useEffect, useId, useRef, useState } from "react";
import { safeStorage } from "../../lib/storage";
import { createSearchStore, MIN_SEARCH_LENGTH, searchAllowed, type ResultGroup, type SearchStore } from "../../stores/search";
import { pageApi, pageClient } from "../../stores/page/client";
import { pageFavourites, type FavouritesSite } from "../../stores/page/favourites";
import type { SearchResult, SearchResultType } from "../../types";
import { FavouriteButton } from "../FavouriteButton";
import { useT } from "../i18n";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import { resultSubtitle, resultUrl } from "./result-text";

/** The heading of each group (spec §2: shows, cinemas, offers, news, help centre). */
export const GROUP_LABELS: Partial<Record<SearchResultType, string>> = {
  show: "search.groups.shows",
  cinema: "search.groups.cinemas",
  offer: "search.groups.offers",
  news: "search.groups.news",
  faq: "search.groups.help",
};

const groupLabel = (t: (k: string) => string, type: SearchResultType) => t(GROUP_LABELS[type] ?? "search.label");

export function SearchDialog(page: FavouritesSite) {
  const t = useT();
  const [store] = useState(() =>
    createSearchStore({
      search: (q, type) => pageApi(page).search(q, type ? { type } : {}),
      storage: safeStorage(() => localStorage),
    }),
  );
  return (
    <ModalDialog id="search" variant="fullscreen" title={t("modals.search")} hideTitle closeLabel={t("modals.close")} className="search">
      <SearchBody store={store} page={page} />
    </ModalDialog>
  );
}

function SearchBody({ store, page }: { store: SearchStore; page: FavouritesSite }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const query = useStore(store, (s) => s.query);
  const type = useStore(store, (s) => s.type);
  return (
    <>
      <form role="search" className="search-form" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          autoComplete="off"
          placeholder={t("search.placeholder")}
          value={query}
          onInput={(event) => store.getState().setQuery(event.currentTarget.value)}
        />
        {query ? (
          <button
            type="button"
            className="search-clear tap"
            aria-label={t("search.clear")}
            onClick={() => {
              store.getState().clear();
              input.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </form>
      <SearchStatus store={store} />
      {type ? <TypeView store={store} type={type} page={page} onBack={() => input.current?.focus()} /> : query ? <Groups store={store} page={page} /> : <History store={store} />}
    </>
  );
}

function SearchStatus({ store }: { store: SearchStore }) {
  const t = useT();
  const s = useStore(store, (state) => state);
  let text = "";
  if (s.query.trim() === "") text = "";
  else if (!searchAllowed(s.query)) text = t("search.minLength", { min: MIN_SEARCH_LENGTH });
  else if (s.loading) text = t("search.searching");
  else if (s.failed) text = t("alerts.genericError");
  else if (s.type) text = t("search.results", { count: s.typeTotal });
  else if (s.total === 0) text = t("search.noResult", { query: s.query.trim() });
  else text = t("search.results", { count: s.total });
  return (
    <p className="search-status" role="status">
      {text}
    </p>
  );
}

function History({ store }: { store: SearchStore }) {
  const t = useT();
  const id = useId();
  const history = useStore(store, (s) => s.history);
  if (history.length === 0) return null;
  return (
    <section className="search-history" aria-labelledby={id}>
      <h3 id={id}>{t("search.history")}</h3>
      <ul>
        {history.map((item) => (
          <li key={item.url}>
            <a className="tap" href={item.url} onClick={() => store.getState().remember(item)}>
              {item.title}
              {item.subtitle ? <span className="subtitle"> {item.subtitle}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Groups({ store, page }: { store: SearchStore; page: FavouritesSite }) {
  const groups = useStore(store, (s) => s.groups);
  return (
    <>
      {groups.map((group) => (
        <Group key={group.type} group={group} store={store} page={page} />
      ))}
    </>
  );
}

function Group({ group, store, page }: { group: ResultGroup; store: SearchStore; page: FavouritesSite }) {
  const t = useT();
  const id = useId();
  const label = groupLabel(t, group.type);
  return (
    <section className={`search-group search-group-${group.type}`} aria-labelledby={id}>
      <h3 id={id}>{label}</h3>
      <Results items={group.preview} store={store} page={page} />
      {group.hasMore ? (
        <button type="button" className="search-more tap" data-type={group.type} onClick={() => void store.getState().showType(group.type)}>
          {t("search.showMore")}
          <span className="visually-hidden"> : {label}</span>
        </button>
      ) : null}
    </section>
  );
}

function TypeView({ store, type, page, onBack }: { store: SearchStore; type: SearchResultType; page: FavouritesSite; onBack: () => void }) {
  const t = useT();
  const id = useId();
  const back = useRef<HTMLButtonElement>(null);
  const items = useStore(store, (s) => s.typeResults);
  const total = useStore(store, (s) => s.typeTotal);
  useEffect(() => back.current?.focus(), [type]);
  return (
    <section className="search-type" aria-labelledby={id}>
      <button
        ref={back}
        type="button"
        className="search-back tap"
        aria-label={t("search.back")}
        onClick={() => {
          store.getState().back();
          onBack();
        }}
      >
        <span aria-hidden="true">←</span>
      </button>
      <h3 id={id}>
        {groupLabel(t, type)} <span className="count">({total})</span>
      </h3>
      <Results items={items} store={store} page={page} />
    </section>
  );
}

function Results({ items, store, page }: { items: SearchResult[]; store: SearchStore; page: FavouritesSite }) {
  const t = useT();
  return (
    <ul className="search-results">
      {items.map((result) => {
        const url = resultUrl(result);
        const subtitle = resultSubtitle(result);
        return (
          <li key={`${result.type}:${result.id}`} className={`search-result search-result-${result.type}`}>
            <a className="tap" href={url} onClick={() => store.getState().remember({ title: result.title, url, ...(subtitle ? { subtitle } : {}) })}>
              {result.image ? <img src={result.image.url} alt="" width={result.image.width} height={result.image.height} loading="lazy" /> : null}
              <span className="title">{result.title}</span>
              {subtitle ? <span className="subtitle">{subtitle}</span> : null}
            </a>
            {result.type === "cinema" ? (
              <FavouriteButton favourites={pageFavourites(page, t)} client={pageClient(page)} cinema={result.slug} name={result.title} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
