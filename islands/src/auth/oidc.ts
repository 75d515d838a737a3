// The OpenID Connect flow of the sites, against any standard provider (spec §4, §5, §8, §9):
// authorization code with PKCE (S256), `state` and `nonce`; the ID token checked as spec §5
// lists; tokens kept in ./record.ts; a silent session from the refresh token (rotated by the
// provider), else `prompt=none` in a hidden frame. Loaded only when needed: a stored record,
// a sign-in click, or the callback page. Written here rather than taken from a library: see
// docs/decisions.md ("Sign-in: our own OIDC client").

// Imports types only: see ./record.ts for why.

import type { KeyValueStore } from "../lib/storage";
import type { Clock } from "../lib/time";
import type { FrameKind } from "../stores/client";
import type { IdentityProvider, Lang } from "../types";

// ---------------------------------------------------------------- the stored sign-in

/** localStorage key of the record: ./record.ts's AUTH_KEY (a test keeps them equal). */
export const RECORD_KEY = "lumen.auth";
/** sessionStorage key where the callback page leaves an identity error (spec §8). */
export const AUTH_ERROR_KEY = "lumen.auth.error";

export interface AuthRecord {
  v: 1;
  provider: IdentityProvider;
  /** The client's subject at the provider (the ID token's `sub`). */
  sub: string;
  refreshToken?: string;
  accessToken?: string;
  /** When the access token expires (ms since the epoch). */
  expiresAt?: number;
  /** Kept for the provider's sign-out (`id_token_hint`). */
  idToken?: string;
  /** When the provider last confirmed the session (ms): checked again after a day. */
  checkedAt: number;
}

/** The stored sign-in, or null (never signed in, signed out, or unreadable). */
export function readAuth(storage: KeyValueStore): AuthRecord | null {
  let r: Partial<AuthRecord> | null = null;
  try {
    r = JSON.parse(storage.getItem(RECORD_KEY) ?? "null") as Partial<AuthRecord> | null;
  } catch {
    return null;
  }
  const ok =
    !!r &&
    r.v === 1 &&
    typeof r.sub === "string" &&
    typeof r.checkedAt === "number" &&
    typeof r.provider?.issuer === "string" &&
    typeof r.provider.tokenEndpoint === "string" &&
    typeof r.provider.clientId === "string";
  return ok ? (r as AuthRecord) : null;
}

export const writeAuth = (storage: KeyValueStore, record: AuthRecord): void => storage.setItem(RECORD_KEY, JSON.stringify(record));

export const clearAuth = (storage: KeyValueStore): void => storage.removeItem(RECORD_KEY);

/** Spec §9: 60 s leeway on token times and on the cached access token. */
export const LEEWAY_S = 60;
/** Spec §9: a silent sign-in in a hidden frame gives up after 60 s. */
export const SILENT_TIMEOUT_MS = 60_000;
/** Spec §9: two tabs never refresh at once; a tab waits at most this long for the other. */
export const LOCK_MS = 5_000;
/** Spec §9: the provider confirms the session at least once a day. */
export const SESSION_CHECK_MS = 24 * 60 * 60 * 1000;
/** Spec §7: the token endpoint is tried up to 3 times, 10 s each. */
export const TOKEN_ATTEMPTS = 3;
export const TOKEN_TIMEOUT_MS = 10_000;
/** A sign-in left unfinished longer than this is forgotten. */
const TRANSACTION_MS = 60 * 60 * 1000;
/** localStorage key of the sign-ins under way, by state. */
const TX_KEY = "lumen.auth.tx";
/** The message the callback page sends the page that opened the frame. */
export const CALLBACK_MESSAGE = "lumen_auth";

/** An identity error (spec §8), with the provider's or our own code. */
export class AuthError extends Error {
  // Declared, not a class field: a field would pull a helper into a chunk shared with pages.
  declare readonly code: string;
  constructor(code: string, message: string = code) {
    super(message);
    this.name = "AuthError";
    this.code = code;
  }
}

/** Errors that mean "anonymous" and are not worth a word to the visitor (spec §4, §7). */
export const ANONYMOUS_CODES = new Set(["login_required", "consent_required", "interaction_required", "missing_refresh_token"]);

export interface AuthDeps {
  /** localStorage: the record and the transactions (the callback may run in another frame). */
  storage: KeyValueStore;
  /** sessionStorage: the last identity error, for the page after the callback. */
  session?: KeyValueStore;
  clock: Clock;
  fetch: typeof fetch;
  /** The site's origin: redirect URIs and accepted frame messages. */
  origin: string;
  /** The page's window: hidden frames, messages, locks (absent in unit tests of the rest). */
  window?: Window;
  crypto?: Crypto;
}

