// The account pop-in's "Calendar feed" panel (issue 17, item 1), loaded on demand from the
// profile pop-in (islands.json `onDemand`): create the private feed (its URL in a read-only
// field, a copy button and a `webcal:` link, shown once), or stop it after a confirmation.
// Written without the UI framework and importing only the page's calls (stores/page/env.ts,
// whose chunk every page has whole), so loading it on demand changes no other island's chunks
// (the pages' budgets: the pop-in carries only the button). Rules: ./calendar-feed.ts.

import type { Translate } from "../../lib/i18n";
import { pageCall } from "../../stores/page/env";
import type { Lang } from "../../types";
import { feedCalls, initialFeedState, nextFeedState, runFeedCall, type FeedCalls, type FeedEvent } from "./calendar-feed";

export { feedCalls } from "./calendar-feed";

export interface CalendarFeedOptions {
  t: Translate;
  /** The account calls (./calendar-feed.ts `feedCalls` on the page's calls). */
  calls: FeedCalls;
  /** Where a copied URL goes (the system clipboard by default). */
  copy?: (text: string) => Promise<void>;
}

/**
 * Opens the panel in place of the button that asked for it (the profile pop-in's): the button
 * is hidden, not removed, so the pop-in's own rendering keeps its elements. The page's calls
 * exist by then (the header made them, in the page's language).
 */
export function openCalendarFeed(button: HTMLElement, t: Translate): void {
  const host = button.ownerDocument.createElement("div");
  button.before(host);
  button.hidden = true;
  mountCalendarFeed(host, { t, calls: feedCalls(pageCall({ lang: button.ownerDocument.documentElement.lang.slice(0, 2) as Lang })) });
}

/** Renders the panel into `host` (focus on its first button); its elements stay, shown or hidden as the state says. */
export function mountCalendarFeed(host: HTMLElement, { t, calls, copy }: CalendarFeedOptions): void {
  const doc = host.ownerDocument;
  // Properties set as they are (`textContent`, `hidden`, `onclick`…): a loose type, since
  // TypeScript cannot represent `Partial` of every element's properties at once.
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag);
    Object.assign(node, props);
    node.append(...children);
    return node;
  };
  const button = (onclick: () => void) => make("button", { type: "button", className: "button-link tap", onclick });
  let state = initialFeedState;
  const dispatch = (event: FeedEvent) => {
    state = nextFeedState(state, event);
    draw();
  };
  const toClipboard = copy ?? ((text: string) => navigator.clipboard.writeText(text));

  const input = make("input", { id: "calendar-feed-url", type: "text", readOnly: true, onfocus: () => input.select() });
  const copyButton = button(() => void toClipboard(input.value).then(() => dispatch({ type: "copied" }), () => undefined));
  const webcal = make("a", { className: "tap", textContent: t("calendarFeed.open") });
  const shown = make(
    "div",
    {},
    make("label", { htmlFor: input.id, textContent: t("calendarFeed.url") }),
    input,
    copyButton,
    webcal,
    make("p", { textContent: t("calendarFeed.private") }),
  );
  const create = button(() => void runFeedCall(calls, "create", dispatch));
  const replaceNote = make("p", { textContent: t("calendarFeed.replaceNote") });
  const revoke = button(() => {
    dispatch({ type: "askRevoke" });
    confirm.focus();
  });
  revoke.textContent = t("calendarFeed.revoke");
  const confirm = button(() => void runFeedCall(calls, "revoke", dispatch).then(() => create.focus()));
  confirm.textContent = t("calendarFeed.confirm");
  const cancel = button(() => {
    dispatch({ type: "cancelRevoke" });
    revoke.focus();
  });
  cancel.textContent = t("calendarFeed.cancel");
  const question = make("p", { id: "calendar-feed-confirm", textContent: t("calendarFeed.confirmRevoke") });
  const confirming = make("div", { role: "group" }, question, confirm, cancel);
  confirming.setAttribute("aria-labelledby", question.id);
  const status = make("p", { role: "status" });
  const title = make("h3", { id: "calendar-feed-title", textContent: t("calendarFeed.title") });
  const section = make("section", { className: "calendar-feed" }, title, make("p", { textContent: t("calendarFeed.intro") }), shown, create, replaceNote, confirming, revoke, status);
  section.setAttribute("aria-labelledby", title.id);

  function draw() {
    const feed = state.feed;
    const busy = state.phase === "busy";
    shown.hidden = replaceNote.hidden = !feed;
    input.value = feed?.url ?? "";
    webcal.href = feed?.webcalUrl ?? "";
    copyButton.textContent = t(state.copied ? "calendarFeed.copied" : "calendarFeed.copy");
    create.textContent = t(feed ? "calendarFeed.replace" : "calendarFeed.create");
    create.disabled = revoke.disabled = confirm.disabled = busy;
    confirming.hidden = state.phase !== "confirming" && !(busy && !confirming.hidden);
    revoke.hidden = !confirming.hidden;
    status.textContent = state.phase === "revoked" ? t("calendarFeed.revoked") : state.phase === "error" ? t("calendarFeed.error") : "";
  }
  draw();
  host.replaceChildren(section);
  create.focus();
}
