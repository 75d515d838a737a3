import { describe, expect, it } from "vitest";
import type { Address, Cinema } from "../types";
import { cinemasLinkHref, firstCinema, placeOf } from "./locator-choice";

const NO_ADDRESS: Address = { addressLine1: "", addressZip: "", addressCity: "" };
const cinema = (slug: string, vistaRef: string, citySlug: string, x: number): Cinema => ({
  slug,
  vistaRef,
  name: slug,
  city: citySlug,
  citySlug,
  gpsPosition: { x, y: 2.35 },
  address: NO_ADDRESS,
});
const CINEMAS = [cinema("opera", "1", "paris", 48.87), cinema("bastille", "2", "paris", 48.85), cinema("evry", "3", "evry", 48.63)];
const PATHS = { list: "/cinemas", cinema: "/cinemas/{slug}", cityLight: "/cinemas/ville-list/{slug}" };

describe("the header's cinemas link (spec §2 Cinemas link target)", () => {
  it("goes to a selected cinema's page", () => {
    expect(cinemasLinkHref(placeOf({ type: "cinema", value: "2" }, CINEMAS), PATHS)).toBe("/cinemas/bastille");
  });
  it("goes to the only cinema of a city with exactly one", () => {
    expect(cinemasLinkHref(placeOf({ type: "city", value: "evry" }, CINEMAS), PATHS)).toBe("/cinemas/evry");
  });
  it("goes to the light city page of a city with several", () => {
    expect(cinemasLinkHref(placeOf({ type: "city", value: "paris" }, CINEMAS), PATHS)).toBe("/cinemas/ville-list/paris");
  });
  it("goes to the cinema list otherwise: no choice, a position, favourites, an unknown cinema", () => {
    for (const cookie of [null, { type: "position", value: { x: 48.86, y: 2.35 } }, { type: "favorite", value: null }, { type: "cinema", value: "9" }] as const) {
      expect(cinemasLinkHref(placeOf(cookie, CINEMAS), PATHS)).toBe("/cinemas");
    }
  });
});

describe("the first cinema of a choice (spec §4: the cinemas page's redirect)", () => {
  it("is the cinema, or the city's first", () => {
    expect(firstCinema(placeOf({ type: "cinema", value: "3" }, CINEMAS))?.slug).toBe("evry");
    expect(firstCinema(placeOf({ type: "city", value: "paris" }, CINEMAS))?.slug).toBe("opera");
  });
  it("is none for a position, favourites or a choice naming nothing known", () => {
    expect(firstCinema(placeOf({ type: "position", value: { x: 48.64, y: 2.35 } }, CINEMAS))).toBeNull();
    expect(firstCinema(placeOf({ type: "favorite", value: null }, CINEMAS))).toBeNull();
    expect(firstCinema(placeOf({ type: "city", value: "lyon" }, CINEMAS))).toBeNull();
    expect(firstCinema(placeOf(null, CINEMAS))).toBeNull();
  });
});
