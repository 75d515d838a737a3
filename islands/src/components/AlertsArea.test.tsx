// @vitest-environment jsdom
import { act } from "preact/test-utils";
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { mount } from "../islands/alerts";
import { createAlertsStore } from "../stores/alerts";
import { pageAlerts, resetPageStores } from "../stores/page";
import { AlertsArea } from "./AlertsArea";

afterEach(() => {
  document.body.innerHTML = "";
  resetPageStores();
});

describe("alerts area", () => {
  it("renders the first alert and dismisses a closable one", () => {
    const store = createAlertsStore();
    const root = document.createElement("div");
    document.body.append(root);
    act(() => render(<AlertsArea store={store} closeLabel="Fermer" />, root));
    expect(root.innerHTML).toBe("");
    act(() => {
      store.getState().push({ level: "warning", title: "5 favoris au plus", subtitle: "Retirez-en un", closable: true, class: "fav" });
      store.getState().push({ level: "info", title: "Suivante" });
    });
    const alert = root.querySelector(".alert");
    expect(alert?.className).toBe("alert alert-warning fav");
    expect(alert?.getAttribute("role")).toBe("alert");
    expect(alert?.textContent).toContain("Retirez-en un");
    act(() => root.querySelector<HTMLButtonElement>("button[aria-label=Fermer]")?.click());
    expect(root.querySelector("strong")?.textContent).toBe("Suivante");
    expect(root.querySelector("button")).toBeNull();
  });

  it("mounts as an island on the page's shared alert queue", () => {
    resetPageStores({
      url: { read: () => ({ pathname: "/", search: "", hash: "" }), replace() {}, navigate() {} },
      timers: { set: (f, ms) => setTimeout(f, ms), clear: (id) => clearTimeout(id) },
      clock: { now: () => 0 },
      storage: { getItem: () => null, setItem() {}, removeItem() {} },
      userAgent: "",
      viewport: { width: 1280, height: 800 },
      setCssVar() {},
      scrollLock: { lock() {}, unlock() {} },
    });
    document.body.innerHTML = `<div data-island="alerts" aria-live="polite"></div>`;
    const el = document.querySelector<HTMLElement>("[data-island]")!;
    act(() => mount(el, { closeLabel: "Close" }));
    act(() => void pageAlerts().getState().push({ level: "info", title: "Hello" }));
    expect(el.querySelector("strong")?.textContent).toBe("Hello");
  });
});
