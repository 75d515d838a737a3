//! Cinemas, cities and zones: `/cinemas`, `/cinema/{slug}` (+ `/shows`, `/translate`),
//! `/cities`, `/city/{slug}`, `/zone`, `/zone/{id}`, `/zone/here`.

use super::answer::{found, locale_of, schedule_answer, translations};
use crate::content::index::Translatable;
use crate::content::schedule::ScheduleQuery;
use crate::http::doc::ApiRouter;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::Json;
use chrono::NaiveDate;
use serde::Deserialize;
use site::content::*;
use site::rules::distance_km;

/// Nearby lists on cinema and city pages.
const NEARBY_CINEMAS: usize = 4;
const NEARBY_CITIES: usize = 4;

pub fn router() -> ApiRouter {
    ApiRouter::new("places")
        .get("/cinemas", cinemas, "Cinemas of the site")
        .answers::<Vec<Cinema>>()
        .get(
            "/cinemas/near",
            cinemas_near,
            "The slugs of the cinemas near a position (x latitude, y longitude), nearest first, within the settings' locator limits",
        )
        .query(&["x", "y"])
        .answers::<Vec<String>>()
        .get("/cinema/{slug}", cinema, "A cinema in detail")
        .answers::<CinemaDetail>()
        .get(
            "/cinema/{slug}/shows",
            cinema_shows,
            "A cinema's schedule (all days, or one with ?date)",
        )
        .query(&["date", "embed"])
        .answers::<Schedule>()
        .get(
            "/cinema/{slug}/translate",
            cinema_translate,
            "The cinema's slug in every language",
        )
        .answers::<Translations>()
        .get("/cities", cities, "Cities with cinemas")
        .answers::<Vec<City>>()
        .get(
            "/city/{slug}/shows",
            city_shows,
            "Schedule of a city's cinemas (all days, or one with ?date)",
        )
        .query(&["date", "embed"])
        .answers::<Schedule>()
        .get("/city/{slug}", city, "A city with its cinemas")
        .answers::<CityDetail>()
        .get("/zone", zones, "Zones")
        .answers::<Vec<Zone>>()
        .get(
            "/zone/here",
            zone_here,
            "The zone of the visitor's city, as the CDN locates them (null: unknown)",
        )
        .answers::<Option<Zone>>()
        .get("/zone/{id}", zone, "A zone")
        .answers::<Zone>()
}

async fn cinemas(State(app): State<AppState>, locale: Locale) -> Json<Vec<Cinema>> {
    Json(
        locale_of(&app, locale)
            .content
            .cinemas
            .iter()
            .map(|c| c.cinema.clone())
            .collect(),
    )
}

/// `?x=&y=`, read as text: a missing or unreadable coordinate is the API's own 400 (JSON), not
/// the extractor's.
#[derive(Deserialize)]
struct Position {
    x: Option<String>,
    y: Option<String>,
}

/// The locator's "position" choice (spec §4, §9 limits), for a page that narrows to it without
/// the locator's code (a show page's schedule): the one rule, `site::rules::nearest_cinemas_in`.
async fn cinemas_near(
    State(app): State<AppState>,
    locale: Locale,
    Query(at): Query<Position>,
) -> ApiResult<Json<Vec<String>>> {
    let coordinate = |v: &Option<String>| {
        v.as_deref()?
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|c| c.is_finite())
    };
    let (Some(x), Some(y)) = (coordinate(&at.x), coordinate(&at.y)) else {
        return Err(ApiError::BadRequest("x and y must be numbers".into()));
    };
    let limits = &app.content.settings.locator;
    let (distance, count) = site::rules::effective_locator_limits(
        Some(limits.max_geolocation_distance),
        Some(limits.max_geolocation_cinemas),
    );
    let cinemas = locale_of(&app, locale).content.cinemas.iter();
    let positions = cinemas.filter_map(|c| Some((c.cinema.slug.as_str(), position(&c.cinema)?)));
    let near = site::rules::nearest_cinemas((x, y), positions, distance, count as usize);
    Ok(Json(near.into_iter().map(|(slug, _)| slug).collect()))
}

fn position(c: &Cinema) -> Option<(f64, f64)> {
    c.gps_position.map(|p| (p.x, p.y))
}

