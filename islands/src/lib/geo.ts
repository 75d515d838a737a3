// Distances and nearby cinemas (spec §9), mirroring `site/src/rules/geo.rs`: the spherical
// law of cosines gives the angle in degrees, 60 nautical miles per degree, 1.853159616 km
// per nautical mile.

import type { Cinema, LocatorLimits as SettingsLimits } from "../types";

export const KM_PER_NAUTICAL_MILE = 1.853159616;
export const DEFAULT_MAX_GEOLOCATION_CINEMAS = 6;
export const DEFAULT_MAX_GEOLOCATION_DISTANCE = 50;

export interface LatLon {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceKm(a: LatLon, b: LatLon): number {
  const cos =
    Math.sin(rad(a.lat)) * Math.sin(rad(b.lat)) + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  // Rounding can push the cosine past 1 for identical points (acos would give NaN).
  const degrees = (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI;
  return degrees * 60 * KM_PER_NAUTICAL_MILE;
}

/** The settings' locator limits, each possibly absent (then its default applies). */
export type LocatorLimits = { [K in keyof SettingsLimits]?: SettingsLimits[K] | null };

/** The settings' limits, or the defaults for an absent or unusable (≤ 0, not finite) value. */
export function effectiveLimits(limits: LocatorLimits | null | undefined): { distance: number; count: number } {
  const d = limits?.maxGeolocationDistance;
  const c = limits?.maxGeolocationCinemas;
  return {
    distance: typeof d === "number" && Number.isFinite(d) && d > 0 ? d : DEFAULT_MAX_GEOLOCATION_DISTANCE,
    count: typeof c === "number" && Number.isInteger(c) && c > 0 ? c : DEFAULT_MAX_GEOLOCATION_CINEMAS,
  };
}

export interface Nearby {
  slug: string;
  km: number;
}

/**
 * Cinemas within the distance (inclusive), nearest first, equal distances in list order, at
 * most `count`. A cinema without a position is skipped; `gpsPosition.x` is the latitude.
 */
export function nearestCinemas(
  origin: LatLon,
  cinemas: readonly Pick<Cinema, "slug" | "gpsPosition">[],
  limits?: LocatorLimits | null,
): Nearby[] {
  const { distance, count } = effectiveLimits(limits);
  return cinemas
    .flatMap((c) => {
      const p = c.gpsPosition;
      if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return [];
      return [{ slug: c.slug, km: distanceKm(origin, { lat: p.x, lon: p.y }) }];
    })
    .filter((n) => n.km <= distance)
    .sort((a, b) => a.km - b.km)
    .slice(0, count);
}
