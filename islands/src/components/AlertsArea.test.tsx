// @vitest-environment jsdom
import { act } from "preact/test-utils";
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { mount } from "../islands/alerts";
import { startIslands } from "../loader/core";
import { createAlertsStore } from "../stores/alerts";
import { pageAlerts } from "../stores/page/alerts";
import { cleanPage, settle, testPage } from "../testing/islands";
import { FR } from "../testing/labels";
import { AlertsArea } from "./AlertsArea";

afterEach(cleanPage);

describe("alerts area", () => {
  it("renders the first alert and dismisses a closable one", async () => {
    const store = createAlertsStore();
    const root = document.createElement("div");
    document.body.append(root);
    await act(() => render(<AlertsArea store={store} closeLabel="Fermer" />, root));
    expect(root.innerHTML).toBe("");
    await act(() => {
      store.getState().push({ level: "warning", title: "5 favoris au plus", subtitle: "Retirez-en un", closable: true, class: "fav", icon: "warning" });
      store.getState().push({ level: "info", title: "Suivante", closable: false });
    });
    const alert = root.querySelector(".alert");
    expect(alert?.className).toBe("alert alert-warning fav");
    expect(alert?.getAttribute("data-icon")).toBe("warning");
    expect(alert?.textContent).toContain("Retirez-en un");
    const close = root.querySelector<HTMLButtonElement>("button[aria-label=Fermer]")!;
    expect(close.classList.contains("tap")).toBe(true);
    await act(() => close.click());
    expect(root.querySelector("strong")?.textContent).toBe("Suivante");
    expect(root.querySelector("button")).toBeNull();
    await act(() => render(null, root));
  });

  it("is loaded by the loader when the first alert comes, and shows it in the status area", async () => {
    testPage();
    document.body.innerHTML = `<div class="alerts" role="status" data-island="alerts" data-hydrate="interaction" data-src="/alerts.js"><script type="application/json" data-props>{"labels":{"alerts.close":"${FR["alerts.close"]}"}}</script></div>`;
    const el = document.querySelector<HTMLElement>("[data-island]")!;
    const loaded: string[] = [];
    startIslands(document, (url) => {
      loaded.push(url);
      return Promise.resolve({ mount: (e, props) => mount(e, props as Parameters<typeof mount>[1]) });
    });
    await settle();
    expect(loaded).toEqual([]);
    await act(() => void pageAlerts().getState().push({ level: "info", title: "Bonjour", closable: true }));
    await settle();
    expect(loaded).toEqual(["/alerts.js"]);
    expect(el.querySelector("strong")?.textContent).toBe("Bonjour");
    expect(el.querySelector("button")?.getAttribute("aria-label")).toBe(FR["alerts.close"]);
    await act(() => render(null, el));
  });
});
