// The visitor's identity (spec §4 Authentication): unknown until initialised; a silent
// token means a signed-in client, read from the accounts API; no token means anonymous.
// Sign-in and sign-up open the identity provider's frame (an overlay, fullscreen, or a
// redirect) with the return path and the UI language. A client who must finish registering
// or verify their email gets a fullscreen frame that cannot be closed. The frame's success
// messages reload the client; sign-out ends the session and reloads the client.

import { createStore } from "zustand/vanilla";
import type { ApiClient } from "../api/client";
import { clientFromAccount, webCryptoSha256 } from "../lib/account";
import type { CookieJar } from "../lib/cookies";
import type { UrlPort } from "../lib/url";
import type { AccountPayload, AuthEndpoints, Client, IdentityProvider, Lang, SiteCode } from "../types";

export { avatarOf, clientFromAccount, webCryptoSha256 } from "../lib/account";

export type FrameKind = "signIn" | "signUp" | "register" | "verifyEmail";

export interface IdentityFrame {
  kind: FrameKind;
  url: string;
  fullscreen: boolean;
  closable: boolean;
}

/** A message of the identity frame, forwarded to whoever listens (tracking). */
export interface FrameEvent {
  name: "parent_exchange" | "register_complete";
  code: string | null;
}

export const FRAME_SUCCESS_CODES = ["LOGIN_SUCCESSFUL", "REGISTER_SUCCESSFUL"] as const;
/** The code a register_complete message stands for. */
export const REGISTER_COMPLETE_CODE = "REGISTER_SUCCESSFUL";

export interface ClientState {
  /** False until the first answer: the client is then known (signed in or not). */
  initialised: boolean;
  /** The signed-in client; null when anonymous (or not known yet). */
  client: Client | null;
  /** SHA-256 (hex) of the lower-cased email, for tracking without the address. */
  emailHash: string | null;
  frame: IdentityFrame | null;
  /** A signed-in client must finish something (register, verify the email) first. */
  mustForce: boolean;
  registrationUrl: string | null;
  emailValidationUrl: string | null;
  /** Sign-in goes through the external identity provider (not a local form). */
  externalProvider: boolean;
  /** The site offers the registration and email-validation pages (lib/client-rules.ts). */
  registrationOffered: boolean;
  lastFrameEvent: FrameEvent | null;
  init(): Promise<void>;
  signIn(options?: { fullscreen?: boolean }): Promise<void>;
  signUp(options?: { fullscreen?: boolean }): Promise<void>;
  /** The overlay's close button; a forced frame stays. */
  closeFrame(): void;
  /** A `message` event from the window; returns the forwarded event, if it was one. */
  receiveMessage(message: { origin: string; data: unknown }): Promise<FrameEvent | null>;
  signOut(): Promise<void>;
}

/** The sign-in flow as the store uses it (./auth/oidc.ts on a page, loaded when needed). */
export interface AuthPort {
  /** The provider's authorization URL for a sign-in of this kind (its transaction is kept). */
  authorizeUrl(provider: IdentityProvider, request: { kind: FrameKind; returnTo: string; language: Lang }): Promise<string>;
  /** Forgets the session in this browser; the provider's sign-out address, if it has one. */
  signOut(): string | null;
}

/** A signed-in session: the access token and the account it reads. */
export interface SignedInSession {
  accessToken: string;
  account: AccountPayload;
}

export interface ClientDeps {
  api: Pick<ApiClient, "me" | "logout" | "authEndpoints" | "setToken">;
  /** The session now: null when anonymous (no stored sign-in, or the provider said so). */
  session: () => Promise<SignedInSession | null>;
  auth: () => Promise<AuthPort>;
  site: SiteCode;
  language: Lang;
  /** The site's origin (location.origin): the callback page in the frame speaks from it. */
  origin: string;
  url: UrlPort;
  cookies: CookieJar;
  /** Cookies removed at sign-out when present (spec: the auth and retry cookies). */
  sessionCookies?: string[];
  /** Sign-in goes through the external identity provider (not a local form). */
  externalProvider?: boolean;
  /** The provider's email-validation page; the provider's sign-in when absent. */
  emailValidationUrl?: string;
  sha256?: (text: string) => Promise<string>;
  onFrameEvent?: (event: FrameEvent) => void;
  /** The provider cannot be reached: the visitor is told (spec §8 alert), nothing retried. */
  onUnavailable?: () => void;
  /**
   * The session the page already asked for before this store existed (the islands' first
   * stage): used for the first load instead of asking again.
   */
  firstSession?: () => Promise<SignedInSession | null>;
}

export const DEFAULT_SESSION_COOKIES = ["cgp_auth", "cgp_auth_retry"];

function parseMessage(data: unknown): FrameEvent | null {
  let value = data;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const { name, code } = (value ?? {}) as { name?: unknown; code?: unknown };
  if (name === "register_complete") return { name, code: REGISTER_COMPLETE_CODE };
  if (name === "parent_exchange") return { name, code: typeof code === "string" ? code : null };
  return null;
}

/** Sites offering the provider's registration and email-validation pages (spec §6: "only on
 *  certain sites"), as `site::Site::offers_registration` says (held together by rule cases). */
