// The private calendar feed's rules in the account pop-in (issue 17, item 1), without the UI
// framework: the two account calls (create → the feed's URL, told once; revoke), and what the
// panel shows after each step. The component (./CalendarFeed.tsx) only renders a state.

import type { ApiCall } from "../../api/call";

/** The account call's path (POST creates or replaces, DELETE revokes). */
export const FEED_CALL = "/api/accounts/me/calendar-feed";

/** The answer of a creation: the feed's URL, and the same as `webcal:`. */
export interface CreatedFeed {
  url: string;
  webcalUrl: string;
}

export interface FeedCalls {
  create(): Promise<CreatedFeed>;
  revoke(): Promise<void>;
}

/** The account calls on the page's calls (its bearer token). */
export function feedCalls(call: Pick<ApiCall, "request">): FeedCalls {
  return {
    create: () => call.request<CreatedFeed>("POST", FEED_CALL),
    revoke: async () => {
      await call.request("DELETE", FEED_CALL);
    },
  };
}

/**
 * What the panel shows: `idle` (nothing yet), `busy` (a call under way), `shown` (a new URL,
 * with copy and webcal link), `confirming` (the revocation asked to be confirmed, the URL still
 * shown if it was), `revoked`, `error`. `copied` once the URL went to the clipboard.
 */
export interface FeedState {
  phase: "idle" | "busy" | "shown" | "confirming" | "revoked" | "error";
  feed: CreatedFeed | null;
  copied: boolean;
}

export const initialFeedState: FeedState = { phase: "idle", feed: null, copied: false };

export type FeedEvent =
  | { type: "start" }
  | { type: "created"; feed: CreatedFeed }
  | { type: "askRevoke" }
  | { type: "cancelRevoke" }
  | { type: "revoked" }
  | { type: "failed" }
  | { type: "copied" };

/** The state after `event`. A revocation forgets the URL (it no longer works). */
export function nextFeedState(state: FeedState, event: FeedEvent): FeedState {
  switch (event.type) {
    case "start":
      return { ...state, phase: "busy", copied: false };
    case "created":
      return { phase: "shown", feed: event.feed, copied: false };
    case "askRevoke":
      return state.phase === "busy" ? state : { ...state, phase: "confirming" };
    case "cancelRevoke":
      return { ...state, phase: state.feed ? "shown" : "idle" };
    case "revoked":
      return { phase: "revoked", feed: null, copied: false };
    case "failed":
      return { ...state, phase: "error" };
    case "copied":
      return state.feed ? { ...state, copied: true } : state;
  }
}

/** Runs one call through the states: start, then its outcome (or `failed`). */
export async function runFeedCall(calls: FeedCalls, which: "create" | "revoke", dispatch: (event: FeedEvent) => void): Promise<void> {
  dispatch({ type: "start" });
  try {
    if (which === "create") dispatch({ type: "created", feed: await calls.create() });
    else {
      await calls.revoke();
      dispatch({ type: "revoked" });
    }
  } catch {
    dispatch({ type: "failed" });
  }
}
