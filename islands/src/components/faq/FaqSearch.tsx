// The help centre's search field with its suggestions (spec §4 FAQ: the autocomplete shows
// while the field has the focus): help articles only, from past the minimum length (spec
// §5), the count announced; Arrow Down goes to the suggestions, Escape hides them. The form
// still submits to the search page.

import { useEffect, useId, useRef, useState } from "react";
import { safeStorage } from "../../lib/storage";
import { createFaqStore } from "../../stores/page-sections";
import { pageApi } from "../../stores/page/api";
import { pageUrl } from "../../stores/page/env";
import { inPageVariant } from "../../lib/webview-path";
import { createSearchStore, searchAllowed } from "../../stores/search";
import { useHydrated } from "../IslandRoot";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { useStore } from "../use-store";
import type { FaqSearchProps as FaqSearchPropsData } from "../../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type FaqSearchProps = IslandProps & FaqSearchPropsData;

export function FaqSearch(props: FaqSearchProps) {
  const t = useT();
  const hydrated = useHydrated();
  const listId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [stores] = useState(() => ({
    search: createSearchStore({ search: (q, type) => pageApi(props).search(q, { scope: "faq", ...(type ? { type } : {}) }), storage: safeStorage(() => sessionStorage), scope: "faq" }),
    faq: createFaqStore(),
  }));
  const query = useStore(stores.search, (s) => s.query);
  const results = useStore(stores.search, (s) => s.results);
  const loading = useStore(stores.search, (s) => s.loading);
  const focused = useStore(stores.faq, (s) => s.autocomplete);
  const allowed = searchAllowed(query, "faq");
  // The focus that woke this part up counts (it came before the listeners), and so does
  // what was typed meanwhile.
  useEffect(() => {
    if (form.current?.contains(document.activeElement)) stores.faq.getState().searchFocused();
    const typed = form.current?.querySelector("input")?.value;
    if (typed) stores.search.getState().setQuery(typed);
  }, [stores]);
  const shown = hydrated && focused && allowed && results.length > 0;
  // Offering suggestions, the field is a combobox: aria-expanded is not allowed on a plain
  // search field (axe: aria-allowed-attr). ARIA in HTML allows the role on type=search;
  // preact's types only with a `list` attribute, hence the plain object.
  const combobox = hydrated ? { role: "combobox", autoComplete: "off", "aria-autocomplete": "list", "aria-controls": listId, "aria-expanded": shown } : {};

  const links = () => [...(form.current?.querySelectorAll<HTMLElement>(".faq-suggestions a") ?? [])];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") return stores.faq.getState().searchBlurred();
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? all[at + 1] : at <= 0 ? form.current?.querySelector<HTMLElement>("input") : all[at - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <form
      ref={form}
      role="search"
      action={props.action ?? undefined}
      method="get"
      onKeyDown={onKeyDown}
      onFocusIn={() => stores.faq.getState().searchFocused()}
      onFocusOut={(event: FocusEvent) => {
        if (!form.current?.contains(event.relatedTarget as Node | null)) stores.faq.getState().searchBlurred();
      }}
    >
      {/* No blank between label and field: the page minifier drops it, and hydration must find the same nodes. */}
      <label htmlFor={props.inputId}>{t("help.searchLabel")}</label>
      <input
        id={props.inputId}
        name="q"
        type="search"
        {...(combobox as object)}
        onInput={(event) => stores.search.getState().setQuery(event.currentTarget.value)}
      />
      {hydrated ? (
        <>
          <p className="faq-count visually-hidden" role="status">
            {focused && allowed && !loading ? t("search.results", { count: results.length }) : null}
          </p>
          <ul id={listId} className="faq-suggestions" hidden={!shown}>
            {results.map((r) => (
              <li key={r.id}>
                <a className="tap" href={inPageVariant(r.url ?? r.route?.path ?? "#", pageUrl().read().pathname)}>
                  {r.title}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </form>
  );
}
