// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { mount, type TrailerProps } from "../../islands/trailer";
import { pageVideo } from "../../stores/page/video";
import { cleanPage, click, dialogs, firstRender, key, mountOn, sameMarkup, testPage } from "../../testing/islands";
import { labelsOf } from "../../testing/labels";
import { mount as mountUi } from "./trailer-ui";

const PROPS: TrailerProps = { site: "fr", lang: "fr", labels: labelsOf("trailer"), title: "Dune", href: "https://www.youtube-nocookie.com/watch?v=abc123", video: { id: "abc123", main: true, provider: "youtube", url: null } };

/** What the generator writes inside the island's element (README, island "trailer"). */
const MARKUP = `<a class="trailer tap" href="https://www.youtube-nocookie.com/watch?v=abc123" data-replay="">Voir la bande-annonce</a>`;

async function page(href = "/film/dune", width = 1280) {
  const t = testPage({ href, width });
  const el = await mountOn(mount, `<div class="trailer-player" data-island="trailer">${MARKUP}</div>`, PROPS);
  return { ...t, el };
}

afterEach(cleanPage);

describe("trailer island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("plays in the page on desktop, and stops", async () => {
    const { el } = await page();
    await click(el.querySelector("a.trailer"));
    const frame = el.querySelector("iframe")!;
    expect(frame.src).toBe("https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0");
    expect(frame.title).toBe("Bande-annonce : Dune");
    expect(dialogs()).toHaveLength(0);
    await click(el.querySelector(".trailer-stop"));
    expect(pageVideo().getState().playing).toBeNull();
    expect(el.querySelector("iframe")).toBeNull();
  });

  it("plays in the trailer modal on a phone; closing the modal stops it", async () => {
    const { el } = await page("/film/dune", 390);
    await click(el.querySelector("a.trailer"));
    expect(el.querySelector("iframe")).toBeNull();
    const dialog = dialogs()[0]!;
    expect(dialog.querySelector("iframe")?.getAttribute("src")).toContain("/embed/abc123");
    await key(dialog, "Escape");
    expect(pageVideo().getState().playing).toBeNull();
  });

  it("plays on arrival with bandeannonce=true", async () => {
    const { el } = await page("/film/dune?bandeannonce=true");
    expect(el.querySelector("iframe")).not.toBeNull();
  });
});