// ---------------------------------------------------------------- encoding and PKCE

const b64url = (bytes: Uint8Array): string => {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromB64url = (text: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

const cryptoOf = (deps: AuthDeps): Crypto => deps.crypto ?? globalThis.crypto;

/** 32 random bytes, base64url: PKCE verifiers (43 characters), states, nonces. */
const randomToken = (deps: AuthDeps): string => b64url(cryptoOf(deps).getRandomValues(new Uint8Array(32)));

export async function pkceChallenge(deps: AuthDeps, verifier: string): Promise<string> {
  const digest = await cryptoOf(deps).subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return b64url(new Uint8Array(digest));
}

// ---------------------------------------------------------------- transactions

/** What a sign-in request must remember until the provider sends the visitor back. */
interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  returnTo: string;
  kind: FrameKind | "silent";
  provider: IdentityProvider;
  createdAt: number;
}

function pending(deps: AuthDeps): Record<string, Transaction> {
  try {
    const value = JSON.parse(deps.storage.getItem(TX_KEY) ?? "{}") as unknown;
    return value && typeof value === "object" ? (value as Record<string, Transaction>) : {};
  } catch {
    return {};
  }
}

function saveTransaction(deps: AuthDeps, tx: Transaction): void {
  // Unfinished ones (a closed frame, an abandoned redirect) are swept at each new sign-in.
  const all = pending(deps);
  for (const [state, old] of Object.entries(all)) if (!(deps.clock.now() - old.createdAt <= TRANSACTION_MS)) delete all[state];
  all[tx.state] = tx;
  deps.storage.setItem(TX_KEY, JSON.stringify(all));
}

/** The transaction a callback's `state` names, removed as it is taken (a state is used once). */
function takeTransaction(deps: AuthDeps, state: string | null): Transaction {
  if (!state) throw new AuthError("invalid_state", "Invalid state");
  const all = pending(deps);
  const tx = Object.hasOwn(all, state) ? all[state] : undefined;
  if (tx) {
    delete all[state];
    deps.storage.setItem(TX_KEY, JSON.stringify(all));
  }
  if (!tx || tx.state !== state || deps.clock.now() - tx.createdAt > TRANSACTION_MS) throw new AuthError("invalid_state", "Invalid state");
  return tx;
}

// ---------------------------------------------------------------- the authorization request

export interface SignInRequest {
  kind: FrameKind | "silent";
  /** The page to come back to (path and query). */
  returnTo: string;
  language: Lang;
}

/** The provider's authorization URL for this request; its transaction is stored. */
export async function authorizeUrl(deps: AuthDeps, provider: IdentityProvider, request: SignInRequest): Promise<{ url: string; state: string }> {
  const state = randomToken(deps);
  const nonce = randomToken(deps);
  const verifier = randomToken(deps);
  const redirectUri = new URL(provider.callbackPath, deps.origin).toString();
  saveTransaction(deps, { state, nonce, verifier, redirectUri, returnTo: request.returnTo, kind: request.kind, provider, createdAt: deps.clock.now() });
  const url = new URL(provider.authorizationEndpoint);
  const q = url.searchParams;
  q.set("response_type", "code");
  q.set("client_id", provider.clientId);
  q.set("redirect_uri", redirectUri);
  q.set("scope", provider.scope);
  q.set("state", state);
  q.set("nonce", nonce);
  q.set("code_challenge", await pkceChallenge(deps, verifier));
  q.set("code_challenge_method", "S256");
  q.set("ui_locales", request.language);
  if (provider.audience) q.set("audience", provider.audience);
  if (provider.organization) q.set("organization", provider.organization);
  if (request.kind === "silent") q.set("prompt", "none");
  if (request.kind === "signUp" || request.kind === "register") {
    const [name, value] = provider.signupHint.split("=", 2);
    if (name && value) q.set(name, value);
  }
  return { url: url.toString(), state };
}

// ---------------------------------------------------------------- the token endpoint

interface TokenAnswer {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** One grant at the token endpoint: retried on network failures and 5xx, not on refusals. */
async function tokenRequest(deps: AuthDeps, provider: IdentityProvider, fields: Record<string, string>): Promise<TokenAnswer> {
  const body = new URLSearchParams({ client_id: provider.clientId, ...fields }).toString();
  let last: unknown = null;
  for (let attempt = 0; attempt < TOKEN_ATTEMPTS; attempt++) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TOKEN_TIMEOUT_MS);
    try {
      const response = await deps.fetch(provider.tokenEndpoint, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body,
        credentials: "omit",
        cache: "no-store",
        signal: abort.signal,
      });
      const answer = (await response.json().catch(() => null)) as (Partial<TokenAnswer> & { error?: unknown; error_description?: unknown }) | null;
      if (response.ok && typeof answer?.access_token === "string") return answer as TokenAnswer;
      if (response.status < 500) {
        const code = typeof answer?.error === "string" ? answer.error : "invalid_response";
        throw new AuthError(code, typeof answer?.error_description === "string" ? answer.error_description : code);
      }
      last = new AuthError("unavailable", `token endpoint answered ${response.status}`);
    } catch (error) {
      if (error instanceof AuthError && error.code !== "unavailable") throw error;
      last = error;
    } finally {
      clearTimeout(timer);
    }
  }
  throw last instanceof AuthError ? last : new AuthError("unavailable", "the identity provider does not answer");
}