async fn cinema(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<CinemaDetail>> {
    let index = locale_of(&app, locale);
    let mut detail = found(index.cinema(&slug), "cinema", &slug)?.clone();
    if let Some(here) = position(&detail.cinema) {
        let mut others: Vec<(f64, &CinemaDetail)> = index
            .content
            .cinemas
            .iter()
            .filter(|c| c.cinema.slug != slug)
            .filter_map(|c| position(&c.cinema).map(|p| (distance_km(here, p), c)))
            .collect();
        others.sort_by(|a, b| a.0.total_cmp(&b.0));
        detail.nearby_cinemas = others
            .iter()
            .take(NEARBY_CINEMAS)
            .map(|(km, c)| CinemaLink {
                slug: c.cinema.slug.clone(),
                name: c.cinema.name.clone(),
                city_slug: Some(c.cinema.city_slug.clone()),
                distance: Some((km * 10.0).round() / 10.0),
            })
            .collect();
        let mut cities: Vec<CityLink> = Vec::new();
        for (_, c) in &others {
            if c.cinema.city_slug != detail.cinema.city_slug
                && !cities.iter().any(|x| x.slug == c.cinema.city_slug)
            {
                cities.push(CityLink {
                    slug: c.cinema.city_slug.clone(),
                    name: c.cinema.city.clone(),
                });
            }
            if cities.len() == NEARBY_CITIES {
                break;
            }
        }
        detail.nearby_cities = cities;
    }
    if detail.ecards.is_empty() {
        detail.ecards = index
            .content
            .ecards
            .iter()
            .map(|e| CinemaECard {
                label: e.label.clone().unwrap_or_default(),
                single_ttc_amount: (e.price / e.seats.max(1) as f64 * 100.0).round() / 100.0,
                ttc_amount: e.price,
                image: e.image.clone(),
                image_alt: e.label.clone(),
                ref_cmd: Some(e.type_id.clone()),
                highlight_message: None,
            })
            .collect();
    }
    Ok(Json(detail))
}

#[derive(Deserialize)]
pub struct DateQuery {
    pub date: Option<String>,
    /// `false` leaves out the show summaries of a schedule.
    pub embed: Option<bool>,
}

impl DateQuery {
    pub fn schedule(&self) -> ApiResult<ScheduleQuery> {
        Ok(ScheduleQuery {
            date: parse_date(self.date.as_deref())?,
            without_show_data: self.embed == Some(false),
        })
    }
}

/// A `YYYY-MM-DD` date; an empty one is refused like any other that is not a date (the
/// OpenAPI document says `format: date`; leave the parameter out for every day).
pub fn parse_date(raw: Option<&str>) -> ApiResult<Option<NaiveDate>> {
    match raw {
        None => Ok(None),
        Some(d) => NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ApiError::BadRequest(format!("date {d:?} is not a YYYY-MM-DD date"))),
    }
}

async fn cinema_shows(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
    Query(q): Query<DateQuery>,
) -> ApiResult<Response> {
    let index = locale_of(&app, locale);
    found(index.cinema(&slug), "cinema", &slug)?;
    let query = q.schedule()?;
    Ok(schedule_answer(
        &app,
        locale,
        "cinema",
        &slug,
        "",
        &query,
        || app.content.site(locale.site).of_cinema(&slug),
    ))
}

/// Schedule of every cinema of a city, one day or all: days → shows → showtimes (each
/// showtime names its cinema), in time order.
async fn city_shows(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
    Query(q): Query<DateQuery>,
) -> ApiResult<Response> {
    let index = locale_of(&app, locale);
    found(index.city(&slug), "city", &slug)?;
    let query = q.schedule()?;
    let site = app.content.site(locale.site);
    Ok(schedule_answer(
        &app,
        locale,
        "city",
        &slug,
        "",
        &query,
        || {
            index
                .content
                .cinemas
                .iter()
                .filter(|c| c.cinema.city_slug == slug)
                .flat_map(|c| site.of_cinema(&c.cinema.slug))
        },
    ))
}

