import { describe, expect, it } from "vitest";
import { fakeUrl, memoryCookies } from "../testing/fakes";
import { createLanguageStore, LANG_COOKIE } from "./language";

function setup() {
  const cookies = memoryCookies();
  const url = fakeUrl("/cinemas/lumen-opera");
  const store = createLanguageStore({
    current: "fr",
    alternates: [
      { lang: "fr", path: "/cinemas/lumen-opera" },
      { lang: "en", path: "/en/cinemas/lumen-opera-en" },
    ],
    cookies,
    navigate: (to) => url.navigate(to),
  });
  return { cookies, url, s: () => store.getState() };
}

describe("language store", () => {
  it("sets the lang cookie and goes to the page's alternate in that language", () => {
    const { s, cookies, url } = setup();
    expect(s().switchTo("en")).toBe(true);
    expect(cookies.get(LANG_COOKIE)).toBe("en");
    expect(cookies.jar.get(LANG_COOKIE)?.options.days).toBe(365);
    expect(url.navigated).toEqual(["/en/cinemas/lumen-opera-en"]);
  });

  it("does nothing for the current language or one without an alternate", () => {
    const { s, cookies, url } = setup();
    expect(s().switchTo("fr")).toBe(false);
    expect(s().switchTo("de")).toBe(false);
    expect(cookies.get(LANG_COOKIE)).toBeNull();
    expect(url.navigated).toEqual([]);
  });
});
