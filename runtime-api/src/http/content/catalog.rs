//! Shows, events and experiences: `/shows`, `/show/{slug}` (+ `/translate`, `/cinemas`,
//! `/showtimes/{cinema}/{date}`), `/vod`, `/tags`, `/versions`, `/events`, `/event/{slug}`
//! (+ `/shows`), `/gpxp`, `/gpxp/{slug}` (+ `/shows`), `/technologies`,
//! `/experience-group/{slug}`.

use super::answer::{found, live, locale_of, schedule_answer, translations};
use super::places::{parse_date, DateQuery};
use crate::content::index::Translatable;
use crate::http::doc::ApiRouter;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use site::content::*;
use std::collections::BTreeMap;

/// A show taken down for good answers 410 (spec §8).
const GONE: &[StatusCode] = &[StatusCode::GONE];

pub fn router() -> ApiRouter {
    ApiRouter::new("catalog")
        .get("/shows", shows, "Shows on the site (now showing and coming soon)")
        .answers::<Vec<ShowSummary>>()
        .get("/shows/gone", gone_shows, "Slugs of shows taken down for good (their pages answer 410)")
        .answers::<Vec<String>>()
        .get("/show/{slug}", show, "A show in detail")
        .errors(GONE)
        .answers::<Show>()
        .get("/show/{slug}/translate", show_translate, "The show's slug in every language of the site")
        .errors(GONE)
        .answers::<Translations>()
        .get("/show/{slug}/shows", show_schedule, "A show's schedule across cinemas (all days, or one with ?date; one cinema with ?cinema)")
        .query(&["date", "embed", "cinema"])
        .errors(GONE)
        .answers::<Schedule>()
        .get("/show/{slug}/cinemas", show_cinemas, "Cinemas playing the show")
        .errors(GONE)
        .answers::<Vec<Cinema>>()
        .get("/show/{slug}/showtimes/{cinema}/{date}", show_showtimes, "A show's showtimes at one cinema on one day")
        .errors(GONE)
        .answers::<Vec<Showtime>>()
        .get("/vod", vod, "Shows to watch at home")
        .answers::<Vec<ShowVod>>()
        .get("/tags", tags, "Tags (experiences, accessibility…)")
        .answers::<Vec<Tag>>()
        .get("/versions", versions, "Versions (VF, VOST…)")
        .answers::<Vec<Version>>()
        .get("/events", events, "Event shows and seasons")
        .answers::<EventsPage>()
        .get("/event/{slug}", event, "A season or special event with its showtimes per cinema")
        .answers::<SeasonDetail>()
        .get("/event/{slug}/showtimes", event_schedule, "A season's schedule across cinemas (all days, or one with ?date; one cinema with ?cinema)")
        .query(&["date", "embed", "cinema"])
        .answers::<Schedule>()
        .get("/event/{slug}/shows", event_shows, "Shows of a season")
        .answers::<Vec<ShowSummary>>()
        .get("/gpxp", experiences, "Experiences")
        .answers::<Vec<Experience>>()
        .get("/gpxp/{slug}", experience, "An experience")
        .answers::<Experience>()
        .get("/gpxp/{slug}/shows", experience_shows, "Schedule of an experience")
        .query(&["date", "embed"])
        .answers::<Schedule>()
        .get("/technologies", technologies, "Projection and sound technologies")
        .answers::<Vec<Technology>>()
        .get("/experience-group/{slug}", experience_group, "An experience group with its articles")
        .answers::<ExperienceGroup>()
        .get("/experience-groups", experience_groups, "Experience groups")
        .answers::<Vec<ExperienceGroup>>()
}

async fn shows(State(app): State<AppState>, locale: Locale) -> Json<Vec<ShowSummary>> {
    let gone = &app.content.site(locale.site).gone_shows;
    Json(
        locale_of(&app, locale)
            .content
            .shows
            .iter()
            .filter(|s| !gone.contains(&s.slug))
            .map(Show::summary)
            .collect(),
    )
}

/// Our addition to spec §7: slugs of shows taken down for good, so the generator can answer
/// 410 for their old addresses.
async fn gone_shows(State(app): State<AppState>, locale: Locale) -> Json<Vec<String>> {
    let mut gone: Vec<String> = app
        .content
        .site(locale.site)
        .gone_shows
        .iter()
        .cloned()
        .collect();
    gone.sort();
    Json(gone)
}

