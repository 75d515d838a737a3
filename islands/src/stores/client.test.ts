import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../api/client";
import { fakeUrl, memoryCookies } from "../testing/fakes";
import type { AccountPayload, IdentityProvider } from "../types";
import { avatarOf, clientFromAccount, createClientStore, webCryptoSha256, type AuthPort, type ClientDeps } from "./client";

const IDP = "https://id.example.test";
const SITE = "https://www.lumen-cinemas.fr";
const PROVIDER: IdentityProvider = {
  issuer: `${IDP}/`,
  clientId: "lumen-web",
  audience: "lumen-api",
  organization: null,
  authorizationEndpoint: `${IDP}/authorize`,
  tokenEndpoint: `${IDP}/oauth/token`,
  endSessionEndpoint: `${IDP}/logout`,
  jwksUri: `${IDP}/jwks`,
  scope: "openid profile email offline_access",
  signupHint: "prompt=create",
  redirect: false,
  federatedLogout: false,
  callbackPath: "/en/callback",
};
const ACCOUNT: AccountPayload = {
  icu: "c-42",
  firstname: "Émile",
  lastname: "Dupont",
  email: "Emile@Example.com ",
  photoUrl: "https://id.example.test/photos/42.jpg",
  registered: true,
  emailVerify: true,
  firstLogin: false,
  newsletterSubscription: false,
  mailCommunication: true,
  sendNewsletter: false,
  cinepassSubscription: true,
  subscription: { currentPlan: "solo", eligibleReSubscription: false, eligibleForAddonChange: false, newPlan: "duo", nextPlanExecutionDate: "2026-12-01" },
};

function setup(account: AccountPayload | null = ACCOUNT, overrides: Partial<ClientDeps> = {}, provider: IdentityProvider = PROVIDER) {
  const api = {
    me: vi.fn(async () => account ?? Promise.reject(new Error("no account"))),
    logout: vi.fn(async () => {}),
    authEndpoints: vi.fn(() => Promise.resolve({ urlLogin: provider.authorizationEndpoint, urlSignup: provider.authorizationEndpoint, provider })),
    setToken: vi.fn(),
  } satisfies Pick<ApiClient, "me" | "logout" | "authEndpoints" | "setToken">;
  // The session as the page gives it: a token and the account, or null for an anonymous visitor.
  const session = vi.fn(async () => (account ? { accessToken: "tok", account: await api.me() } : null));
  const auth = {
    authorizeUrl: vi.fn<AuthPort["authorizeUrl"]>((p, r) => {
      const u = new URL(p.authorizationEndpoint);
      u.searchParams.set("kind", r.kind);
      u.searchParams.set("return", r.returnTo);
      u.searchParams.set("ui_locales", r.language);
      return Promise.resolve(u.toString());
    }),
    signOut: vi.fn<AuthPort["signOut"]>(() => `${IDP}/logout?client_id=lumen-web`),
  } satisfies AuthPort;
  const url = fakeUrl("/cinemas/lumen-opera?x=1");
  const cookies = memoryCookies({ cgp_auth: "1", cgp_auth_retry: "1", other: "1" });
  const sha256 = vi.fn((text: string) => Promise.resolve(`sha(${text})`));
  const onUnavailable = vi.fn();
  const store = createClientStore({ api, session, auth: () => Promise.resolve(auth), site: "fr", language: "en", origin: SITE, url, cookies, sha256, onUnavailable, ...overrides });
  return { api, auth, session, url, cookies, sha256, onUnavailable, s: () => store.getState() };
}

