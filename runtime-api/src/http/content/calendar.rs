//! "Add to calendar" (issue 17, item 1): `/showtimes/{id}/calendar.ics`, one showtime as an
//! iCalendar file (`site::calendar`), from the film's start to its real end
//! (`site::rules::film_times`), at the cinema of the Host's site.

use super::answer::{found, locale_of};
use crate::content::index::LocaleIndex;
use crate::http::doc::ApiRouter;
use crate::http::error::ApiResult;
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use site::calendar::{showtime_event, uid_host, write_calendar, CalendarEvent, ShowtimeFacts};
use site::content::{CinemaDetail, Showtime};

/// The media type of the answer.
pub const TEXT_CALENDAR: &str = "text/calendar; charset=utf-8";

pub fn router() -> ApiRouter {
    ApiRouter::new("calendar")
        .get(
            "/showtimes/{id}/calendar.ics",
            showtime_calendar,
            "One showtime as an iCalendar file (RFC 5545), to add to a calendar",
        )
        .answers_text(TEXT_CALENDAR)
}

async fn showtime_calendar(
    State(app): State<AppState>,
    locale: Locale,
    Path(id): Path<String>,
    uri: axum::http::Uri,
    request_headers: axum::http::HeaderMap,
) -> ApiResult<Response> {
    // A link followed from a page names no `language`: the page's language then, by the
    // site's rule (the `lang` cookie, else the browser's), as the sites choose it.
    let locale = if uri.query().is_some_and(|q| q.contains("language=")) {
        locale
    } else {
        Locale {
            site: locale.site,
            lang: site::request_language(
                locale.site,
                request_headers
                    .get_all(header::COOKIE)
                    .iter()
                    .filter_map(|v| v.to_str().ok()),
                request_headers
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok()),
            ),
        }
    };
    let index = locale_of(&app, locale);
    let site = locale.site;
    // An "add to calendar" click is rare: a scan of the site's showtimes, no index to keep.
    let showtime = app.content.site(site).showtimes.iter().find(|s| s.id == id);
    let showtime = found(showtime, "showtime", &id)?;
    let cinema = found(index.cinema(&showtime.cinema), "cinema", &showtime.cinema)?;
    let now = app.clock.now();
    let event = showtime_event_now(&app, site, index, showtime, cinema, now);
    let tz: chrono_tz::Tz = site.time_zone().parse().expect("sites name valid zones");
    let body = write_calendar(tz, None, now, &[event]);
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(TEXT_CALENDAR),
    );
    // The id is the content's: only its safe characters go into the file name.
    let file: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .take(80)
        .collect();
    let file = if file.is_empty() {
        "showtime".to_string()
    } else {
        file
    };
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{file}.ics\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(super::answer::LIVE_CACHE),
    );
    headers.insert(
        header::VARY,
        HeaderValue::from_static("Cookie, Accept-Language"),
    );
    Ok(response)
}

/// A showtime of `site` as its calendar event at `now` (its status and labels as presented
/// then): the one event of its own file and of the client's private feed
/// (`http::calendar_feed`), so both carry the same `UID` and times.
pub fn showtime_event_now(
    app: &AppState,
    site: site::Site,
    index: &LocaleIndex,
    showtime: &Showtime,
    cinema: &CinemaDetail,
    now: chrono::DateTime<chrono::Utc>,
) -> CalendarEvent {
    let s = app.content.present_showtime(site, index, showtime, now);
    let times = site::rules::film_times(
        site,
        s.datetime,
        cinema.pre_show_minutes,
        index.show(&s.show).and_then(|show| show.duration),
    );
    let title = index
        .show(&s.show)
        .map_or(s.show.as_str(), |show| show.title.as_str());
    let host = uid_host(&app.brand, site);
    showtime_event(
        &ShowtimeFacts {
            site_host: &host,
            id: &s.id,
            showtime_start: s.datetime,
            film_start: times.start,
            film_end: times.end,
            title,
            version: &s.version.label,
            auditorium: s.auditorium.as_deref(),
            booking_url: s.booking_url.as_deref(),
        },
        cinema,
    )
}
