// Whether this browser holds a sign-in for the site (spec §4 Authentication), read by the
// islands' first stage before anything else, with no request: a visitor who never signed in
// has none, so the page asks nobody anything (no failed request, nothing in the console).
// The flow itself (PKCE, tokens, the hidden frame) lives in ./oidc.ts, loaded only when a
// stored sign-in or a click needs it; it keeps the record under the same key.
//
// This module imports nothing, and ./oidc.ts imports nothing from the first stage: a module
// shared by both would be split into chunks of its own and cost every page bytes.

import type { KeyValueStore } from "../lib/storage";

/** localStorage key of the record (one per site: each site is its own origin). */
export const AUTH_KEY = "lumen.auth";

/** Whether this browser may hold a session: only then does a page ask for a token. */
export const hasStoredSession = (storage: KeyValueStore): boolean => storage.getItem(AUTH_KEY) !== null;