// ---------------------------------------------------------------- the ID token (spec §5)

export interface IdClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nbf?: number;
  auth_time?: number;
  nonce?: string;
  azp?: string;
  org_id?: string;
  org_name?: string;
  email?: string;
}

const jwks = new Map<string, Promise<JsonWebKey[]>>();

async function providerKeys(deps: AuthDeps, uri: string, fresh: boolean): Promise<JsonWebKey[]> {
  if (fresh) jwks.delete(uri);
  let keys = jwks.get(uri);
  if (!keys) {
    keys = deps
      .fetch(uri, { credentials: "omit", headers: { Accept: "application/json" } })
      .then(async (r) => {
        if (!r.ok) throw new AuthError("unavailable", `JWKS answered ${r.status}`);
        const doc = (await r.json()) as { keys?: JsonWebKey[] };
        return Array.isArray(doc.keys) ? doc.keys : [];
      });
    keys.catch(() => jwks.delete(uri));
    jwks.set(uri, keys);
  }
  return keys;
}

const claimError = (what: string) => new AuthError("invalid_id_token", `ID token: ${what}`);

/**
 * Checks an ID token as spec §5 lists: RS256 signature by a key of the provider, issuer,
 * subject, audience, authorized party, nonce, expiry, not-before, auth time, organization,
 * with 60 s leeway.
 */
export async function verifyIdToken(deps: AuthDeps, provider: IdentityProvider, token: string, expect: { nonce?: string; sub?: string }): Promise<IdClaims> {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 16_384) throw claimError("malformed");
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown };
  let claims: IdClaims;
  try {
    header = JSON.parse(new TextDecoder().decode(fromB64url(h))) as typeof header;
    claims = JSON.parse(new TextDecoder().decode(fromB64url(p))) as IdClaims;
  } catch {
    throw claimError("undecodable");
  }
  if (header.alg !== "RS256") throw claimError("algorithm must be RS256");
  const subtle = cryptoOf(deps).subtle;
  const signed = new TextEncoder().encode(`${h}.${p}`);
  const signature = fromB64url(s);
  const verifiedBy = async (keys: JsonWebKey[]) => {
    for (const jwk of keys) {
      if (jwk.kty !== "RSA" || (header.kid !== undefined && (jwk as { kid?: string }).kid !== header.kid)) continue;
      const key = await subtle.importKey("jwk", { kty: jwk.kty, n: jwk.n, e: jwk.e }, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
      if (await subtle.verify("RSASSA-PKCS1-v1_5", key, signature, signed)) return true;
    }
    return false;
  };
  // Keys rotated since they were read: read them once more (once per token, never in a loop).
  if (!(await verifiedBy(await providerKeys(deps, provider.jwksUri, false))) && !(await verifiedBy(await providerKeys(deps, provider.jwksUri, true)))) {
    throw claimError("signature");
  }

  const now = Math.floor(deps.clock.now() / 1000);
  const isTime = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  if (claims.iss !== provider.issuer) throw claimError("issuer");
  if (typeof claims.sub !== "string" || claims.sub === "") throw claimError("subject");
  if (expect.sub !== undefined && claims.sub !== expect.sub) throw claimError("subject changed");
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(provider.clientId)) throw claimError("audience");
  if (aud.length > 1 && claims.azp === undefined) throw claimError("authorized party missing");
  if (claims.azp !== undefined && claims.azp !== provider.clientId) throw claimError("authorized party");
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce) throw claimError("nonce");
  if (!isTime(claims.exp) || now > claims.exp + LEEWAY_S) throw claimError("expired");
  if (!isTime(claims.iat)) throw claimError("issued-at");
  if (claims.nbf !== undefined && (!isTime(claims.nbf) || claims.nbf > now + LEEWAY_S)) throw claimError("not yet valid");
  if (claims.auth_time !== undefined && (!isTime(claims.auth_time) || claims.auth_time > now + LEEWAY_S)) throw claimError("auth time");
  if (provider.organization) {
    // Organization ids start with `org_`; anything else is a name, compared case-insensitively.
    const org = provider.organization;
    const ok = org.startsWith("org_") ? claims.org_id === org : claims.org_name?.toLowerCase() === org.toLowerCase();
    if (!ok) throw claimError("organization");
  }
  return claims;
}

