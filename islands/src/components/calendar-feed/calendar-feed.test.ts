// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { translator } from "../../lib/i18n";
import { FR } from "../../testing/labels";
import { mountCalendarFeed } from "./CalendarFeed";
import { FEED_CALL, feedCalls, initialFeedState, nextFeedState, runFeedCall, type FeedCalls, type FeedEvent } from "./calendar-feed";

const FEED = { url: "https://www.example.fr/api/calendar/S3CRET/feed.ics", webcalUrl: "webcal://www.example.fr/api/calendar/S3CRET/feed.ics" };

describe("calendar feed rules", () => {
  it("creates with POST and revokes with DELETE on the account call", async () => {
    const made: string[] = [];
    const calls = feedCalls({
      request: <T,>(method: string, path: string) => {
        made.push(`${method} ${path}`);
        return Promise.resolve((method === "POST" ? FEED : undefined) as T);
      },
    });
    expect(await calls.create()).toEqual(FEED);
    await calls.revoke();
    expect(made).toEqual([`POST ${FEED_CALL}`, `DELETE ${FEED_CALL}`]);
  });

  it("shows a new URL, forgets it once revoked, and a new link replaces the shown one", () => {
    const run = (events: FeedEvent[]) => events.reduce(nextFeedState, initialFeedState);
    expect(run([{ type: "start" }, { type: "created", feed: FEED }])).toEqual({ phase: "shown", feed: FEED, copied: false });
    expect(run([{ type: "created", feed: FEED }, { type: "copied" }]).copied).toBe(true);
    // Revoking asks first; cancelling keeps the URL.
    const asked = run([{ type: "created", feed: FEED }, { type: "askRevoke" }]);
    expect(asked.phase).toBe("confirming");
    expect(nextFeedState(asked, { type: "cancelRevoke" })).toEqual({ phase: "shown", feed: FEED, copied: false });
    expect(run([{ type: "askRevoke" }, { type: "cancelRevoke" }]).phase).toBe("idle");
    expect(run([{ type: "created", feed: FEED }, { type: "askRevoke" }, { type: "start" }, { type: "revoked" }])).toEqual({
      phase: "revoked",
      feed: null,
      copied: false,
    });
    const other = { url: "https://x/api/calendar/OTHER/feed.ics", webcalUrl: "webcal://x/api/calendar/OTHER/feed.ics" };
    expect(run([{ type: "created", feed: FEED }, { type: "copied" }, { type: "created", feed: other }])).toEqual({ phase: "shown", feed: other, copied: false });
    // Nothing to copy without a URL; a failure keeps what was shown.
    expect(run([{ type: "copied" }]).copied).toBe(false);
    expect(run([{ type: "created", feed: FEED }, { type: "start" }, { type: "failed" }])).toEqual({ phase: "error", feed: FEED, copied: false });
  });

  it("runs a call through busy to its outcome, or to an error", async () => {
    const events: string[] = [];
    const ok: FeedCalls = { create: () => Promise.resolve(FEED), revoke: () => Promise.resolve() };
    await runFeedCall(ok, "create", (e) => events.push(e.type));
    await runFeedCall(ok, "revoke", (e) => events.push(e.type));
    const failing: FeedCalls = { create: () => Promise.reject(new Error("503")), revoke: () => Promise.reject(new Error("503")) };
    await runFeedCall(failing, "revoke", (e) => events.push(e.type));
    expect(events).toEqual(["start", "created", "start", "revoked", "start", "failed"]);
  });
});

describe("calendar feed panel", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("creates the feed, shows its URL read-only with copy and webcal link, and revokes it after a confirmation", async () => {
    const made: string[] = [];
    const copied: string[] = [];
    const calls: FeedCalls = {
      create: () => (made.push("create"), Promise.resolve(FEED)),
      revoke: () => (made.push("revoke"), Promise.resolve()),
    };
    const root = document.createElement("div");
    document.body.append(root);
    mountCalendarFeed(root, { t: translator(FR), calls, copy: (text) => (copied.push(text), Promise.resolve()) });
    const visible = (node: Element) => !node.closest("[hidden]");
    const button = (label: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === FR[label] && visible(b))!;
    const press = async (label: string) => {
      button(label).click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    expect(root.querySelector("h3")!.textContent).toBe(FR["calendarFeed.title"]);
    expect(document.activeElement).toBe(button("calendarFeed.create"));
    const field = root.querySelector<HTMLInputElement>("input#calendar-feed-url")!;
    expect(visible(field)).toBe(false);
    await press("calendarFeed.create");
    expect(visible(field)).toBe(true);
    expect(field.value).toBe(FEED.url);
    expect(field.readOnly).toBe(true);
    expect(root.querySelector(`label[for="calendar-feed-url"]`)!.textContent).toBe(FR["calendarFeed.url"]);
    expect(root.querySelector<HTMLAnchorElement>(`a[href^="webcal:"]`)!.getAttribute("href")).toBe(FEED.webcalUrl);
    expect(button("calendarFeed.replace")).toBeDefined();
    await press("calendarFeed.copy");
    expect(copied).toEqual([FEED.url]);
    expect(button("calendarFeed.copied")).toBeDefined();
    // Revoking asks first; nothing is revoked until confirmed; cancelling keeps the feed.
    await press("calendarFeed.revoke");
    expect(made).toEqual(["create"]);
    expect(visible(root.querySelector("#calendar-feed-confirm")!)).toBe(true);
    expect(document.activeElement).toBe(button("calendarFeed.confirm"));
    await press("calendarFeed.cancel");
    expect(visible(root.querySelector("#calendar-feed-confirm")!)).toBe(false);
    await press("calendarFeed.revoke");
    await press("calendarFeed.confirm");
    expect(made).toEqual(["create", "revoke"]);
    expect(visible(field)).toBe(false);
    expect(root.querySelector('[role="status"]')!.textContent).toBe(FR["calendarFeed.revoked"]);
    expect(button("calendarFeed.create")).toBeDefined();
  });

  it("says when a call failed", async () => {
    const root = document.createElement("div");
    document.body.append(root);
    const failing: FeedCalls = { create: () => Promise.reject(new Error("503")), revoke: () => Promise.reject(new Error("503")) };
    mountCalendarFeed(root, { t: translator(FR), calls: failing });
    [...root.querySelectorAll("button")].find((b) => b.textContent === FR["calendarFeed.create"])!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.querySelector('[role="status"]')!.textContent).toBe(FR["calendarFeed.error"]);
  });
});