export const registrationOffered = (site: SiteCode): boolean => site === "fr" || site === "nl";

export function createClientStore(deps: ClientDeps) {
  const sha256 = deps.sha256 ?? webCryptoSha256;
  let loading: Promise<void> | null = null;
  let firstSession = deps.firstSession;

  return createStore<ClientState>()((set, get) => {
    const returnTo = () => {
      const { pathname, search } = deps.url.read();
      return pathname + search;
    };

    /** The frame (or redirect) of a sign-in of this kind; null when the provider is unreachable. */
    async function frameFor(kind: FrameKind): Promise<{ url: string; redirect: boolean } | null> {
      let endpoints: AuthEndpoints;
      try {
        endpoints = await deps.api.authEndpoints();
      } catch {
        deps.onUnavailable?.();
        return null;
      }
      const auth = await deps.auth();
      const url = await auth.authorizeUrl(endpoints.provider, { kind, returnTo: returnTo(), language: deps.language });
      return { url, redirect: endpoints.provider.redirect };
    }

    async function forcedFrame(client: Client): Promise<IdentityFrame | null> {
      // Sites without those pages let an unfinished account in as it is (spec §6).
      if (!registrationOffered(deps.site)) return null;
      if (!client.registered) {
        const made = await frameFor("register");
        if (!made) return null;
        set({ registrationUrl: made.url });
        return { kind: "register", url: made.url, fullscreen: true, closable: false };
      }
      if (!client.emailVerify && !client.firstLogin) {
        const url = deps.emailValidationUrl ?? (await frameFor("verifyEmail"))?.url;
        if (!url) return null;
        set({ emailValidationUrl: url });
        return { kind: "verifyEmail", url, fullscreen: true, closable: false };
      }
      return null;
    }

    async function load() {
      try {
        const first = firstSession;
        firstSession = undefined;
        const found = first ? await first() : await deps.session();
        if (!found) {
          deps.api.setToken(null);
          set({ initialised: true, client: null, emailHash: null, mustForce: false });
          return;
        }
        deps.api.setToken(found.accessToken);
        const client = clientFromAccount(found.account, deps.site);
        const emailHash = client.email ? await sha256(client.email.trim().toLowerCase()) : null;
        const frame = await forcedFrame(client);
        set({ initialised: true, client, emailHash, mustForce: frame !== null, ...(frame ? { frame } : {}) });
      } catch {
        // No session could be made: the visitor is not signed in.
        deps.api.setToken(null);
        set({ initialised: true, client: null, emailHash: null, mustForce: false });
      }
    }

    async function openFrame(kind: "signIn" | "signUp", fullscreen: boolean) {
      const made = await frameFor(kind);
      if (!made) return;
      if (made.redirect) return deps.url.navigate(made.url);
      set({ frame: { kind, url: made.url, fullscreen, closable: true } });
    }

    return {
      initialised: false,
      client: null,
      emailHash: null,
      frame: null,
      mustForce: false,
      registrationUrl: null,
      emailValidationUrl: null,
      externalProvider: deps.externalProvider ?? true,
      registrationOffered: registrationOffered(deps.site),
      lastFrameEvent: null,
      init() {
        // Concurrent callers share one request.
        loading ??= load().finally(() => {
          loading = null;
        });
        return loading;
      },
      signIn: (options = {}) => openFrame("signIn", options.fullscreen ?? false),
      signUp: (options = {}) => openFrame("signUp", options.fullscreen ?? false),
      closeFrame() {
        if (get().frame?.closable) set({ frame: null });
      },
      async receiveMessage(message) {
        const open = get().frame;
        // Only the frame we opened may speak to us: the provider's pages, or the site's own
        // callback page the provider sends the frame back to.
        if (!open || (new URL(open.url).origin !== message.origin && message.origin !== deps.origin)) return null;
        const event = parseMessage(message.data);
        if (!event) return null;
        set({ lastFrameEvent: event });
        deps.onFrameEvent?.(event);
        if (event.code && (FRAME_SUCCESS_CODES as readonly string[]).includes(event.code)) {
          set({ frame: null, mustForce: false });
          await get().init();
        }
        return event;
      },
      async signOut() {
        try {
          await deps.api.logout();
        } catch {
          // The local session ends anyway; the server's expires by itself.
        }
        deps.api.setToken(null);
        for (const name of deps.sessionCookies ?? DEFAULT_SESSION_COOKIES) {
          if (deps.cookies.get(name) !== null) deps.cookies.remove(name);
        }
        const providerSignOut = (await deps.auth()).signOut();
        set({ client: null, emailHash: null, frame: null, mustForce: false });
        // The provider ends its own session and sends the visitor back to the site's origin.
        if (providerSignOut) return deps.url.navigate(providerSignOut);
        await get().init();
      },
    };
  });
}

export type ClientStore = ReturnType<typeof createClientStore>;

/** The client once known (signed in or null); at once when the store already knows. */
export function clientKnown(store: ClientStore): Promise<Client | null> {
  const now = store.getState();
  if (now.initialised) return Promise.resolve(now.client);
  return new Promise((resolve) => {
    const stop = store.subscribe((s) => {
      if (!s.initialised) return;
      stop();
      resolve(s.client);
    });
  });
}