async fn cinema_translate(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Translations>> {
    let cinema = found(locale_of(&app, locale).cinema(&slug), "cinema", &slug)?;
    Ok(Json(translations(
        &app,
        locale,
        Translatable::Cinema,
        &cinema.cinema.vista_ref,
    )))
}

async fn cities(State(app): State<AppState>, locale: Locale) -> Json<Vec<City>> {
    Json(
        locale_of(&app, locale)
            .content
            .cities
            .iter()
            .map(|c| c.city.clone())
            .collect(),
    )
}

async fn city(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<CityDetail>> {
    let index = locale_of(&app, locale);
    let mut detail = found(index.city(&slug), "city", &slug)?.clone();
    detail.cinemas = index
        .content
        .cinemas
        .iter()
        .filter(|c| c.cinema.city_slug == slug)
        .map(|c| c.cinema.clone())
        .collect();
    let here = detail.cinemas.iter().find_map(position);
    if let Some(here) = here {
        let mut others: Vec<(f64, CityLink)> = Vec::new();
        for c in &index.content.cinemas {
            if c.cinema.city_slug == slug
                || others.iter().any(|(_, l)| l.slug == c.cinema.city_slug)
            {
                continue;
            }
            if let Some(p) = position(&c.cinema) {
                others.push((
                    distance_km(here, p),
                    CityLink {
                        slug: c.cinema.city_slug.clone(),
                        name: c.cinema.city.clone(),
                    },
                ));
            }
        }
        others.sort_by(|a, b| a.0.total_cmp(&b.0));
        detail.nearby = others
            .into_iter()
            .take(NEARBY_CITIES)
            .map(|(_, l)| l)
            .collect();
    }
    Ok(Json(detail))
}

async fn zones(State(app): State<AppState>, locale: Locale) -> Json<Vec<Zone>> {
    Json(locale_of(&app, locale).content.zones.clone())
}

async fn zone(
    State(app): State<AppState>,
    locale: Locale,
    Path(id): Path<String>,
) -> ApiResult<Json<Zone>> {
    let zone = locale_of(&app, locale)
        .content
        .zones
        .iter()
        .find(|z| z.id == id)
        .cloned();
    Ok(Json(found(zone, "zone", &id)?))
}

/// The CDN's location of the visitor (Cloudflare's visitor location headers): their city's
/// name, and their position.
const CITY_HEADER: &str = "cf-ipcity";
const LATITUDE_HEADER: &str = "cf-iplatitude";
const LONGITUDE_HEADER: &str = "cf-iplongitude";

/// The zone the visitor is in (spec §4: the locator's "backend geolocation", asked when the
/// browser's is refused or unavailable): the zone named as the CDN's city (accents and case
/// ignored), else the zone nearest the CDN's position; `null` when the CDN says nothing usable
/// (an answer, not an error: the browser would log a 404 on every page without a choice).
async fn zone_here(
    State(app): State<AppState>,
    locale: Locale,
    headers: axum::http::HeaderMap,
) -> ApiResult<Response> {
    use axum::response::IntoResponse;
    let zones = &locale_of(&app, locale).content.zones;
    // A city's name may come in UTF-8 ("Évry"): read the bytes, not only visible ASCII.
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| std::str::from_utf8(v.as_bytes()).ok())
            .map(str::trim)
            .filter(|v| !v.is_empty())
    };
    let by_name = header(CITY_HEADER).and_then(|city| {
        let city = site::text::fold(city);
        zones.iter().find(|z| site::text::fold(&z.name) == city)
    });
    let position = header(LATITUDE_HEADER)
        .zip(header(LONGITUDE_HEADER))
        .and_then(|(lat, lon)| Some((lat.parse::<f64>().ok()?, lon.parse::<f64>().ok()?)))
        .filter(|(lat, lon)| lat.is_finite() && lon.is_finite());
    let nearest = || {
        let here = position?;
        zones
            .iter()
            .filter_map(|z| {
                z.position
                    .as_ref()
                    .map(|p| (distance_km(here, (p.x, p.y)), z))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, z)| z)
    };
    let zone = by_name.or_else(nearest).cloned();
    // The answer depends on who asks: never shared by a cache.
    Ok((
        [
            (axum::http::header::CACHE_CONTROL, "private, no-store"),
            (
                axum::http::header::VARY,
                "CF-IPCity, CF-IPLatitude, CF-IPLongitude",
            ),
        ],
        Json(zone),
    )
        .into_response())
}
