import { webcrypto } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { memoryStore } from "../lib/storage";
import type { IdentityProvider } from "../types";
import {
  accessToken,
  AuthError,
  authorizeUrl,
  completeSignIn,
  pkceChallenge,
  readAuth,
  RECORD_KEY,
  signOut,
  verifyIdToken,
  writeAuth,
  type AuthDeps,
} from "./oidc";
import { AUTH_KEY, hasStoredSession } from "./record";

const ORIGIN = "https://www.lumen-cinemas.fr";
const IDP = "https://id.example.test";
const PROVIDER: IdentityProvider = {
  issuer: `${IDP}/`,
  clientId: "lumen-web",
  audience: "lumen-api",
  organization: null,
  authorizationEndpoint: `${IDP}/authorize`,
  tokenEndpoint: `${IDP}/oauth/token`,
  endSessionEndpoint: `${IDP}/oidc/logout`,
  jwksUri: `${IDP}/.well-known/jwks.json`,
  scope: "openid profile email offline_access",
  signupHint: "screen_hint=signup",
  redirect: false,
  federatedLogout: true,
  callbackPath: "/nl/callback",
};
const NOW = 1_800_000_000_000;
const crypto = webcrypto as unknown as Crypto;

const b64url = (data: Uint8Array | string) =>
  Buffer.from(typeof data === "string" ? new TextEncoder().encode(data) : data)
    .toString("base64")
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A provider's signing key, its JWKS, and ID tokens signed with it (or another). */
async function signer(kid = "k1") {
  const pair = await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"]);
  const jwk = { ...(await crypto.subtle.exportKey("jwk", pair.publicKey)), kid, use: "sig", alg: "RS256" };
  const sign = async (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "RS256", kid, typ: "JWT" }) => {
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", pair.privateKey, new TextEncoder().encode(input));
    return `${input}.${b64url(new Uint8Array(signature))}`;
  };
  return { jwk, sign };
}

type Answer = { status?: number; body?: unknown } | Error;

function setup(answer: (url: URL, body: URLSearchParams) => Answer | Promise<Answer>, jwks: object[] = []) {
  const calls: { url: URL; body: URLSearchParams }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const body = new URLSearchParams(typeof init.body === "string" ? init.body : "");
    calls.push({ url, body });
    if (url.href === PROVIDER.jwksUri) return new Response(JSON.stringify({ keys: jwks }), { status: 200 });
    const a = await answer(url, body);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body ?? {}), { status: a.status ?? 200 });
  });
  let now = NOW;
  const deps: AuthDeps = { storage: memoryStore(), session: memoryStore(), clock: { now: () => now }, fetch, origin: ORIGIN, crypto };
  return { deps, calls, fetch, advance: (ms: number) => (now += ms) };
}

const idClaims = (nonce: string, extra: Record<string, unknown> = {}) => ({
  iss: PROVIDER.issuer,
  sub: "auth0|42",
  aud: "lumen-web",
  exp: NOW / 1000 + 600,
  iat: NOW / 1000,
  nonce,
  auth_time: NOW / 1000 - 5,
  ...extra,
});

/** Starts a sign-in and answers its callback with an ID token made of `claims`. */
async function signIn(claims: (nonce: string) => Record<string, unknown>, key?: Awaited<ReturnType<typeof signer>>) {
  const k = key ?? (await signer());
  let nonce = "";
  const t = setup((url, body) => {
    if (url.href !== PROVIDER.tokenEndpoint) return { status: 404 };
    expect(body.get("grant_type")).toBe("authorization_code");
    return k.sign(claims(nonce)).then((id) => ({ body: { access_token: "at-1", id_token: id, refresh_token: "rt-1", expires_in: 300 } }));
  }, [k.jwk]);
  const { url, state } = await authorizeUrl(t.deps, PROVIDER, { kind: "signIn", returnTo: "/nl/bioscopen?x=1", language: "nl" });
  nonce = new URL(url).searchParams.get("nonce")!;
  const done = completeSignIn(t.deps, new URLSearchParams({ code: "c-1", state }));
  return { ...t, url, state, done };
}

