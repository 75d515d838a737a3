import { describe, expect, it } from "vitest";
import { createSeasonStore, type SelectedShowtime } from "./season";

const showtime = (id: string, show = id.split("-")[0]!): SelectedShowtime => ({
  id,
  show,
  title: show,
  when: "mer. 26 nov. 20:30",
  bookingUrl: `https://tickets.example.org/fr/${id}`,
});
const ids = (store: ReturnType<typeof createSeasonStore>) => store.getState().selected.map((s) => s.id);

describe("season selection (spec §4)", () => {
  it("adds a showtime once", () => {
    const store = createSeasonStore();
    store.getState().add(showtime("tosca-1"));
    store.getState().add(showtime("carmen-1"));
    store.getState().add(showtime("tosca-1"));
    expect(ids(store)).toEqual(["tosca-1", "carmen-1"]);
  });

  it("removes a showtime, and nothing when it is not selected", () => {
    const store = createSeasonStore();
    store.getState().add(showtime("tosca-1"));
    store.getState().add(showtime("carmen-1"));
    store.getState().remove("tosca-1");
    store.getState().remove("nowhere");
    expect(ids(store)).toEqual(["carmen-1"]);
  });

  it("replaces a showtime in its place, or adds the new one when the old is not selected", () => {
    const store = createSeasonStore();
    store.getState().add(showtime("tosca-1"));
    store.getState().add(showtime("carmen-1"));
    store.getState().replace("tosca-1", showtime("tosca-2"));
    expect(ids(store)).toEqual(["tosca-2", "carmen-1"]);
    store.getState().replace("gone", showtime("aida-1"));
    expect(ids(store)).toEqual(["tosca-2", "carmen-1", "aida-1"]);
    // Replacing by one already selected keeps it once.
    store.getState().replace("carmen-1", showtime("aida-1"));
    expect(ids(store)).toEqual(["tosca-2", "aida-1"]);
  });

  it("clears the selection", () => {
    const store = createSeasonStore();
    store.getState().add(showtime("tosca-1"));
    store.getState().add(showtime("carmen-1"));
    store.getState().clear();
    expect(ids(store)).toEqual([]);
  });

  it("toggles a screening's button: selects, replaces the show's other screening, unselects", () => {
    const store = createSeasonStore();
    store.getState().toggle(showtime("tosca-1"));
    store.getState().toggle(showtime("carmen-1"));
    store.getState().toggle(showtime("tosca-2"));
    expect(ids(store)).toEqual(["tosca-2", "carmen-1"]);
    store.getState().toggle(showtime("tosca-2"));
    expect(ids(store)).toEqual(["carmen-1"]);
  });

  it("is cleared on switching to another cinema, kept when the same one is chosen again", () => {
    const store = createSeasonStore();
    store.getState().chooseCinema("paris-opera");
    store.getState().add(showtime("tosca-1"));
    store.getState().chooseCinema("paris-opera");
    expect(ids(store)).toEqual(["tosca-1"]);
    store.getState().chooseCinema("lyon-bellecour");
    expect(store.getState().cinema).toBe("lyon-bellecour");
    expect(ids(store)).toEqual([]);
  });

  it("is cleared on a route change", () => {
    const store = createSeasonStore();
    store.getState().add(showtime("tosca-1"));
    store.getState().routeChanged();
    expect(ids(store)).toEqual([]);
  });
});
