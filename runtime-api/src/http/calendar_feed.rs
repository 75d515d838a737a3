//! A signed-in client's private calendar feed (issue 17, item 1): the upcoming showtimes of
//! the films on their wish list at their favourite cinemas of the site, as an iCalendar feed
//! (`webcal:`) behind a secret in its URL, which the client creates (replacing the one they
//! had) and revokes from their account.
//!
//! - `POST /accounts/me/calendar-feed` (bearer): a new secret; answers the feed's URL, the
//!   only time it is told (the store keeps the secret's hash, `client_store::calendar_tokens`).
//! - `DELETE /accounts/me/calendar-feed` (bearer): the feed answers no more; says whether
//!   there was one.
//! - `GET /calendar/{token}/feed.ics` (no sign-in: a calendar application polls it): the feed,
//!   or 404 for a secret that is unknown, revoked, replaced or another site's; rate limited
//!   per address (`calendar_feeds_per_minute`) before the look-up, so guesses spend a quota.
//!
//! The events are those of `/showtimes/{id}/calendar.ics` (`content::calendar`): same `UID`,
//! times and text. Choices (no favourite cinema: an empty feed; `private, no-store`):
//! docs/decisions.md, "Private calendar feed".

use crate::http::auth::SignedIn;
use crate::http::cards::PeerAddress;
use crate::http::content::calendar::{showtime_event_now, TEXT_CALENDAR};
use crate::http::doc::ApiRouter;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use schemars::JsonSchema;
use serde::Serialize;
use site::calendar::write_calendar;
use std::collections::HashSet;

/// The feed's path under `/api`, the secret in place of `{token}`.
pub const FEED_PATH: &str = "/calendar/{token}/feed.ics";
/// Where the feed's path starts: logs keep it without the secret (`observe::loggable_path`).
pub const FEED_PREFIX: &str = "/api/calendar/";
/// Most events one feed carries (the soonest): a feed stays a few hundred kilobytes at most.
pub const MAX_FEED_EVENTS: usize = 500;

/// Too many feed requests from one address: 429 with Retry-After.
const LIMITED: &[StatusCode] = &[StatusCode::TOO_MANY_REQUESTS];

pub fn router() -> ApiRouter {
    ApiRouter::new("calendar")
        .post(
            "/accounts/me/calendar-feed",
            create,
            "Creates the client's private calendar feed, replacing the one they had; answers its URL (told once)",
        )
        .bearer()
        .answers::<CalendarFeedCreated>()
        .delete(
            "/accounts/me/calendar-feed",
            revoke,
            "Revokes the client's private calendar feed: its URL answers 404 from now on",
        )
        .bearer()
        .unlocalized()
        .answers::<CalendarFeedRevoked>()
        .get(
            FEED_PATH,
            feed,
            "A client's private calendar feed (RFC 5545): upcoming showtimes of their wish list at their favourite cinemas",
        )
        .errors(LIMITED)
        .answers_text(TEXT_CALENDAR)
        // A feed (and a new secret) is one client's: no cache keeps it, so a revoked feed is
        // never answered again.
        .map_router(|r| {
            r.layer(axum::middleware::map_response(
                |mut response: Response| async move {
                    response.headers_mut().insert(
                        header::CACHE_CONTROL,
                        HeaderValue::from_static("private, no-store"),
                    );
                    response
                },
            ))
        })
}

/// A new feed: its URL over HTTP(S), and the same as `webcal:` for calendar applications.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeedCreated {
    /// `https://{host}/api/calendar/{token}/feed.ics` (`http:` on `{site}.localhost`).
    url: String,
    /// The same URL with the `webcal:` scheme, which opens a calendar application.
    webcal_url: String,
}

async fn create(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    headers: HeaderMap,
) -> ApiResult<Json<CalendarFeedCreated>> {
    let secret = app
        .live()?
        .store
        .create_calendar_token(&who.client.id, locale.site.code())
        .await?;
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let (url, webcal_url) = feed_urls(host, &secret, locale);
    Ok(Json(CalendarFeedCreated { url, webcal_url }))
}

/// The feed's URLs on `host`: HTTPS unless the host is a local one (`…localhost`, an
/// address), whose servers speak plain HTTP; the language when it is not the site's default.
pub fn feed_urls(host: &str, secret: &str, locale: Locale) -> (String, String) {
    let name = host.rsplit_once(':').map_or(host, |(name, _)| name);
    let local = name == "localhost"
        || name.ends_with(".localhost")
        || name.parse::<std::net::IpAddr>().is_ok();
    let scheme = if local { "http" } else { "https" };
    let query = if locale.lang == locale.site.default_language() {
        String::new()
    } else {
        format!("?language={}", locale.lang.code())
    };
    let rest = format!(
        "//{host}/api{}{query}",
        FEED_PATH.replace("{token}", secret)
    );
    (format!("{scheme}:{rest}"), format!("webcal:{rest}"))
}