/// A show that is gone answers 410 (spec §8), an unknown one 404.
fn live_show<'a>(app: &'a AppState, locale: Locale, slug: &str) -> ApiResult<&'a Show> {
    if app.content.site(locale.site).gone_shows.contains(slug) {
        return Err(ApiError::Gone {
            kind: "show",
            slug: slug.to_string(),
        });
    }
    found(locale_of(app, locale).show(slug), "show", slug)
}

async fn show(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Show>> {
    Ok(Json(live_show(&app, locale, &slug)?.clone()))
}

async fn show_translate(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Translations>> {
    let show = live_show(&app, locale, &slug)?;
    Ok(Json(translations(
        &app,
        locale,
        Translatable::Show,
        &show.reference,
    )))
}

async fn show_cinemas(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Response> {
    live_show(&app, locale, &slug)?;
    let index = locale_of(&app, locale);
    let mut slugs: Vec<&str> = app
        .content
        .site(locale.site)
        .of_show(&slug)
        .map(|s| s.cinema.as_str())
        .collect();
    slugs.sort_unstable();
    slugs.dedup();
    let cinemas: Vec<Cinema> = slugs
        .into_iter()
        .filter_map(|c| index.cinema(c))
        .map(|c| c.cinema.clone())
        .collect();
    Ok(live(cinemas))
}

async fn show_showtimes(
    State(app): State<AppState>,
    locale: Locale,
    Path((slug, cinema, date)): Path<(String, String, String)>,
) -> ApiResult<Response> {
    live_show(&app, locale, &slug)?;
    let index = locale_of(&app, locale);
    found(index.cinema(&cinema), "cinema", &cinema)?;
    let day = parse_date(Some(&date))?;
    let now = app.clock.now();
    let showtimes: Vec<Showtime> = app
        .content
        .site(locale.site)
        .of_show(&slug)
        .filter(|s| s.cinema == cinema && Some(s.datetime.date_naive()) == day)
        .map(|s| app.content.present_showtime(locale.site, index, s, now))
        .collect();
    Ok(live(showtimes))
}

/// Films available at home. A show gone from the cinemas may still be on VOD, but its page
/// answers 410, so it is not linked from here.
async fn vod(State(app): State<AppState>, locale: Locale) -> Json<Vec<ShowVod>> {
    let gone = &app.content.site(locale.site).gone_shows;
    Json(
        locale_of(&app, locale)
            .content
            .vod
            .iter()
            .filter(|v| !gone.contains(&v.slug))
            .cloned()
            .collect(),
    )
}

async fn tags(State(app): State<AppState>, locale: Locale) -> Json<Vec<Tag>> {
    Json(locale_of(&app, locale).content.tags.clone())
}

async fn versions(State(app): State<AppState>, locale: Locale) -> Json<Vec<Version>> {
    Json(locale_of(&app, locale).content.versions.clone())
}

async fn events(State(app): State<AppState>, locale: Locale) -> Json<EventsPage> {
    let content = &locale_of(&app, locale).content;
    let gone = &app.content.site(locale.site).gone_shows;
    Json(EventsPage {
        seasons: content
            .seasons
            .iter()
            .filter(|s| s.season.active)
            .map(|s| s.season.clone())
            .collect(),
        shows: content
            .shows
            .iter()
            .filter(|s| !s.is_movie && !gone.contains(&s.slug))
            .map(Show::summary)
            .collect(),
    })
}

fn season_show_slugs<'a>(app: &'a AppState, locale: Locale, season: &SeasonDetail) -> &'a [String] {
    locale_of(app, locale)
        .content
        .season_shows
        .get(&season.season.reference)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// A season or special event with its showtimes per cinema and show. One that moved carries
/// `redirectSlug` (spec §2 season guard) and no showtimes.
async fn event(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Response> {
    let index = locale_of(&app, locale);
    let mut season = found(index.season(&slug), "event", &slug)?.clone();
    if season.season.redirect_slug.is_none() {
        let now = app.clock.now();
        let site = app.content.site(locale.site);
        let mut by_cinema: BTreeMap<String, BTreeMap<String, Vec<Showtime>>> = BTreeMap::new();
        for show in season_show_slugs(&app, locale, &season) {
            for s in site.of_show(show) {
                let presented = app.content.present_showtime(locale.site, index, s, now);
                by_cinema
                    .entry(s.cinema.clone())
                    .or_default()
                    .entry(show.clone())
                    .or_default()
                    .push(presented);
            }
        }
        season.showtimes = by_cinema;
    }
    Ok(live(season))
}

async fn event_shows(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Vec<ShowSummary>>> {
    let index = locale_of(&app, locale);
    let season = found(index.season(&slug), "event", &slug)?;
    Ok(Json(
        season_show_slugs(&app, locale, season)
            .iter()
            .filter_map(|s| index.show(s))
            .map(Show::summary)
            .collect(),
    ))
}

async fn experiences(State(app): State<AppState>, locale: Locale) -> Json<Vec<Experience>> {
    Json(locale_of(&app, locale).content.experiences.clone())
}

async fn experience(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Experience>> {
    Ok(Json(
        found(
            locale_of(&app, locale).experience(&slug),
            "experience",
            &slug,
        )?
        .clone(),
    ))
}

/// Schedule of the showtimes in an experience's halls, across the site's cinemas.
async fn experience_shows(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
    Query(q): Query<DateQuery>,
) -> ApiResult<Response> {
    let index = locale_of(&app, locale);
    let experience = found(index.experience(&slug), "experience", &slug)?;
    let tag = experience.tag.clone().unwrap_or_else(|| slug.clone());
    let query = q.schedule()?;
    Ok(schedule_answer(
        &app,
        locale,
        "experience",
        &slug,
        "",
        &query,
        || {
            app.content
                .site(locale.site)
                .showtimes
                .iter()
                .filter(|s| s.tags.contains(&tag))
        },
    ))
}

/// A show's schedule across the site's cinemas (or one, with `?cinema=`), one day or all.
async fn show_schedule(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
    Query(q): Query<ShowScheduleQuery>,
) -> ApiResult<Response> {
    live_show(&app, locale, &slug)?;
    if let Some(cinema) = q.cinema.as_deref() {
        found(locale_of(&app, locale).cinema(cinema), "cinema", cinema)?;
    }
    let query = DateQuery {
        date: q.date.clone(),
        embed: q.embed,
    }
    .schedule()?;
    let cinema = q.cinema.as_deref();
    Ok(schedule_answer(
        &app,
        locale,
        "show",
        &slug,
        cinema.unwrap_or(""),
        &query,
        || {
            app.content
                .site(locale.site)
                .of_show(&slug)
                .filter(move |s| cinema.is_none_or(|c| s.cinema == c))
        },
    ))
}

#[derive(serde::Deserialize)]
struct ShowScheduleQuery {
    date: Option<String>,
    embed: Option<bool>,
    cinema: Option<String>,
}

/// A season's (or special event's) schedule across cinemas (or one, with `?cinema=`), one
/// day or all: what a season page's island shows of the cinema the visitor chose.
async fn event_schedule(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
    Query(q): Query<ShowScheduleQuery>,
) -> ApiResult<Response> {
    let season = found(locale_of(&app, locale).season(&slug), "event", &slug)?;
    if let Some(cinema) = q.cinema.as_deref() {
        found(locale_of(&app, locale).cinema(cinema), "cinema", cinema)?;
    }
    let query = DateQuery {
        date: q.date.clone(),
        embed: q.embed,
    }
    .schedule()?;
    let site = app.content.site(locale.site);
    let cinema = q.cinema.as_deref();
    Ok(schedule_answer(
        &app,
        locale,
        "event",
        &slug,
        cinema.unwrap_or(""),
        &query,
        || {
            season_show_slugs(&app, locale, season)
                .iter()
                .flat_map(|show| site.of_show(show))
                .filter(move |s| cinema.is_none_or(|c| s.cinema == c))
        },
    ))
}

async fn technologies(State(app): State<AppState>, locale: Locale) -> Json<Vec<Technology>> {
    Json(locale_of(&app, locale).content.technologies.clone())
}

async fn experience_group(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<ExperienceGroup>> {
    Ok(Json(
        found(
            locale_of(&app, locale).experience_group(&slug),
            "experience group",
            &slug,
        )?
        .clone(),
    ))
}

/// Our addition to spec §7 (which has no listing call): every experience group.
async fn experience_groups(
    State(app): State<AppState>,
    locale: Locale,
) -> Json<Vec<ExperienceGroup>> {
    Json(locale_of(&app, locale).content.experience_groups.clone())
}
