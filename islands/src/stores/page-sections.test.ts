import { describe, expect, it } from "vitest";
import { createCinemaPageStore, createFaqStore, createFooterAccordionStore, createNewsStore } from "./page-sections";

describe("footer accordion store", () => {
  it("opens one item at a time and closes the open one when clicked", () => {
    const store = createFooterAccordionStore();
    store.getState().toggle("shows");
    expect(store.getState().open).toBe("shows");
    store.getState().toggle("help");
    expect(store.getState().open).toBe("help");
    store.getState().toggle("help");
    expect(store.getState().open).toBeNull();
  });
});

describe("news store", () => {
  it("sets a type filter, clears it when chosen again, and returns to page 1", () => {
    const store = createNewsStore({ page: 3 });
    store.getState().toggleType("offer");
    expect([store.getState().type, store.getState().page]).toEqual(["offer", 1]);
    store.getState().goToPage(2);
    store.getState().toggleType("news");
    expect([store.getState().type, store.getState().page]).toEqual(["news", 1]);
    store.getState().goToPage(4);
    store.getState().toggleType("news");
    expect([store.getState().type, store.getState().page]).toEqual([null, 1]);
  });

  it("navigates pages, never below 1", () => {
    const store = createNewsStore();
    store.getState().goToPage(5);
    expect(store.getState().page).toBe(5);
    store.getState().goToPage(0);
    expect(store.getState().page).toBe(1);
  });
});

describe("cinema page store", () => {
  it("toggles the service and info accordions and resets them on a route change", () => {
    const store = createCinemaPageStore();
    store.getState().toggleService("parking");
    store.getState().toggleInfo("access");
    expect([store.getState().service, store.getState().info]).toEqual(["parking", "access"]);
    store.getState().toggleService("parking");
    expect(store.getState().service).toBeNull();
    store.getState().toggleService("bar");
    store.getState().routeChanged();
    expect([store.getState().service, store.getState().info]).toEqual([null, null]);
  });
});

describe("FAQ store", () => {
  it("sets display-all flags and resets them on a route change", () => {
    const store = createFaqStore();
    store.getState().showAll("category-1");
    expect(store.getState().displayAll).toEqual({ "category-1": true });
    store.getState().routeChanged();
    expect(store.getState().displayAll).toEqual({});
  });

  it("shows the autocomplete while the search has focus", () => {
    const store = createFaqStore();
    store.getState().searchFocused();
    expect(store.getState().autocomplete).toBe(true);
    store.getState().searchBlurred();
    expect(store.getState().autocomplete).toBe(false);
  });

  it("knows the chat availability: true, false, or unknown when the check fails", async () => {
    const yes = createFaqStore({ chatAvailability: () => Promise.resolve(true) });
    expect(yes.getState().chatAvailable).toBeNull();
    await yes.getState().checkChat();
    expect(yes.getState().chatAvailable).toBe(true);
    const no = createFaqStore({ chatAvailability: () => Promise.resolve(false) });
    await no.getState().checkChat();
    expect(no.getState().chatAvailable).toBe(false);
    const broken = createFaqStore({ chatAvailability: () => Promise.reject(new Error("down")) });
    await broken.getState().checkChat();
    expect(broken.getState().chatAvailable).toBeNull();
  });
});
