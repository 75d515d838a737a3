// Cookies behind an interface: stores read and write through a jar they are given, the
// browser's (document.cookie) on a page and a plain map in tests.

export interface CookieOptions {
  /** Lifetime in days; absent means a session cookie. */
  days?: number;
  path?: string;
}

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, path?: string): void;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The page's cookies. Values are URI-encoded; every cookie is site-wide and SameSite=Lax. */
export function documentCookies(doc: Document = document): CookieJar {
  return {
    get(name) {
      for (const part of doc.cookie.split(";")) {
        const eq = part.indexOf("=");
        if (eq < 0) continue;
        if (part.slice(0, eq).trim() !== name) continue;
        try {
          return decodeURIComponent(part.slice(eq + 1).trim());
        } catch {
          return null;
        }
      }
      return null;
    },
    set(name, value, options = {}) {
      let cookie = `${name}=${encodeURIComponent(value)}; path=${options.path ?? "/"}; SameSite=Lax`;
      if (options.days !== undefined) cookie += `; max-age=${Math.round(options.days * DAY_SECONDS)}`;
      if (doc.location?.protocol === "https:") cookie += "; Secure";
      doc.cookie = cookie;
    },
    remove(name, path = "/") {
      doc.cookie = `${name}=; path=${path}; max-age=0`;
    },
  };
}
