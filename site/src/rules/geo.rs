//! Distances and the locator's nearby cinemas (spec §9: "nautical-mile factor 1.853159616
//! times 60 per degree"; nearby cinemas limited by maxGeolocationDistance and
//! maxGeolocationCinemas, locator defaults 6 cinemas and 50).

use crate::content::{Cinema, LocatorLimits};

/// Kilometres in one nautical mile, as the spec writes it (one arc minute of a great circle).
pub const KM_PER_NAUTICAL_MILE: f64 = 1.853159616;

/// Locator default: how many nearby cinemas are listed (spec §9).
pub const DEFAULT_MAX_GEOLOCATION_CINEMAS: u32 = 6;

/// Locator default: how far, in kilometres, a nearby cinema may be (spec §9 says "50
/// distance"; the distance formula gives kilometres, so kilometres it is).
pub const DEFAULT_MAX_GEOLOCATION_DISTANCE: f64 = 50.0;

/// Great-circle distance in kilometres between two `(latitude, longitude)` points in
/// degrees: the spherical law of cosines gives the angle in degrees, 60 nautical miles per
/// degree, [`KM_PER_NAUTICAL_MILE`] km per mile.
///
/// The cosine is clamped to [-1, 1]: rounding can push it just past 1 for identical points,
/// and `acos` would then give NaN instead of 0.
pub fn distance_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (lat1, lon1) = (a.0.to_radians(), a.1.to_radians());
    let (lat2, lon2) = (b.0.to_radians(), b.1.to_radians());
    let cos = lat1.sin() * lat2.sin() + lat1.cos() * lat2.cos() * (lon2 - lon1).cos();
    cos.clamp(-1.0, 1.0).acos().to_degrees() * 60.0 * KM_PER_NAUTICAL_MILE
}

/// The locator limits to use: the settings' values, or the spec §9 defaults when a value is
/// absent or unusable (not finite, zero or negative: a zero limit would empty the list,
/// which no setting means on purpose).
pub fn effective_locator_limits(max_distance: Option<f64>, max_cinemas: Option<u32>) -> (f64, u32) {
    let distance = max_distance
        .filter(|d| d.is_finite() && *d > 0.0)
        .unwrap_or(DEFAULT_MAX_GEOLOCATION_DISTANCE);
    let count = max_cinemas
        .filter(|c| *c > 0)
        .unwrap_or(DEFAULT_MAX_GEOLOCATION_CINEMAS);
    (distance, count)
}

/// Nearby cinemas: those within `max_distance_km` (inclusive) of `origin`, nearest first
/// (equal distances keep the input order), at most `max_count`. Positions with a
/// non-finite coordinate are skipped.
pub fn nearest_cinemas<S: Into<String>>(
    origin: (f64, f64),
    cinemas: impl IntoIterator<Item = (S, (f64, f64))>,
    max_distance_km: f64,
    max_count: usize,
) -> Vec<(String, f64)> {
    let mut near: Vec<(String, f64)> = cinemas
        .into_iter()
        .filter(|(_, p)| p.0.is_finite() && p.1.is_finite())
        .map(|(slug, p)| (slug.into(), distance_km(origin, p)))
        .filter(|(_, km)| *km <= max_distance_km)
        .collect();
    // Stable sort: ties keep the content's order.
    near.sort_by(|a, b| a.1.total_cmp(&b.1));
    near.truncate(max_count);
    near
}

/// [`nearest_cinemas`] over the cinema list with the settings' locator limits (absent or
/// unusable values fall back to the defaults). A cinema without a GPS position is skipped;
/// its `gpsPosition.x` is the latitude and `y` the longitude.
pub fn nearest_cinemas_in(
    origin: (f64, f64),
    cinemas: &[Cinema],
    limits: Option<&LocatorLimits>,
) -> Vec<(String, f64)> {
    let (distance, count) = effective_locator_limits(
        limits.map(|l| l.max_geolocation_distance),
        limits.map(|l| l.max_geolocation_cinemas),
    );
    let positions = cinemas
        .iter()
        .filter_map(|c| c.gps_position.map(|p| (c.slug.as_str(), (p.x, p.y))));
    nearest_cinemas(origin, positions, distance, count as usize)
}
