// The language switch (spec §4): remembers the choice in the lang cookie, then goes to the
// same page in that language (its alternate, whose slugs may differ per language).

import { createStore } from "zustand/vanilla";
import type { CookieJar } from "../lib/cookies";
import type { Alternate, Lang } from "../types";

export const LANG_COOKIE = "lang";
export const LANG_COOKIE_DAYS = 365;

export interface LanguageState {
  current: Lang;
  alternates: Alternate[];
  /** False (nothing done) for the current language or one the page has no alternate in. */
  switchTo(lang: Lang): boolean;
}

export interface LanguageDeps {
  current: Lang;
  alternates: Alternate[];
  cookies: CookieJar;
  navigate: (url: string) => void;
  cookieName?: string;
}

export function createLanguageStore(deps: LanguageDeps) {
  return createStore<LanguageState>()((_, get) => ({
    current: deps.current,
    alternates: deps.alternates,
    switchTo(lang) {
      if (lang === get().current) return false;
      const target = get().alternates.find((a) => a.lang === lang);
      if (!target) return false;
      deps.cookies.set(deps.cookieName ?? LANG_COOKIE, lang, { days: LANG_COOKIE_DAYS });
      deps.navigate(target.path);
      return true;
    },
  }));
}

export type LanguageStore = ReturnType<typeof createLanguageStore>;