describe("client store: initialisation", () => {
  it("is unknown until initialised", () => {
    const { s } = setup();
    expect([s().initialised, s().client]).toEqual([false, null]);
  });

  it("loads a signed-in client with the token, and hashes the email", async () => {
    const { s, api, sha256 } = setup();
    await s().init();
    expect(api.setToken).toHaveBeenLastCalledWith("tok");
    expect(s().initialised).toBe(true);
    expect(s().client).toMatchObject({ id: "c-42", name: "Émile Dupont", avatarFallback: "DÉ" });
    expect(sha256).toHaveBeenCalledWith("emile@example.com");
    expect(s().emailHash).toBe("sha(emile@example.com)");
    expect([s().frame, s().mustForce]).toEqual([null, false]);
  });

  it("is initialised with no client when nobody is signed in, or the session fails", async () => {
    const anonymous = setup(null);
    await anonymous.s().init();
    expect([anonymous.s().initialised, anonymous.s().client]).toEqual([true, null]);
    expect(anonymous.api.me).not.toHaveBeenCalled();
    const broken = setup();
    broken.api.me.mockRejectedValueOnce(new Error("500"));
    await broken.s().init();
    expect([broken.s().initialised, broken.s().client]).toEqual([true, null]);
    expect(broken.api.setToken).toHaveBeenLastCalledWith(null);
  });

  it("shares one request between concurrent callers", async () => {
    const { s, session } = setup();
    await Promise.all([s().init(), s().init()]);
    expect(session).toHaveBeenCalledTimes(1);
  });

  it("forces a fullscreen sign-up frame that cannot be closed for an unregistered client", async () => {
    const { s } = setup({ ...ACCOUNT, registered: false });
    await s().init();
    expect(s().frame).toMatchObject({ kind: "register", fullscreen: true, closable: false });
    const url = new URL(s().frame?.url ?? "");
    expect([url.searchParams.get("kind"), url.searchParams.get("return"), url.searchParams.get("ui_locales")]).toEqual(["register", "/cinemas/lumen-opera?x=1", "en"]);
    expect(s().registrationUrl).toBe(s().frame?.url);
    expect(s().mustForce).toBe(true);
    s().closeFrame();
    expect(s().frame).not.toBeNull();
  });

  it("forces the email-validation frame for a registered client whose email is not verified", async () => {
    const { s } = setup({ ...ACCOUNT, emailVerify: false, firstLogin: false }, { emailValidationUrl: `${IDP}/verify` });
    await s().init();
    expect(s().frame).toMatchObject({ kind: "verifyEmail", fullscreen: true, closable: false });
    expect(s().frame?.url).toBe(`${IDP}/verify`);
    expect(s().emailValidationUrl).toBe(s().frame?.url);
    // On the first login the email may not be verified yet: no forced frame.
    const first = setup({ ...ACCOUNT, emailVerify: false, firstLogin: true });
    await first.s().init();
    expect(first.s().frame).toBeNull();
  });

  it("offers registration and email validation only on the sites that have those pages (spec §6)", async () => {
    // Belgium has sign-in but no registration pages: an unfinished account comes in as it is.
    const be = setup({ ...ACCOUNT, registered: false }, { site: "be" });
    await be.s().init();
    expect([be.s().frame, be.s().mustForce, be.s().registrationOffered]).toEqual([null, false, false]);
    const unverified = setup({ ...ACCOUNT, emailVerify: false, firstLogin: false }, { site: "ch", emailValidationUrl: `${IDP}/verify` });
    await unverified.s().init();
    expect(unverified.s().frame).toBeNull();
    // The Netherlands has them.
    const nl = setup({ ...ACCOUNT, registered: false }, { site: "nl" });
    await nl.s().init();
    expect(nl.s().frame).toMatchObject({ kind: "register" });
  });
});

describe("client store: sign-in and sign-up", () => {
  it("opens the provider's authorization request in a closable frame, with the return path and the UI language", async () => {
    const { s, auth } = setup(null);
    await s().signIn();
    const url = new URL(s().frame?.url ?? "");
    expect(url.origin + url.pathname).toBe(`${IDP}/authorize`);
    expect(auth.authorizeUrl).toHaveBeenCalledWith(PROVIDER, { kind: "signIn", returnTo: "/cinemas/lumen-opera?x=1", language: "en" });
    expect(s().frame).toMatchObject({ kind: "signIn", fullscreen: false, closable: true });
    s().closeFrame();
    expect(s().frame).toBeNull();
  });

  it("opens sign-up as its own kind, fullscreen when asked", async () => {
    const { s, auth } = setup(null);
    await s().signUp({ fullscreen: true });
    expect(vi.mocked(auth.authorizeUrl).mock.calls[0]?.[1].kind).toBe("signUp");
    expect(s().frame).toMatchObject({ kind: "signUp", fullscreen: true, closable: true });
  });

  it("navigates to the provider when its configuration asks for the redirect flow", async () => {
    const { s, url } = setup(null, {}, { ...PROVIDER, redirect: true });
    await s().signIn();
    expect(s().frame).toBeNull();
    expect(url.navigated[0]?.startsWith(`${IDP}/authorize?`)).toBe(true);
  });

  it("says so once, and opens nothing, when the provider cannot be reached", async () => {
    const { s, api, onUnavailable, auth } = setup(null);
    api.authEndpoints.mockRejectedValue(new Error("503"));
    await s().signIn();
    expect(s().frame).toBeNull();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    expect(auth.authorizeUrl).not.toHaveBeenCalled();
    expect(api.authEndpoints).toHaveBeenCalledTimes(1);
  });
});

