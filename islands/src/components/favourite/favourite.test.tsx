// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { mount, type FavouriteProps } from "../../islands/favourite";
import { startIslands } from "../../loader/core";
import { pageModals } from "../../stores/page/modals";
import { anonymous, cleanPage, click, dialogs, firstRender, mountOn, routes, sameMarkup, settle, signedIn, testPage, type ApiRoutes } from "../../testing/islands";
import { labelsOf } from "../../testing/labels";
import { mount as mountUi } from "./favourite-ui";

const PROPS: FavouriteProps = { site: "fr", lang: "fr", brand: "Lumen Cinémas", labels: labelsOf("favourite"), cinema: "versailles", name: "Lumen Versailles", benefits: ["booking", "movies", "favourites"], favouriteLimit: 5 };

/** What the generator writes inside the island's element (README, island "favourite"). */
const MARKUP = `<button type="button" class="favourite-button tap"><span class="icon" aria-hidden="true">♡</span><span>Ajouter aux cinémas favoris</span></button>`;

/** The page: the favourite button and the alerts area, with the loader running. */
async function page(api: ApiRoutes, site: FavouriteProps["site"] = "fr") {
  const t = testPage({ href: "/cinemas/versailles", api });
  document.body.insertAdjacentHTML("beforeend", `<div class="alerts" role="status" data-island="alerts" data-hydrate="interaction" data-src="alerts"></div>`);
  startIslands(document, async () => import("../../islands/alerts"));
  const el = await mountOn(mount, `<div class="favourite" data-island="favourite">${MARKUP}</div>`, { ...PROPS, site }, "[data-island=favourite]");
  return { ...t, el, button: () => el.querySelector<HTMLButtonElement>(".favourite-button")!, alerts: document.querySelector(".alerts")! };
}

const favouriteCalls: ApiRoutes = ({ method, url }) => {
  if (!url.pathname.startsWith("/api/client/c1/cinema/")) return undefined;
  return { body: { favoriteCinemas: [], limit: 5 }, status: method === "POST" || method === "DELETE" ? 200 : 405 };
};

afterEach(cleanPage);

describe("favourite island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("shows a favourite cinema as such before any interaction, as the interactive part renders it", async () => {
    const { el, button } = await page(signedIn({}, ["versailles"]));
    expect(button().textContent).toBe("♥Retirer des cinémas favoris");
    expect(button().classList.contains("is-on")).toBe(true);
    expect(el.dataset.ui).toBeUndefined();
    expect(sameMarkup(el.innerHTML, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("asks an anonymous visitor to sign in, in the centred modal", async () => {
    const { button } = await page(anonymous);
    await click(button());
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]!.classList.contains("dialog-centred")).toBe(true);
    expect(pageModals().getState().signInRequired).toBe(true);
  });

  it("adds and removes a favourite at once through the client API", async () => {
    const { button, api } = await page(routes(favouriteCalls, signedIn()));
    await click(button());
    expect(button().textContent).toBe("♥Retirer des cinémas favoris");
    await click(button());
    expect(button().textContent).toBe("♡Ajouter aux cinémas favoris");
    expect(api.calls.filter((c) => c.url.pathname === "/api/client/c1/cinema/versailles").map((c) => c.method)).toEqual(["POST", "DELETE"]);
  });

  it("warns with the limit's number when the list is full (5 on the FR site)", async () => {
    const { button, alerts, api } = await page(routes(favouriteCalls, signedIn({}, ["a", "b", "c", "d", "e"])));
    await click(button());
    expect(button().textContent).toBe("♡Ajouter aux cinémas favoris");
    expect(alerts.textContent).toContain("Vous pouvez conserver jusqu’à 5 cinémas favoris");
    expect(alerts.textContent).toContain("(maximum 5)");
    expect(api.calls.some((c) => c.url.pathname.startsWith("/api/client/c1/cinema/"))).toBe(false);
  });

  it("takes the server's refusal with its limit (1 on the BE site), undoing the change", async () => {
    const full: ApiRoutes = ({ method, url }) => (method === "POST" && url.pathname.startsWith("/api/client/c1/cinema/") ? { status: 409, body: { error: "limit_reached", limit: 1 } } : undefined);
    const { button, alerts } = await page(routes(full, signedIn()), "be");
    await click(button());
    await settle();
    expect(button().textContent).toBe("♡Ajouter aux cinémas favoris");
    expect(alerts.textContent).toContain("jusqu’à 1 cinémas favoris");
  });

  it("undoes the change when the API fails", async () => {
    const down: ApiRoutes = ({ url }) => (url.pathname.startsWith("/api/client/c1/cinema/") ? { status: 503, body: { error: "unavailable" } } : undefined);
    const { button } = await page(routes(down, signedIn({}, ["versailles"])));
    await click(button());
    expect(button().textContent).toBe("♥Retirer des cinémas favoris");
  });
});
