// Island "evenings": the "My evenings" page (issue 17, item 4). Lists the evening cards this
// browser keeps (lib/evenings.ts, localStorage) with film, day, start and real end, cinema,
// address, map link, hall, the cinema's page and the booking link; one button removes a card
// and what only it needed from the offline cache. No framework: plain DOM, at load.
// Markup (templates/pages/static.html): `<div data-island="evenings">` holding
// `p.evenings-none` and an empty `ul.evening-cards`.

import type { IslandProps } from "../components/island-props";
import { clock, day, readCards, registerWorker, removeCard, type EveningCard } from "../lib/evenings";
import { translator, type Translate } from "../lib/i18n";

function card(doc: Document, c: EveningCard, t: Translate, onRemove: (id: string) => void): HTMLLIElement {
  const li = doc.createElement("li");
  li.className = "evening-card";
  const add = <K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, text?: string, className?: string) => {
    const node = doc.createElement(tag);
    if (text != null) node.textContent = text;
    if (className) node.className = className;
    parent.append(node);
    return node;
  };
  const heading = add(li, "h2", c.film);
  heading.id = `evening-${c.id}`;
  const when = add(li, "p", undefined, "evening-when");
  const start = add(when, "time", `${day(c.start, c.lang)} ${clock(c.start)}`);
  start.dateTime = c.start;
  if (c.end) {
    when.append(" – ");
    add(when, "time", t("evening.end", { time: clock(c.end) })).dateTime = c.end;
  }
  add(li, "p", c.cinema, "evening-cinema");
  if (c.address) add(li, "p", c.address, "evening-address");
  if (c.hall) add(li, "p", `${t("evening.hall")} ${c.hall}`, "evening-hall");
  const links = add(li, "p", undefined, "evening-links");
  const link = (href: string | undefined, text: string, className = "tap") => {
    if (!href) return;
    const a = add(links, "a", text, className);
    a.href = href;
    if (/^https?:/.test(href)) a.rel = "nofollow noopener";
  };
  link(c.booking, t("evening.book"), "button tap");
  link(c.pages[0], t("evening.cinema"));
  link(c.map, t("evening.map"));
  const remove = add(li, "button", t("evening.remove"), "button-link tap");
  remove.type = "button";
  remove.setAttribute("aria-describedby", heading.id);
  remove.addEventListener("click", () => onRemove(c.id));
  return li;
}

export function mount(el: HTMLElement, props: IslandProps): void {
  const doc = el.ownerDocument;
  const t = translator(props.labels, { brand: props.brand ?? "" });
  const list = el.querySelector<HTMLUListElement>("ul.evening-cards");
  const none = el.querySelector<HTMLElement>("p.evenings-none");
  if (!list) return;
  const render = (cards: EveningCard[]) => {
    if (none) none.hidden = cards.length > 0;
    list.replaceChildren(
      ...cards.map((c) =>
        card(doc, c, t, (id) => {
          const next = readCards().filter((x) => x.id !== id);
          render(next);
          // Focus stays on the page: the list's first card, else the heading.
          doc.querySelector<HTMLElement>(".evening-card button, h1")?.focus();
          el.dispatchEvent(new CustomEvent("evening-removing"));
          void removeCard(doc, id).then(() => el.dispatchEvent(new CustomEvent("evening-removed")));
        }),
      ),
    );
    el.dataset.ready = "";
  };
  const cards = readCards();
  render(cards);
  if (cards.length > 0) void registerWorker();
}