/// The answer of a revocation.
#[derive(Serialize, JsonSchema)]
pub struct CalendarFeedRevoked {
    /// Whether the client had a feed (revoking none is no error).
    revoked: bool,
}

async fn revoke(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
) -> ApiResult<Json<CalendarFeedRevoked>> {
    let revoked = app
        .live()?
        .store
        .revoke_calendar_token(&who.client.id, locale.site.code())
        .await?;
    Ok(Json(CalendarFeedRevoked { revoked }))
}

/// One answer for every secret that opens nothing: nothing to tell apart.
fn no_feed() -> ApiError {
    ApiError::not_found("calendar feed", "(secret not shown)")
}

async fn feed(
    State(app): State<AppState>,
    locale: Locale,
    PeerAddress(peer): PeerAddress,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let live = app.live()?;
    let address = crate::rate_limit::client_address(
        peer.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |p| p.ip()),
        &headers,
        &live.trusted_proxies,
    );
    live.calendar_limiter
        .check(address)
        .map_err(|retry_after| ApiError::TooManyRequests { retry_after })?;
    let owner = live
        .store
        .calendar_feed_owner(&token)
        .await?
        .filter(|owner| owner.site == locale.site.code())
        .ok_or_else(no_feed)?;
    let site = locale.site;
    let favourites = live.store.favourites(&owner.client_id, site.code()).await?;
    let wished: Vec<String> = live
        .store
        .all_feelings(&owner.client_id)
        .await?
        .into_iter()
        .filter(|f| f.intention.is_some())
        .map(|f| f.slug)
        .collect();
    // Favourites and wish-list entries are slugs of the language they were chosen in: matched
    // by the cinema's and the show's reference, whatever the feed's language.
    let mut cinema_refs = HashSet::new();
    let mut show_refs = HashSet::new();
    for &lang in site.languages() {
        let index = app.content.locale(site, lang);
        cinema_refs.extend(
            favourites
                .iter()
                .filter_map(|slug| index.cinema(slug))
                .map(|c| c.cinema.vista_ref.clone()),
        );
        show_refs.extend(
            wished
                .iter()
                .filter_map(|slug| index.show(slug))
                .map(|s| s.reference.clone()),
        );
    }
    let index = app.content.locale(site, locale.lang);
    let now = app.clock.now();
    let mut chosen: Vec<_> = app
        .content
        .site(site)
        .showtimes
        .iter()
        .filter(|s| s.datetime >= now)
        .filter(|s| {
            index
                .show(&s.show)
                .is_some_and(|show| show_refs.contains(&show.reference))
        })
        .filter_map(|s| {
            index
                .cinema(&s.cinema)
                .filter(|c| cinema_refs.contains(&c.cinema.vista_ref))
                .map(|c| (s, c))
        })
        .collect();
    chosen.sort_by(|(a, _), (b, _)| a.datetime.cmp(&b.datetime).then(a.id.cmp(&b.id)));
    chosen.truncate(MAX_FEED_EVENTS);
    let events: Vec<_> = chosen
        .into_iter()
        .map(|(s, cinema)| showtime_event_now(&app, site, index, s, cinema, now))
        .collect();
    let tz: chrono_tz::Tz = site.time_zone().parse().expect("sites name valid zones");
    let name = app.locales.text(locale.lang, "calendarFeed.name");
    let mut response = write_calendar(tz, Some(&name), now, &events).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(TEXT_CALENDAR),
    );
    // The URL is the secret: no page it leads to learns it.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;
    use site::{Lang, Site};

    #[test]
    fn feed_urls_are_https_on_real_hosts_and_name_a_language_other_than_the_default() {
        let fr = Locale {
            site: Site::Fr,
            lang: Site::Fr.default_language(),
        };
        assert_eq!(
            feed_urls("www.example.fr", "S3CRET", fr),
            (
                "https://www.example.fr/api/calendar/S3CRET/feed.ics".to_string(),
                "webcal://www.example.fr/api/calendar/S3CRET/feed.ics".to_string()
            )
        );
        let en = Locale {
            site: Site::Fr,
            lang: Lang::En,
        };
        assert_eq!(
            feed_urls("fr.localhost:8481", "S3CRET", en).0,
            "http://fr.localhost:8481/api/calendar/S3CRET/feed.ics?language=en"
        );
    }
}
