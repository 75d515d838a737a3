// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { mount, type ShowFeelingsIslandProps } from "../../islands/show-feelings";
import { pageAlerts } from "../../stores/page/alerts";
import { anonymous, cleanPage, click, dialogs, firstRender, mountOn, routes, sameMarkup, signedIn, testPage, type ApiRoutes } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";
import { mount as mountUi } from "./feelings-ui";

const PROPS: ShowFeelingsIslandProps = { site: "fr", lang: "fr", brand: "Lumen Cinémas", labels: labelsOf("show-feelings"), show: "dune", benefits: ["booking", "movies"] };

/** What the generator writes inside the island's element (README, island "show-feelings"). */
const MARKUP =
  `<button type="button" class="wishlist-button tap" aria-pressed="false">J’ai envie de le voir</button>` +
  `<fieldset class="emotions"><legend>Votre avis sur le film</legend>` +
  `<button type="button" class="emotion tap" data-emotion="disappointed" aria-pressed="false">Déçu</button>` +
  `<button type="button" class="emotion tap" data-emotion="liked" aria-pressed="false">J’ai aimé</button>` +
  `<button type="button" class="emotion tap" data-emotion="loved" aria-pressed="false">J’ai adoré</button></fieldset>`;

function feelingsApi(state: { wish: boolean; emotion: string | null; fail?: boolean }): ApiRoutes {
  return ({ method, url, body }) => {
    if (url.pathname === "/api/client/c1/shows" && method === "POST") return { body: state.wish || state.emotion ? [{ slug: "dune", intention: state.wish ? 2 : null, emotion: state.emotion }] : [] };
    if (url.pathname.startsWith("/api/client/c1/show/dune/")) {
      if (state.fail) return { status: 503, body: { error: "unavailable" } };
      const b = body as { isDelete: boolean; emotion?: string };
      if (url.pathname.endsWith("/intention")) state.wish = !b.isDelete;
      else state.emotion = b.isDelete ? null : (b.emotion ?? null);
      return { body: {} };
    }
    return undefined;
  };
}

async function page(api: ApiRoutes) {
  const t = testPage({ href: "/film/dune", api });
  const el = await mountOn(mount, `<div class="show-feelings" data-island="show-feelings">${MARKUP}</div>`, PROPS);
  const pressed = () => [...el.querySelectorAll("button")].filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.textContent);
  return { ...t, el, pressed };
}

afterEach(cleanPage);

describe("show-feelings island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("shows the client's wish and emotion before any interaction, as the interactive part renders them", async () => {
    const { el, pressed } = await page(routes(feelingsApi({ wish: true, emotion: "loved" }), signedIn()));
    expect(pressed()).toEqual(["J’ai envie de le voir", "J’ai adoré"]);
    expect(el.dataset.ui).toBeUndefined();
    expect(sameMarkup(el.innerHTML, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("toggles the wish and rates, pressing the chosen emotion again to remove it", async () => {
    const state = { wish: false, emotion: null };
    const { el, pressed } = await page(routes(feelingsApi(state), signedIn()));
    await click(el.querySelector(".wishlist-button"));
    await click(el.querySelector("[data-emotion=liked]"));
    expect(pressed()).toEqual(["J’ai envie de le voir", "J’ai aimé"]);
    expect(state).toEqual({ wish: true, emotion: "liked" });
    await click(el.querySelector("[data-emotion=liked]"));
    expect(pressed()).toEqual(["J’ai envie de le voir"]);
    expect(state.emotion).toBeNull();
  });

  it("undoes a wish-list change the API refuses, with a warning", async () => {
    const { el, pressed } = await page(routes(feelingsApi({ wish: false, emotion: null, fail: true }), signedIn()));
    await click(el.querySelector(".wishlist-button"));
    expect(pressed()).toEqual([]);
    expect(pageAlerts().getState().queue[0]?.title).toBe(FR["alerts.wishlistError"]);
  });

  it("asks an anonymous visitor to sign in", async () => {
    const { el } = await page(anonymous);
    await click(el.querySelector(".wishlist-button"));
    expect(dialogs()[0]?.querySelector("h2")?.textContent).toBe("Connectez-vous à votre compte Lumen Cinémas");
  });
});
