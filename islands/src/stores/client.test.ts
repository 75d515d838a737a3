import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../api/client";
import { fakeUrl, memoryCookies } from "../testing/fakes";
import type { AccountPayload } from "../types";
import { avatarOf, clientFromAccount, createClientStore, frameUrl, webCryptoSha256, type ClientDeps } from "./client";

const IDP = "https://id.example.test";
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

function setup(account: AccountPayload | null = ACCOUNT, overrides: Partial<ClientDeps> = {}) {
  const api = {
    silentToken: vi.fn(async () => (account ? { accessToken: "tok", expiresIn: 3600 } : null)),
    me: vi.fn(async () => account ?? Promise.reject(new Error("no account"))),
    logout: vi.fn(async () => {}),
    authEndpoints: vi.fn(async () => ({ urlLogin: `${IDP}/login`, urlSignup: `${IDP}/signup` })),
    setToken: vi.fn(),
  } satisfies Pick<ApiClient, "silentToken" | "me" | "logout" | "authEndpoints" | "setToken">;
  const url = fakeUrl("/cinemas/lumen-opera?x=1");
  const cookies = memoryCookies({ cgp_auth: "1", cgp_auth_retry: "1", other: "1" });
  const sha256 = vi.fn(async (text: string) => `sha(${text})`);
  const store = createClientStore({ api, site: "fr", language: "en", origin: "https://www.lumen-cinemas.fr", url, cookies, sha256, ...overrides });
  return { api, url, cookies, sha256, s: () => store.getState() };
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
    const { s, api } = setup();
    await Promise.all([s().init(), s().init()]);
    expect(api.silentToken).toHaveBeenCalledTimes(1);
  });

  it("forces a fullscreen sign-up frame that cannot be closed for an unregistered client", async () => {
    const { s } = setup({ ...ACCOUNT, registered: false });
    await s().init();
    expect(s().frame).toMatchObject({ kind: "register", fullscreen: true, closable: false });
    expect(s().frame?.url).toBe(
      frameUrl(`${IDP}/signup`, "https://unused.test", { site: "fr", language: "en", returnTo: "/cinemas/lumen-opera?x=1", hint: "signup" }),
    );
    expect(s().registrationUrl).toBe(s().frame?.url);
    expect(s().mustForce).toBe(true);
    s().closeFrame();
    expect(s().frame).not.toBeNull();
  });

  it("forces the email-validation frame for a registered client whose email is not verified", async () => {
    const { s } = setup({ ...ACCOUNT, emailVerify: false, firstLogin: false }, { emailValidationUrl: `${IDP}/verify` });
    await s().init();
    expect(s().frame).toMatchObject({ kind: "verifyEmail", fullscreen: true, closable: false });
    expect(s().frame?.url.startsWith(`${IDP}/verify?`)).toBe(true);
    expect(s().emailValidationUrl).toBe(s().frame?.url);
    // On the first login the email may not be verified yet: no forced frame.
    const first = setup({ ...ACCOUNT, emailVerify: false, firstLogin: true });
    await first.s().init();
    expect(first.s().frame).toBeNull();
  });
});