// ---------------------------------------------------------------- keeping the tokens

function keep(deps: AuthDeps, provider: IdentityProvider, answer: TokenAnswer, sub: string, previous: AuthRecord | null): AuthRecord {
  const now = deps.clock.now();
  const record: AuthRecord = {
    v: 1,
    provider,
    sub,
    accessToken: answer.access_token,
    expiresAt: now + (Number(answer.expires_in) > 0 ? Number(answer.expires_in) : 300) * 1000,
    checkedAt: now,
  };
  // Rotation: the new refresh token replaces the old one, which the provider has spent.
  const refresh = answer.refresh_token ?? previous?.refreshToken;
  if (refresh) record.refreshToken = refresh;
  const id = answer.id_token ?? previous?.idToken;
  if (id) record.idToken = id;
  writeAuth(deps.storage, record);
  return record;
}

// ---------------------------------------------------------------- the callback page

export interface SignInDone {
  returnTo: string;
  kind: FrameKind | "silent";
  state: string;
}

/**
 * The callback page's work (spec §4): the provider's `code` or `error` with the `state` of a
 * stored transaction; a mismatch is "Invalid state". On success the tokens are kept.
 */
export async function completeSignIn(deps: AuthDeps, query: URLSearchParams): Promise<SignInDone> {
  const state = query.get("state");
  const tx = takeTransaction(deps, state);
  const error = query.get("error");
  if (error) throw new AuthError(error, query.get("error_description") ?? error);
  const code = query.get("code");
  if (!code) throw new AuthError("invalid_request", "the provider sent neither a code nor an error");
  const answer = await tokenRequest(deps, tx.provider, { grant_type: "authorization_code", code, redirect_uri: tx.redirectUri, code_verifier: tx.verifier });
  if (!answer.id_token) throw claimError("missing");
  const claims = await verifyIdToken(deps, tx.provider, answer.id_token, { nonce: tx.nonce });
  keep(deps, tx.provider, answer, claims.sub, null);
  return { returnTo: tx.returnTo, kind: tx.kind, state: tx.state };
}

/** Records an identity error for the next page (spec §8: errors are recorded). */
export function recordError(deps: AuthDeps, error: unknown): AuthError {
  const e = error instanceof AuthError ? error : new AuthError("unknown", error instanceof Error ? error.message : String(error));
  deps.session?.setItem(AUTH_ERROR_KEY, JSON.stringify({ code: e.code, message: e.message, at: deps.clock.now() }));
  return e;
}

// ---------------------------------------------------------------- the silent session