describe("the authorization request", () => {
  it("asks for a code with PKCE S256, state, nonce, the UI language and the site's callback", async () => {
    const { deps } = setup(() => ({ status: 500 }));
    const { url, state } = await authorizeUrl(deps, PROVIDER, { kind: "signIn", returnTo: "/nl/films", language: "nl" });
    const q = new URL(url).searchParams;
    expect(url.startsWith(`${IDP}/authorize?`)).toBe(true);
    expect(Object.fromEntries(q)).toMatchObject({
      response_type: "code",
      client_id: "lumen-web",
      redirect_uri: `${ORIGIN}/nl/callback`,
      scope: PROVIDER.scope,
      state,
      code_challenge_method: "S256",
      ui_locales: "nl",
      audience: "lumen-api",
    });
    expect(q.has("prompt")).toBe(false);
    expect(q.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The challenge is the SHA-256 of the verifier kept with the request.
    const tx = (JSON.parse(deps.storage.getItem("lumen.auth.tx")!) as Record<string, { verifier: string; returnTo: string }>)[state];
    expect(q.get("code_challenge")).toBe(await pkceChallenge(deps, tx!.verifier));
    expect(tx?.returnTo).toBe("/nl/films");
  });

  it("adds the sign-up hint for sign-up, prompt=none for a silent sign-in, the organization when set", async () => {
    const { deps } = setup(() => ({ status: 500 }));
    const signUp = new URL((await authorizeUrl(deps, PROVIDER, { kind: "signUp", returnTo: "/", language: "fr" })).url).searchParams;
    expect(signUp.get("screen_hint")).toBe("signup");
    const silent = new URL((await authorizeUrl(deps, { ...PROVIDER, organization: "org_7" }, { kind: "silent", returnTo: "/", language: "fr" })).url).searchParams;
    expect([silent.get("prompt"), silent.get("organization")]).toEqual(["none", "org_7"]);
  });
});

describe("the callback", () => {
  it("exchanges the code with the verifier, checks the ID token, keeps the tokens, and gives the target", async () => {
    const { done, deps, calls, state } = await signIn((nonce) => idClaims(nonce));
    expect(await done).toEqual({ returnTo: "/nl/bioscopen?x=1", kind: "signIn", state });
    const grant = calls.find((c) => c.url.href === PROVIDER.tokenEndpoint)!.body;
    expect(grant.get("code")).toBe("c-1");
    expect(grant.get("redirect_uri")).toBe(`${ORIGIN}/nl/callback`);
    expect(grant.get("client_id")).toBe("lumen-web");
    expect(grant.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readAuth(deps.storage)).toMatchObject({ sub: "auth0|42", accessToken: "at-1", refreshToken: "rt-1", expiresAt: NOW + 300_000 });
    // A state is used once.
    await expect(completeSignIn(deps, new URLSearchParams({ code: "c-1", state }))).rejects.toThrow("Invalid state");
  });

  it("refuses an unknown state as 'Invalid state', and reports the provider's error", async () => {
    const { deps } = setup(() => ({ status: 500 }));
    await expect(completeSignIn(deps, new URLSearchParams({ code: "c", state: "forged" }))).rejects.toMatchObject({ code: "invalid_state", message: "Invalid state" });
    const { state } = await authorizeUrl(deps, PROVIDER, { kind: "silent", returnTo: "/", language: "fr" });
    await expect(completeSignIn(deps, new URLSearchParams({ error: "login_required", state }))).rejects.toMatchObject({ code: "login_required" });
    expect(readAuth(deps.storage)).toBeNull();
  });

  it.each([
    ["a wrong nonce", (n: string) => idClaims(`${n}x`), "nonce"],
    ["another audience", (n: string) => idClaims(n, { aud: "another-app" }), "audience"],
    ["several audiences without azp", (n: string) => idClaims(n, { aud: ["lumen-web", "x"] }), "authorized party missing"],
    ["another authorized party", (n: string) => idClaims(n, { azp: "x" }), "authorized party"],
    ["another issuer", (n: string) => idClaims(n, { iss: "https://evil.test/" }), "issuer"],
    ["an expired token (beyond the 60 s leeway)", (n: string) => idClaims(n, { exp: NOW / 1000 - 61 }), "expired"],
    ["a token not valid yet", (n: string) => idClaims(n, { nbf: NOW / 1000 + 61 }), "not yet valid"],
    ["an auth time in the future", (n: string) => idClaims(n, { auth_time: NOW / 1000 + 120 }), "auth time"],
    ["no subject", (n: string) => idClaims(n, { sub: "" }), "subject"],
  ])("refuses an ID token with %s, and keeps nothing", async (_what, claims, problem) => {
    const { done, deps } = await signIn(claims);
    await expect(done).rejects.toMatchObject({ code: "invalid_id_token", message: `ID token: ${problem}` });
    expect(readAuth(deps.storage)).toBeNull();
  });

  it("accepts the 60 s leeway, and checks the organization when one is configured", async () => {
    const { done } = await signIn((n) => idClaims(n, { exp: NOW / 1000 - 59 }));
    await expect(done).resolves.toBeTruthy();
    const k = await signer();
    const { deps } = setup(() => ({ status: 500 }), [k.jwk]);
    const org = { ...PROVIDER, organization: "org_7" };
    await expect(verifyIdToken(deps, org, await k.sign(idClaims("n", { org_id: "org_7" })), { nonce: "n" })).resolves.toMatchObject({ org_id: "org_7" });
    await expect(verifyIdToken(deps, org, await k.sign(idClaims("n", { org_id: "org_8" })), { nonce: "n" })).rejects.toThrow("organization");
  });

  it("refuses a token signed by another key, with another algorithm, or tampered with", async () => {
    const mine = await signer("k1");
    const other = await signer("k1");
    const { deps } = setup(() => ({ status: 500 }), [mine.jwk]);
    await expect(verifyIdToken(deps, PROVIDER, await other.sign(idClaims("n")), { nonce: "n" })).rejects.toThrow("signature");
    await expect(verifyIdToken(deps, PROVIDER, await mine.sign(idClaims("n"), { alg: "HS256", kid: "k1" }), { nonce: "n" })).rejects.toThrow("RS256");
    const [h, , s] = (await mine.sign(idClaims("n"))).split(".");
    await expect(verifyIdToken(deps, PROVIDER, `${h}.${b64url(JSON.stringify(idClaims("n", { sub: "admin" })))}.${s}`, { nonce: "n" })).rejects.toThrow("signature");
    await expect(verifyIdToken(deps, PROVIDER, "not.a-token", {})).rejects.toThrow("malformed");
  });
});

describe("the silent session", () => {
  const stored = (deps: AuthDeps, extra: object = {}) =>
    writeAuth(deps.storage, { v: 1, provider: PROVIDER, sub: "auth0|42", refreshToken: "rt-1", accessToken: "at-1", expiresAt: NOW + 300_000, checkedAt: NOW, ...extra });

  it("asks nothing of anybody when nothing is stored", async () => {
    const { deps, fetch } = setup(() => ({ status: 500 }));
    expect(hasStoredSession(deps.storage)).toBe(false);
    expect(await accessToken(deps)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(AUTH_KEY).toBe(RECORD_KEY);
  });

  it("uses the cached token until 60 s before it expires, then the refresh token, rotated", async () => {
    const { deps, calls, advance } = setup((_url, body) => ({ body: { access_token: `at-for-${body.get("refresh_token")}`, refresh_token: "rt-2", expires_in: 300 } }));
    stored(deps);
    expect(await accessToken(deps)).toBe("at-1");
    advance(239_000);
    expect(await accessToken(deps)).toBe("at-1");
    expect(calls).toHaveLength(0);
    advance(2_000);
    expect(await accessToken(deps)).toBe("at-for-rt-1");
    expect(calls[0]?.body.get("grant_type")).toBe("refresh_token");
    expect(readAuth(deps.storage)?.refreshToken).toBe("rt-2");
    expect(await accessToken(deps)).toBe("at-for-rt-1");
    expect(calls).toHaveLength(1);
  });

  it("checks the session with the provider once a day, even with a fresh token", async () => {
    const { deps, calls } = setup(() => ({ body: { access_token: "at-2", expires_in: 300 } }));
    stored(deps, { checkedAt: NOW - 24 * 3600 * 1000 - 1 });
    expect(await accessToken(deps)).toBe("at-2");
    expect(calls).toHaveLength(1);
    expect(readAuth(deps.storage)).toMatchObject({ checkedAt: NOW, refreshToken: "rt-1" });
  });

  it("ends the local session quietly when the refresh token is refused and no frame can ask", async () => {
    const { deps } = setup(() => ({ status: 400, body: { error: "invalid_grant" } }));
    stored(deps, { accessToken: undefined });
    expect(await accessToken(deps)).toBeNull();
    expect(readAuth(deps.storage)).toBeNull();
  });

  it("keeps the session but answers anonymous when the provider cannot be reached (3 tries, no loop)", async () => {
    const { deps, calls } = setup(() => new TypeError("Failed to fetch"));
    stored(deps, { accessToken: undefined });
    expect(await accessToken(deps)).toBeNull();
    expect(calls).toHaveLength(3);
    expect(readAuth(deps.storage)?.refreshToken).toBe("rt-1");
    const server = setup(() => ({ status: 503 }));
    stored(server.deps, { accessToken: undefined });
    expect(await accessToken(server.deps)).toBeNull();
    expect(server.calls).toHaveLength(3);
  });
});

describe("sign-out", () => {
  it("forgets the session and gives the provider's end-session address back to the site", () => {
    const { deps } = setup(() => ({ status: 500 }));
    writeAuth(deps.storage, { v: 1, provider: PROVIDER, sub: "s", refreshToken: "rt", idToken: "id.t.k", checkedAt: NOW });
    const url = new URL(signOut(deps)!);
    expect(url.origin + url.pathname).toBe(`${IDP}/oidc/logout`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: "lumen-web", post_logout_redirect_uri: `${ORIGIN}/`, id_token_hint: "id.t.k", federated: "" });
    expect(readAuth(deps.storage)).toBeNull();
    expect(signOut(deps)).toBeNull();
  });

  it("is an AuthError with its code", () => {
    expect(new AuthError("login_required")).toMatchObject({ code: "login_required", message: "login_required", name: "AuthError" });
  });
});
