// Island "footer": the page's footer (`<footer class="site-footer" data-island="footer"
// data-hydrate="interaction">`). Its FAQ is a list of native `<details>` (they open and
// close without JavaScript); this makes it an accordion — one open at a time, as the footer
// accordion store says (spec §4). A language link of the footer remembers the choice in the
// lang cookie before the browser follows it (spec §4 language change). Plain DOM work.

import { LANG_COOKIE, LANG_COOKIE_DAYS } from "../stores/language";
import { pageCookies } from "../stores/page/env";
import { pageFooterAccordion } from "../stores/page/header";

export function mount(el: HTMLElement): void {
  const items = [...el.querySelectorAll<HTMLDetailsElement>(".footer-faq details")];
  const store = pageFooterAccordion();
  items.forEach((item, i) => (item.dataset.item ??= String(i)));
  // An item opened before the island was ready counts as the open one.
  const already = items.find((item) => item.open);
  if (already) store.getState().toggle(already.dataset.item!);
  const apply = () => {
    const open = store.getState().open;
    for (const item of items) {
      const want = item.dataset.item === open;
      if (item.open !== want) item.open = want;
    }
  };
  store.subscribe(apply);
  apply();
  // `toggle` fires after the browser changed the item: the store decides what stays open.
  el.addEventListener(
    "toggle",
    (event) => {
      const item = event.target as HTMLDetailsElement;
      if (!items.includes(item)) return;
      const open = store.getState().open;
      if (item.open && open !== item.dataset.item) store.getState().toggle(item.dataset.item!);
      else if (!item.open && open === item.dataset.item) store.getState().toggle(item.dataset.item);
    },
    true,
  );
  el.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[data-lang]");
    if (link?.dataset.lang) pageCookies().set(LANG_COOKIE, link.dataset.lang, { days: LANG_COOKIE_DAYS });
  });
}