/** Runs `task` while no other tab of the site runs one (Web Locks; waits at most 5 s). */
async function exclusively<T>(deps: AuthDeps, task: () => Promise<T>): Promise<T> {
  const locks = deps.window?.navigator?.locks;
  if (!locks) return task();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), LOCK_MS);
  try {
    return await locks.request("lumen-auth-refresh", { signal: abort.signal }, () => {
      clearTimeout(timer);
      return task();
    });
  } catch (error) {
    // The other tab took longer than 5 s: go ahead (its result, if any, is read first).
    if (abort.signal.aborted) return task();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const usable = (deps: AuthDeps, r: AuthRecord | null): r is AuthRecord & { accessToken: string } =>
  !!r?.accessToken &&
  (r.expiresAt ?? 0) - LEEWAY_S * 1000 > deps.clock.now() &&
  deps.clock.now() - r.checkedAt < SESSION_CHECK_MS;

/**
 * A valid access token for the stored session, or null for an anonymous visitor. Cached
 * until 60 s before it expires; then the refresh token (rotated), else `prompt=none` in a
 * hidden frame. `login_required` and `consent_required` end the local session quietly; an
 * unreachable provider leaves the visitor anonymous on this page and the session kept.
 */
export async function accessToken(deps: AuthDeps): Promise<string | null> {
  const first = readAuth(deps.storage);
  if (!first) return null;
  if (usable(deps, first)) return first.accessToken;
  return exclusively(deps, async () => {
    const record = readAuth(deps.storage);
    if (!record) return null;
    // Another tab may have refreshed while this one waited.
    if (usable(deps, record)) return record.accessToken;
    try {
      return (await renew(deps, record)).accessToken ?? null;
    } catch (error) {
      if (error instanceof AuthError && (ANONYMOUS_CODES.has(error.code) || error.code === "invalid_grant" || error.code === "invalid_id_token")) {
        clearAuth(deps.storage);
      }
      return null;
    }
  });
}

async function renew(deps: AuthDeps, record: AuthRecord): Promise<AuthRecord> {
  if (record.refreshToken) {
    try {
      const answer = await tokenRequest(deps, record.provider, { grant_type: "refresh_token", refresh_token: record.refreshToken });
      if (answer.id_token) await verifyIdToken(deps, record.provider, answer.id_token, { sub: record.sub });
      return keep(deps, record.provider, answer, record.sub, record);
    } catch (error) {
      // A spent or revoked refresh token: the provider's session may still be there.
      if (!(error instanceof AuthError) || error.code !== "invalid_grant") throw error;
    }
  }
  if (!deps.window) throw new AuthError("missing_refresh_token");
  await silentFrame(deps, record.provider);
  const renewed = readAuth(deps.storage);
  if (!renewed || renewed.sub !== record.sub) throw new AuthError("login_required");
  return renewed;
}

/** `prompt=none` in a hidden frame: the callback page in it completes the sign-in. */
async function silentFrame(deps: AuthDeps, provider: IdentityProvider): Promise<void> {
  const win = deps.window!;
  const { url, state } = await authorizeUrl(deps, provider, { kind: "silent", returnTo: "/", language: "fr" });
  const frame = win.document.createElement("iframe");
  frame.hidden = true;
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.title = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(new AuthError("timeout", "silent sign-in timed out")), SILENT_TIMEOUT_MS);
    function finish(error?: AuthError) {
      clearTimeout(timer);
      win.removeEventListener("message", listen);
      frame.remove();
      if (error) reject(error);
      else resolve();
    }
    function listen(event: MessageEvent) {
      const data = event.data as { name?: unknown; state?: unknown; error?: unknown } | null;
      if (event.origin !== deps.origin || data?.name !== CALLBACK_MESSAGE || data.state !== state) return;
      finish(typeof data.error === "string" ? new AuthError(data.error) : undefined);
    }
    win.addEventListener("message", listen);
    frame.src = url;
    win.document.body.append(frame);
  });
}

// ---------------------------------------------------------------- sign-out

/**
 * Ends the session in this browser and gives the provider's sign-out address (spec §4, §7):
 * the client id, the site's origin to come back to, the federated flag when asked.
 */
export function signOut(deps: AuthDeps): string | null {
  const record = readAuth(deps.storage);
  clearAuth(deps.storage);
  const endpoint = record?.provider.endSessionEndpoint;
  if (!record || !endpoint) return null;
  const url = new URL(endpoint);
  url.searchParams.set("client_id", record.provider.clientId);
  url.searchParams.set("post_logout_redirect_uri", `${deps.origin}/`);
  if (record.idToken) url.searchParams.set("id_token_hint", record.idToken);
  if (record.provider.federatedLogout) url.searchParams.set("federated", "");
  return url.toString();
}

/** Storage calls that throw (private modes, a full quota) are "nothing stored". */
function quietStorage(open: () => Storage | undefined): KeyValueStore {
  const run = <T>(f: (s: Storage) => T): T | null => {
    try {
      const s = open();
      return s ? f(s) : null;
    } catch {
      return null;
    }
  };
  return { getItem: (k) => run((s) => s.getItem(k)), setItem: (k, v) => void run((s) => s.setItem(k, v)), removeItem: (k) => void run((s) => s.removeItem(k)) };
}

/**
 * The flow's dependencies on a page, from the page's environment (passed in, so that this
 * module imports nothing the first stage holds: see ./record.ts).
 */
export function pageAuthDeps(env: { storage: KeyValueStore; clock: Clock; fetch?: typeof fetch; window?: Window }, origin: string): AuthDeps {
  const win = env.window;
  return {
    storage: env.storage,
    session: quietStorage(() => win?.sessionStorage),
    clock: env.clock,
    fetch: env.fetch ?? ((input, init) => fetch(input, init)),
    origin,
    ...(win ? { window: win, crypto: win.crypto } : {}),
  };
}

export interface PageAuthPort {
  authorizeUrl(provider: IdentityProvider, request: SignInRequest): Promise<string>;
  signOut(): string | null;
}

/** What the client store needs of the flow. */
export function authPort(deps: AuthDeps): PageAuthPort {
  return { authorizeUrl: async (provider, request) => (await authorizeUrl(deps, provider, request)).url, signOut: () => signOut(deps) };
}