describe("client store: frame messages", () => {
  it("reloads the client on LOGIN_SUCCESSFUL from the site's own callback page in the frame", async () => {
    const { s, api, session } = setup(null);
    await s().init();
    await s().signIn();
    session.mockResolvedValue({ accessToken: "new", account: ACCOUNT });
    api.me.mockResolvedValue(ACCOUNT);
    const event = await s().receiveMessage({ origin: SITE, data: { name: "parent_exchange", code: "LOGIN_SUCCESSFUL" } });
    expect(event).toEqual({ name: "parent_exchange", code: "LOGIN_SUCCESSFUL" });
    expect(s().frame).toBeNull();
    expect(s().client?.id).toBe("c-42");
    expect(s().lastFrameEvent).toEqual(event);
  });

  it("reads register_complete as REGISTER_SUCCESSFUL, from a JSON string too", async () => {
    const onFrameEvent = vi.fn();
    const { s, session } = setup(null, { onFrameEvent });
    await s().signUp();
    const event = await s().receiveMessage({ origin: IDP, data: JSON.stringify({ name: "register_complete" }) });
    expect(event).toEqual({ name: "register_complete", code: "REGISTER_SUCCESSFUL" });
    expect(onFrameEvent).toHaveBeenCalledWith(event);
    expect(session).toHaveBeenCalledTimes(1);
  });

  it("forwards other codes without reloading, and ignores strangers", async () => {
    const { s, session } = setup(null);
    await s().signIn();
    expect(await s().receiveMessage({ origin: "https://evil.test", data: { name: "parent_exchange", code: "LOGIN_SUCCESSFUL" } })).toBeNull();
    expect(await s().receiveMessage({ origin: IDP, data: { name: "resize" } })).toBeNull();
    expect(await s().receiveMessage({ origin: IDP, data: "not json" })).toBeNull();
    expect(await s().receiveMessage({ origin: IDP, data: { name: "parent_exchange", code: "STEP" } })).toEqual({ name: "parent_exchange", code: "STEP" });
    expect(session).not.toHaveBeenCalled();
    expect(s().frame).not.toBeNull();
  });
});

describe("client store: sign-out", () => {
  it("calls the API, clears the client and its cookies, and goes to the provider's sign-out", async () => {
    const { s, api, cookies, auth, url } = setup();
    await s().init();
    await s().signOut();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(api.setToken).toHaveBeenLastCalledWith(null);
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect([cookies.get("cgp_auth"), cookies.get("cgp_auth_retry"), cookies.get("other")]).toEqual([null, null, "1"]);
    expect([s().client, s().emailHash]).toEqual([null, null]);
    expect(url.navigated).toEqual([`${IDP}/logout?client_id=lumen-web`]);
  });

  it("signs out locally and reloads the client when the provider has no sign-out page, or the API fails", async () => {
    const { s, api, auth, session } = setup();
    await s().init();
    api.logout.mockRejectedValueOnce(new Error("offline"));
    vi.mocked(auth.signOut).mockReturnValue(null);
    session.mockResolvedValue(null);
    await s().signOut();
    expect([s().client, s().initialised]).toEqual([null, true]);
    expect(session).toHaveBeenCalledTimes(2);
  });
});

describe("client from the account payload", () => {
  it("maps the fields, the newsletter flag per site and the downgrade", () => {
    const fr = clientFromAccount(ACCOUNT, "fr");
    expect(fr.subscriptions).toEqual({ newsletter: true, cinepass: true });
    expect(clientFromAccount(ACCOUNT, "nl").subscriptions.newsletter).toBe(false);
    expect(fr.subscription).toMatchObject({ currentPlan: "solo", downgrade: { plan: "duo", executionDate: "2026-12-01" } });
    expect(fr.email).toBe("Emile@Example.com ");
  });

  it("shows the photo, or the initials for none or the default photo", () => {
    expect(avatarOf(clientFromAccount(ACCOUNT, "fr"))).toEqual({ photo: "https://id.example.test/photos/42.jpg" });
    expect(avatarOf(clientFromAccount({ ...ACCOUNT, photoUrl: "https://cdn/default-photo.png" }, "fr"))).toEqual({ initials: "DÉ" });
    expect(avatarOf(clientFromAccount({ ...ACCOUNT, photoUrl: undefined }, "fr"))).toEqual({ initials: "DÉ" });
  });

  it("hashes with Web Crypto's SHA-256", async () => {
    expect(await webCryptoSha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
