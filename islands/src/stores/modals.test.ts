import { describe, expect, it, vi } from "vitest";
import { createModalsStore, MODAL_IDS, modalData, type ModalsDeps } from "./modals";

function setup(overrides: Partial<ModalsDeps> = {}) {
  let width = 1280;
  const scrollLock = { lock: vi.fn(), unlock: vi.fn() };
  const deps = {
    viewportWidth: () => width,
    scrollLock,
    stopVideo: vi.fn(),
    resetPlan: vi.fn(),
    clearFragment: vi.fn(),
    onClosed: vi.fn(),
    ...overrides,
  };
  const store = createModalsStore(deps);
  return { store, deps, scrollLock, resize: (w: number) => (width = w) };
}

describe("modals store", () => {
  it("knows every modal of the spec", () => {
    expect(MODAL_IDS).toEqual(
      expect.arrayContaining([
        "search", "signIn", "signInCentred", "profile", "languageSwitch", "locator", "cinemaInfo", "calendarDesktop",
        "calendarMobile", "filters", "showDetails", "trailer", "clientRating", "globalFeelings", "partners",
        "showtimeDetails", "experienceDetails", "experienceTeaser", "subscriptionPerks", "subscriptionPlan",
        "voucherChecker", "giftCard",
      ]),
    );
  });

  it("opens with data and closes, data cleared", () => {
    const { store } = setup();
    expect(store.getState().open("showDetails", { slug: "dune" })).toBe(true);
    expect(store.getState().modals.showDetails).toEqual({ open: true, data: { slug: "dune" } });
    expect(modalData(store.getState(), "showDetails")).toEqual({ slug: "dune" });
    store.getState().close("showDetails");
    expect(store.getState().modals.showDetails).toEqual({ open: false, data: null });
    expect(modalData(store.getState(), "showDetails")).toBeNull();
  });

  it("closes the top modal on Escape and a modal on its overlay click", () => {
    const { store } = setup();
    store.getState().open("search");
    store.getState().open("filters");
    store.getState().escape();
    expect(store.getState().modals.filters.open).toBe(false);
    expect(store.getState().modals.search.open).toBe(true);
    store.getState().overlayClick("search");
    expect(store.getState().stack).toEqual([]);
    store.getState().escape(); // nothing open: nothing happens
    expect(store.getState().stack).toEqual([]);
  });

  it("resets every modal on close-all and on a route change", () => {
    const { store, deps } = setup();
    store.getState().open("search");
    store.getState().open("locator", { mode: "city" });
    store.getState().closeAll();
    expect(Object.values(store.getState().modals).some((m) => m.open)).toBe(false);
    store.getState().open("showDetails", 1);
    store.getState().routeChanged();
    expect(store.getState().modals.showDetails.open).toBe(false);
    expect(deps.stopVideo).toHaveBeenCalled();
  });

  it("locks scrolling while a blocking modal is open and frees it after", () => {
    const { store, scrollLock } = setup();
    store.getState().open("profile"); // a drop-down: no lock
    expect(scrollLock.lock).not.toHaveBeenCalled();
    store.getState().open("search");
    store.getState().open("filters");
    expect(scrollLock.lock).toHaveBeenCalledTimes(1);
    expect(store.getState().scrollLocked).toBe(true);
    store.getState().close("filters");
    expect(scrollLock.unlock).not.toHaveBeenCalled();
    store.getState().close("search");
    expect(scrollLock.unlock).toHaveBeenCalledTimes(1);
    expect(store.getState().scrollLocked).toBe(false);
  });

  it("opens a modal only when the viewport is not above its maximum width", () => {
    const { store, resize } = setup();
    resize(1080);
    expect(store.getState().open("calendarMobile")).toBe(false);
    expect(store.getState().modals.calendarMobile.open).toBe(false);
    resize(1079);
    expect(store.getState().open("calendarMobile")).toBe(true);
    resize(900);
    expect(store.getState().open("filters", null, { maxWidth: 899 })).toBe(false);
    expect(store.getState().open("filters", null, { maxWidth: 900 })).toBe(true);
  });

  it("asks an anonymous visitor to sign in: all closed, the centred modal open", () => {
    const { store } = setup();
    store.getState().open("showDetails");
    expect(store.getState().requireSignIn(true)).toBe(true);
    expect(store.getState().modals.showDetails.open).toBe(true);
    expect(store.getState().requireSignIn(false)).toBe(false);
    expect(store.getState().stack).toEqual(["signInCentred"]);
    expect(store.getState().signInRequired).toBe(true);
    store.getState().close("signInCentred");
    expect(store.getState().signInRequired).toBe(false);
  });

  it("opens the header's sign-in with signInRequired false", () => {
    const { store } = setup();
    store.getState().requireSignIn(false);
    store.getState().openSignInFromHeader();
    expect(store.getState().modals.signIn.open).toBe(true);
    expect(store.getState().signInRequired).toBe(false);
  });

  it("stops the video when a video modal closes, not otherwise", () => {
    const { store, deps } = setup();
    store.getState().open("search");
    store.getState().close("search");
    expect(deps.stopVideo).not.toHaveBeenCalled();
    for (const id of ["trailer", "experienceTeaser", "experienceDetails"] as const) {
      store.getState().open(id, { id: "v" });
      store.getState().close(id);
    }
    expect(deps.stopVideo).toHaveBeenCalledTimes(3);
  });

  it("resets the plan when the plan modal closes", () => {
    const { store, deps } = setup();
    store.getState().open("subscriptionPerks");
    store.getState().close("subscriptionPerks");
    expect(deps.resetPlan).not.toHaveBeenCalled();
    store.getState().open("subscriptionPlan", { offer: "o" });
    store.getState().escape();
    expect(deps.resetPlan).toHaveBeenCalledTimes(1);
  });

  it("clears the URL fragment when the cinema information modal closes", () => {
    const { store, deps } = setup();
    store.getState().open("cinemaInfo");
    store.getState().overlayClick("cinemaInfo");
    expect(deps.clearFragment).toHaveBeenCalledTimes(1);
    store.getState().open("showDetails");
    store.getState().close("showDetails");
    expect(deps.clearFragment).toHaveBeenCalledTimes(1);
  });

  it("reports each closed modal once (the schedule clears its showtime)", () => {
    const onClosed = vi.fn<NonNullable<ModalsDeps["onClosed"]>>();
    const { store } = setup({ onClosed });
    store.getState().close("search"); // not open: no report
    store.getState().open("showtimeDetails");
    store.getState().open("search");
    store.getState().closeAll();
    expect(onClosed.mock.calls.map((c) => c[0])).toEqual(["search", "showtimeDetails"]);
  });
});
