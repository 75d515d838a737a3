import { describe, expect, it } from "vitest";
import { distanceKm, effectiveLimits, nearestCinemas } from "./geo";

const paris = { lat: 48.8566, lon: 2.3522 };

describe("distances", () => {
  it("uses 60 nautical miles of 1.853159616 km per degree", () => {
    // One degree of latitude along a meridian.
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(60 * 1.853159616, 9);
    // The law of cosines loses precision near 0: a few centimetres, never NaN.
    expect(distanceKm(paris, paris)).toBeCloseTo(0, 3);
    // Paris – Lyon, about 392 km.
    expect(distanceKm(paris, { lat: 45.764, lon: 4.8357 })).toBeGreaterThan(385);
    expect(distanceKm(paris, { lat: 45.764, lon: 4.8357 })).toBeLessThan(400);
  });

  it("falls back to 50 km and 6 cinemas for absent or unusable limits", () => {
    expect(effectiveLimits(undefined)).toEqual({ distance: 50, count: 6 });
    expect(effectiveLimits({ maxGeolocationDistance: 0, maxGeolocationCinemas: -1 })).toEqual({ distance: 50, count: 6 });
    expect(effectiveLimits({ maxGeolocationDistance: 20, maxGeolocationCinemas: 2 })).toEqual({ distance: 20, count: 2 });
  });

  it("lists the nearest cinemas within the limits", () => {
    const at = (slug: string, lat: number) => ({ slug, gpsPosition: { x: lat, y: paris.lon } });
    const deg = 60 * 1.853159616;
    const cinemas = [
      at("far", paris.lat + 60 / deg),
      at("near", paris.lat + 1 / deg),
      { slug: "nowhere", gpsPosition: null },
      at("mid", paris.lat + 10 / deg),
      at("edge", paris.lat + 49.999 / deg),
    ];
    expect(nearestCinemas(paris, cinemas).map((n) => n.slug)).toEqual(["near", "mid", "edge"]);
    expect(nearestCinemas(paris, cinemas, { maxGeolocationCinemas: 2 }).map((n) => n.slug)).toEqual(["near", "mid"]);
    expect(nearestCinemas(paris, cinemas, { maxGeolocationDistance: 100 }).map((n) => n.slug)).toEqual(["near", "mid", "edge", "far"]);
  });
});
