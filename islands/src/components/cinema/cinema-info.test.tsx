// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { mount, type CinemaInfoProps } from "../../islands/cinema-info";
import { cleanPage, click, dialogs, firstRender, key, mountOn, sameMarkup, testPage } from "../../testing/islands";
import { labelsOf } from "../../testing/labels";
import { mount as mountUi } from "./cinema-info-ui";

const PROPS: CinemaInfoProps = { site: "fr", lang: "fr", labels: labelsOf("cinema-info"), links: { info: "Infos pratiques", pricing: "Tarifs" } };

/** What the generator writes inside the island's element (README, island "cinema-info"). */
const MARKUP = `<a class="tap" href="#info" data-replay="">Infos pratiques</a><a class="tap" href="#tarifs" data-replay="">Tarifs</a>`;

/** The cinema page's sections (templates/pages/cinema.html). */
const SECTIONS =
  `<section id="tarifs"><h2>Tarifs</h2><table><tbody><tr><th scope="row">Plein tarif</th><td>12,90 €</td></tr></tbody></table><p class="terms" id="t1">Sur justificatif.</p></section>` +
  `<section id="info"><h2>Accessibilité</h2><p>Toutes les salles sont accessibles.</p></section>`;

async function page(href = "/cinemas/versailles") {
  const t = testPage({ href });
  document.body.innerHTML = SECTIONS;
  const el = await mountOn(mount, `<div class="cinema-links" data-island="cinema-info">${MARKUP}</div>`, PROPS);
  return { ...t, el };
}

afterEach(cleanPage);

describe("cinema-info island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("opens the pricing section in a dialog from its link, then clears the fragment on close", async () => {
    const { el, url } = await page();
    const link = el.querySelector<HTMLAnchorElement>("a[href='#tarifs']")!;
    link.focus();
    await click(link);
    const dialog = dialogs()[0]!;
    expect(dialog.querySelector("h2")?.textContent).toBe("Tarifs");
    expect(dialog.querySelector("td")?.textContent).toBe("12,90 €");
    expect(dialog.querySelector("[id]:not(h2)")).toBeNull();
    expect(url.href()).toBe("/cinemas/versailles#tarifs");
    await key(dialog, "Escape");
    expect(dialogs()).toHaveLength(0);
    expect(url.href()).toBe("/cinemas/versailles");
    expect(document.activeElement).toBe(link);
    expect(document.getElementById("tarifs")?.querySelector("h2")).not.toBeNull();
  });

  it("opens the information dialog on arrival with #info", async () => {
    const { el } = await page("/cinemas/versailles#info");
    expect(el.dataset.ui).toBe("on");
    expect(dialogs()[0]?.querySelector("h2")?.textContent).toBe("Accessibilité");
  });
});