describe("client store: sign-in and sign-up", () => {
  it("opens the sign-in frame with the return path and the UI language", async () => {
    const { s } = setup(null);
    await s().signIn();
    const url = new URL(s().frame?.url ?? "");
    expect(url.origin + url.pathname).toBe(`${IDP}/login`);
    expect(url.searchParams.get("return")).toBe("/cinemas/lumen-opera?x=1");
    expect(url.searchParams.get("lang")).toBe("en");
    expect(url.searchParams.get("site")).toBe("fr");
    expect(url.searchParams.has("screen_hint")).toBe(false);
    expect(s().frame).toMatchObject({ kind: "signIn", fullscreen: false, closable: true });
    s().closeFrame();
    expect(s().frame).toBeNull();
  });

  it("opens sign-up with its hint, fullscreen when asked", async () => {
    const { s } = setup(null);
    await s().signUp({ fullscreen: true });
    expect(new URL(s().frame?.url ?? "").searchParams.get("screen_hint")).toBe("signup");
    expect(s().frame).toMatchObject({ kind: "signUp", fullscreen: true, closable: true });
  });

  it("resolves a frame URL relative to the site, and hears that origin", async () => {
    const { s, api } = setup(null);
    api.authEndpoints.mockResolvedValue({ urlLogin: "/identity/login", urlSignup: "/identity/signup" });
    await s().signIn();
    expect(s().frame?.url.startsWith("https://www.lumen-cinemas.fr/identity/login?")).toBe(true);
    api.silentToken.mockResolvedValue(null);
    const event = await s().receiveMessage({ origin: "https://www.lumen-cinemas.fr", data: { name: "parent_exchange", code: "LOGIN_SUCCESSFUL" } });
    expect(event?.code).toBe("LOGIN_SUCCESSFUL");
    expect(s().frame).toBeNull();
  });

  it("navigates to the frame URL in redirect mode", async () => {
    const { s, url } = setup(null, { redirect: true });
    await s().signIn();
    expect(s().frame).toBeNull();
    expect(url.navigated[0]?.startsWith(`${IDP}/login?`)).toBe(true);
  });
});

describe("client store: frame messages", () => {
  it("reloads the client on LOGIN_SUCCESSFUL from the frame's origin", async () => {
    const { s, api } = setup(null);
    await s().init();
    await s().signIn();
    api.silentToken.mockResolvedValue({ accessToken: "new", expiresIn: 60 });
    api.me.mockResolvedValue(ACCOUNT);
    const event = await s().receiveMessage({ origin: IDP, data: { name: "parent_exchange", code: "LOGIN_SUCCESSFUL" } });
    expect(event).toEqual({ name: "parent_exchange", code: "LOGIN_SUCCESSFUL" });
    expect(s().frame).toBeNull();
    expect(s().client?.id).toBe("c-42");
    expect(s().lastFrameEvent).toEqual(event);
  });

  it("reads register_complete as REGISTER_SUCCESSFUL, from a JSON string too", async () => {
    const onFrameEvent = vi.fn();
    const { s, api } = setup(null, { onFrameEvent });
    await s().signUp();
    const event = await s().receiveMessage({ origin: IDP, data: JSON.stringify({ name: "register_complete" }) });
    expect(event).toEqual({ name: "register_complete", code: "REGISTER_SUCCESSFUL" });
    expect(onFrameEvent).toHaveBeenCalledWith(event);
    expect(api.silentToken).toHaveBeenCalledTimes(1);
  });

  it("forwards other codes without reloading, and ignores strangers", async () => {
    const { s, api } = setup(null);
    await s().signIn();
    expect(await s().receiveMessage({ origin: "https://evil.test", data: { name: "parent_exchange", code: "LOGIN_SUCCESSFUL" } })).toBeNull();
    expect(await s().receiveMessage({ origin: IDP, data: { name: "resize" } })).toBeNull();
    expect(await s().receiveMessage({ origin: IDP, data: "not json" })).toBeNull();
    expect(await s().receiveMessage({ origin: IDP, data: { name: "parent_exchange", code: "STEP" } })).toEqual({ name: "parent_exchange", code: "STEP" });
    expect(api.silentToken).not.toHaveBeenCalled();
    expect(s().frame).not.toBeNull();
  });
});

describe("client store: sign-out", () => {
  it("calls the API, clears the client and its cookies, and reloads", async () => {
    const { s, api, cookies } = setup();
    await s().init();
    api.silentToken.mockResolvedValue(null);
    await s().signOut();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(api.setToken).toHaveBeenLastCalledWith(null);
    expect([cookies.get("cgp_auth"), cookies.get("cgp_auth_retry"), cookies.get("other")]).toEqual([null, null, "1"]);
    expect([s().client, s().emailHash, s().initialised]).toEqual([null, null, true]);
    expect(api.silentToken).toHaveBeenCalledTimes(2);
  });

  it("signs out locally even when the API call fails", async () => {
    const { s, api } = setup();
    await s().init();
    api.logout.mockRejectedValueOnce(new Error("offline"));
    api.silentToken.mockResolvedValue(null);
    await s().signOut();
    expect(s().client).toBeNull();
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
