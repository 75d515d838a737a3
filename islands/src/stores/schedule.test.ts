import { describe, expect, it } from "vitest";
import { emptyFilters } from "../lib/filters";
import { deferred, fakeUrl } from "../testing/fakes";
import { createScheduleStore } from "./schedule";

function setup(href = "/films") {
  const url = fakeUrl(href);
  const store = createScheduleStore({ url });
  return { url, s: () => store.getState() };
}

describe("schedule store", () => {
  it("starts from the filters in the address", () => {
    const { s } = setup("/cinemas/lumen-opera/filters/date-2026-11-24/tags-imax");
    expect(s().filters).toEqual({ ...emptyFilters(), date: "2026-11-24", tags: ["imax"] });
    expect(s().selectedDay).toBe("2026-11-24");
    const broken = setup("/films/filters/nope");
    expect(broken.s().filters).toEqual(emptyFilters());
  });

  it("selects a day: the filter date follows, the start day only from the calendar", () => {
    const { s, url } = setup("/films?x=1#top");
    s().selectDay("2026-11-23");
    expect([s().selectedDay, s().startDay, s().filters.date]).toEqual(["2026-11-23", null, "2026-11-23"]);
    expect(url.href()).toBe("/films/filters/date-2026-11-23?x=1#top");
    s().selectDay("2026-11-30", { fromCalendar: true });
    expect([s().selectedDay, s().startDay]).toEqual(["2026-11-30", "2026-11-30"]);
    s().selectDay("2026-02-30");
    expect(s().selectedDay).toBe("2026-11-30");
  });

  it("toggles filter values and keeps the address in the Rust format, without navigating", () => {
    const { s, url } = setup("/en/movies-events");
    expect(s().toggleFilter("tags", "imax")).toBe(true);
    s().toggleFilter("versions", "vost");
    s().toggleFilter("tags", "4dx");
    s().setLocalisation("lumen-opera");
    expect(url.href()).toBe("/en/movies-events/filters/tags-imax,4dx/versions-vost/localisation-lumen-opera");
    s().toggleFilter("tags", "imax");
    expect(s().filters.tags).toEqual(["4dx"]);
    expect(url.href()).toBe("/en/movies-events/filters/tags-4dx/versions-vost/localisation-lumen-opera");
    expect(s().toggleFilter("genres", "science fiction")).toBe(false);
    expect(s().setLocalisation("a,b")).toBe(false);
    expect(url.navigated).toEqual([]);
  });

  it("resets the chosen filters and drops the filters part when nothing is left", () => {
    const { s, url } = setup("/films/filters/tags-imax/genres-drama");
    s().resetFilters();
    expect(s().filters).toEqual(emptyFilters());
    expect(url.href()).toBe("/films");
    const dated = setup("/films/filters/date-2026-11-23/tags-imax/localisation-paris");
    dated.s().resetFilters();
    expect(dated.url.href()).toBe("/films/filters/date-2026-11-23/localisation-paris");
  });

  it("does not touch the address when nothing changes", () => {
    const { s, url } = setup("/films/filters/tags-imax");
    s().resetFilters();
    s().toggleFilter("tags", "imax");
    const before = url.replaced.length;
    s().setLocalisation(null);
    expect(url.replaced.length).toBe(before);
  });

  it("is loading while a request is pending, overlapping ones included", async () => {
    const { s } = setup();
    const a = deferred<number>();
    const b = deferred<number>();
    const first = s().track(a.promise);
    const second = s().track(b.promise);
    expect(s().loading).toBe(true);
    a.resolve(1);
    await first;
    expect(s().loading).toBe(true);
    b.reject(new Error("x"));
    await expect(second).rejects.toThrow("x");
    expect(s().loading).toBe(false);
  });

  it("selects and clears a showtime", () => {
    const { s } = setup();
    s().selectShowtime({ id: "st1", show: "dune", cinema: "lumen-opera" });
    expect(s().selectedShowtime?.id).toBe("st1");
    s().clearShowtime();
    expect(s().selectedShowtime).toBeNull();
  });

  it("resets the layout and the showtime on a route change", () => {
    const { s } = setup();
    s().toggleShow("dune");
    expect(s().layout.expandedShow).toBe("dune");
    s().toggleShow("dune");
    expect(s().layout.expandedShow).toBeNull();
    s().toggleShow("alien");
    s().selectShowtime({ id: "st1", show: "alien", cinema: "c" });
    s().toggleFilter("tags", "imax");
    s().routeChanged();
    expect([s().layout.expandedShow, s().selectedShowtime]).toEqual([null, null]);
    // Filters belong to the address, not to the layout.
    expect(s().filters.tags).toEqual(["imax"]);
  });
});
