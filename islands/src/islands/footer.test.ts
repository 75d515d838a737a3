// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanPage, testPage } from "../testing/islands";
import { mount } from "./footer";

// The footer's FAQ and language links as templates/partials/footer.html writes them.
const MARKUP =
  `<footer class="site-footer" data-island="footer" data-hydrate="interaction">` +
  `<section class="footer-faq"><h2>Questions fréquentes</h2>` +
  `<details><summary>Comment réserver ?</summary>En ligne.</details>` +
  `<details><summary>Annuler ?</summary>Oui.</details>` +
  `<details><summary>Mes billets ?</summary>Dans l’e-mail.</details></section>` +
  `<nav class="languages" aria-label="Langue"><ul><li><a aria-current="true" data-lang="fr" href="/cinemas">Français</a></li><li><a data-lang="en" href="/en/cinemas">English</a></li></ul></nav>` +
  `</footer>`;

const toggle = (item: HTMLDetailsElement) => {
  item.open = !item.open;
  item.dispatchEvent(new Event("toggle"));
};

afterEach(cleanPage);

describe("footer island", () => {
  it("keeps one FAQ item open at a time; the open one closes on a click", () => {
    testPage();
    document.body.innerHTML = MARKUP;
    const footer = document.querySelector("footer")!;
    const [a, b, c] = [...footer.querySelectorAll("details")] as HTMLDetailsElement[];
    toggle(b!); // before the island was ready
    mount(footer);
    expect([a!.open, b!.open, c!.open]).toEqual([false, true, false]);
    toggle(a!);
    expect([a!.open, b!.open, c!.open]).toEqual([true, false, false]);
    toggle(a!);
    expect([a!.open, b!.open, c!.open]).toEqual([false, false, false]);
  });

  it("remembers a language chosen in the footer in the lang cookie", () => {
    const { cookies } = testPage();
    document.body.innerHTML = MARKUP;
    mount(document.querySelector("footer")!);
    const english = document.querySelector<HTMLAnchorElement>("a[data-lang=en]")!;
    english.addEventListener("click", (e) => e.preventDefault());
    english.click();
    expect(cookies.get("lang")).toBe("en");
    expect(cookies.jar.get("lang")?.options.days).toBe(365);
  });
});
