//! A signed-in client's private calendar feed (issue 17, item 1) over the real router and a
//! real SQLite store: created and revoked from the account calls, answered behind its secret
//! only, read back by a real iCalendar parser (the `icalendar` crate), with exactly the
//! upcoming showtimes of the wish list at the favourite cinemas, each the same event as the
//! showtime's own file.

use crate::common::*;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, StatusCode};
use icalendar::parser::{read_calendar, unfold};
use serde_json::Value;
use site::brand::Brand;
use site::Site;
use std::collections::BTreeSet;

const FR: &str = "fr.localhost";
const CH: &str = "ch.localhost";
const CREATE: &str = "/api/accounts/me/calendar-feed";

/// A feed request from `ip` (each test its own address: the feeds are rate limited).
async fn feed_get(host: &str, path: &str, ip: [u8; 4]) -> Reply {
    let mut req = request(Method::GET, host, path, &[], Body::empty());
    req.extensions_mut()
        .insert(ConnectInfo(std::net::SocketAddr::from((ip, 40000))));
    send_live(req).await
}

/// Creates the client's feed; its URL's path (and query).
async fn create_feed(bearer: &str) -> String {
    let reply = call(Method::POST, FR, CREATE, Some(bearer), None).await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(reply.header("cache-control"), Some("private, no-store"));
    let body = reply.json();
    let url = body["url"].as_str().expect("url").to_string();
    let webcal = body["webcalUrl"].as_str().expect("webcalUrl");
    assert!(
        url.starts_with("http://fr.localhost/api/calendar/"),
        "{url}"
    );
    assert!(url.ends_with("/feed.ics"), "{url}");
    assert_eq!(
        webcal.strip_prefix("webcal:"),
        url.strip_prefix("http:"),
        "the same URL as webcal:"
    );
    url.strip_prefix("http://fr.localhost").unwrap().to_string()
}

/// The events of a feed, by UID, each as its unfolded lines without DTSTAMP.
fn events(text: &str) -> Vec<(String, Vec<String>)> {
    let unfolded = unfold(text);
    let calendar = read_calendar(&unfolded).unwrap_or_else(|e| panic!("{e}\n{text}"));
    calendar
        .components
        .iter()
        .filter(|c| c.name == "VEVENT")
        .map(|c| {
            let uid = c
                .properties
                .iter()
                .find(|p| p.name == "UID")
                .expect("a UID")
                .val
                .to_string();
            let mut lines: Vec<String> = c
                .properties
                .iter()
                .filter(|p| p.name != "DTSTAMP")
                .map(|p| format!("{}:{}", p.name, p.val))
                .collect();
            lines.sort();
            (uid, lines)
        })
        .collect()
}

fn uid_of(showtime_id: &str) -> String {
    let brand = Brand::from_json(BRAND_JSON).unwrap();
    format!(
        "{showtime_id}@{}",
        site::calendar::uid_host(&brand, Site::Fr)
    )
}

/// A film and a cinema with upcoming showtimes, and another cinema showing the film.
fn film_and_cinemas() -> (String, String, Option<String>) {
    let fr = site_content(Site::Fr);
    let first = fr
        .showtimes
        .iter()
        .find(|s| s.datetime >= now())
        .expect("an upcoming showtime");
    let other = fr
        .showtimes
        .iter()
        .find(|s| s.show == first.show && s.cinema != first.cinema && s.datetime >= now())
        .map(|s| s.cinema.clone());
    (first.show.clone(), first.cinema.clone(), other)
}

#[tokio::test]
async fn the_feed_holds_exactly_the_upcoming_wish_list_showtimes_at_the_favourite_cinemas() {
    let ip = [10, 1, 0, 1];
    let bearer = token(Site::Fr, "feed-content@example.org");
    let id = client_id("feed-content@example.org");
    let (film, cinema, other_cinema) = film_and_cinemas();
    call(
        Method::POST,
        FR,
        &format!("/api/client/{id}/cinema/{cinema}"),
        Some(&bearer),
        None,
    )
    .await
    .assert_status(StatusCode::OK);
    call(
        Method::POST,
        FR,
        &format!("/api/client/{id}/show/{film}/intention"),
        Some(&bearer),
        None,
    )
    .await
    .assert_status(StatusCode::OK);
    let path = create_feed(&bearer).await;

    let reply = feed_get(FR, &path, ip).await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(
        reply.header("content-type"),
        Some("text/calendar; charset=utf-8")
    );
    assert_eq!(reply.header("cache-control"), Some("private, no-store"));
    assert_eq!(reply.header("referrer-policy"), Some("no-referrer"));
    let text = reply.text();
    assert!(text.contains("X-WR-CALNAME:"), "the feed is named");
    let got = events(&text);
    let uids: BTreeSet<String> = got.iter().map(|(uid, _)| uid.clone()).collect();
    assert_eq!(uids.len(), got.len(), "each showtime once");
    let expected: BTreeSet<String> = site_content(Site::Fr)
        .showtimes
        .iter()
        .filter(|s| s.show == film && s.cinema == cinema && s.datetime >= now())
        .map(|s| uid_of(&s.id))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(uids, expected);
    if let Some(other) = other_cinema {
        // The film's showtimes at a cinema that is not a favourite are not in the feed.
        assert!(site_content(Site::Fr)
            .showtimes
            .iter()
            .filter(|s| s.show == film && s.cinema == other)
            .all(|s| !uids.contains(&uid_of(&s.id))));
    }

    // Each event is the showtime's own file's event.
    let first = site_content(Site::Fr)
        .showtimes
        .iter()
        .find(|s| uids.contains(&uid_of(&s.id)))
        .unwrap();
    let own = get(FR, &format!("/api/showtimes/{}/calendar.ics", first.id)).await;
    own.assert_status(StatusCode::OK);
    let own = events(&own.text());
    assert_eq!(own.len(), 1);
    let in_feed = got.iter().find(|(uid, _)| *uid == own[0].0).unwrap();
    assert_eq!(in_feed, &own[0]);
}

#[tokio::test]
async fn the_feed_is_refused_without_its_secret_on_another_site_and_to_a_guess() {
    let ip = [10, 1, 0, 2];
    let bearer = token(Site::Fr, "feed-refused@example.org");
    let path = create_feed(&bearer).await;
    feed_get(FR, &path, ip).await.assert_status(StatusCode::OK);
    let secret = path
        .strip_prefix("/api/calendar/")
        .and_then(|p| p.strip_suffix("/feed.ics"))
        .unwrap();
    let mut guess: Vec<char> = secret.chars().collect();
    guess[0] = if guess[0] == 'A' { 'B' } else { 'A' };
    let guess: String = guess.into_iter().collect();
    for wrong in [
        format!("/api/calendar/{guess}/feed.ics"),
        "/api/calendar/x/feed.ics".to_string(),
        format!("/api/calendar/{}/feed.ics", secret.to_lowercase()),
    ] {
        if wrong == path {
            continue;
        }
        let reply = feed_get(FR, &wrong, ip).await;
        reply.assert_status(StatusCode::NOT_FOUND);
        assert!(!reply.text().contains(secret));
    }
    // The FR client's feed is not the Swiss site's.
    feed_get(CH, &path, ip)
        .await
        .assert_status(StatusCode::NOT_FOUND);
    // The account calls need the client's bearer token.
    call(Method::POST, FR, CREATE, None, None)
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    call(Method::DELETE, FR, CREATE, None, None)
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    call(Method::DELETE, FR, CREATE, Some("not-a-token"), None)
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    // Logs keep the feed's path without its secret.
    let logged = runtime_api::http::observe::loggable_path(&path);
    assert!(!logged.contains(secret), "{logged}");
}

#[tokio::test]
async fn a_new_secret_stops_the_old_one_and_a_revoked_feed_answers_404() {
    let ip = [10, 1, 0, 3];
    let bearer = token(Site::Fr, "feed-revoked@example.org");
    let old = create_feed(&bearer).await;
    let new = create_feed(&bearer).await;
    assert_ne!(old, new);
    feed_get(FR, &old, ip)
        .await
        .assert_status(StatusCode::NOT_FOUND);
    feed_get(FR, &new, ip).await.assert_status(StatusCode::OK);
    let reply = call(Method::DELETE, FR, CREATE, Some(&bearer), None).await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(reply.json()["revoked"], true);
    assert_eq!(reply.header("cache-control"), Some("private, no-store"));
    feed_get(FR, &new, ip)
        .await
        .assert_status(StatusCode::NOT_FOUND);
    // Revoking again is harmless, and says there was nothing.
    let reply = call(Method::DELETE, FR, CREATE, Some(&bearer), None).await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(reply.json()["revoked"], false);
    // A feed created after a revocation works.
    let again = create_feed(&bearer).await;
    feed_get(FR, &again, ip).await.assert_status(StatusCode::OK);
}

#[tokio::test]
async fn without_a_favourite_cinema_the_feed_is_an_empty_calendar() {
    let ip = [10, 1, 0, 4];
    let bearer = token(Site::Fr, "feed-empty@example.org");
    let id = client_id("feed-empty@example.org");
    let (film, _, _) = film_and_cinemas();
    call(
        Method::POST,
        FR,
        &format!("/api/client/{id}/show/{film}/intention"),
        Some(&bearer),
        None,
    )
    .await
    .assert_status(StatusCode::OK);
    let path = create_feed(&bearer).await;
    let reply = feed_get(FR, &path, ip).await;
    reply.assert_status(StatusCode::OK);
    assert!(events(&reply.text()).is_empty());
}

#[tokio::test]
async fn feed_requests_are_rate_limited_per_address() {
    let ip = [10, 1, 0, 5];
    let limit = runtime_api::config::Config::default().calendar_feeds_per_minute;
    let guess = format!("/api/calendar/{}/feed.ics", "A".repeat(32));
    for _ in 0..limit {
        feed_get(FR, &guess, ip)
            .await
            .assert_status(StatusCode::NOT_FOUND);
    }
    let limited = feed_get(FR, &guess, ip).await;
    limited.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.header("retry-after").is_some());
    // Another address has its own quota.
    feed_get(FR, &guess, [10, 1, 0, 6])
        .await
        .assert_status(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_feed_calls_are_in_the_openapi_document() {
    let reply = get(FR, "/api/openapi.json").await;
    reply.assert_status(StatusCode::OK);
    let doc: Value = reply.json();
    let paths = &doc["paths"];
    assert!(paths["/api/accounts/me/calendar-feed"]["post"].is_object());
    assert!(paths["/api/accounts/me/calendar-feed"]["delete"].is_object());
    let feed = &paths["/api/calendar/{token}/feed.ics"]["get"];
    assert!(feed.is_object(), "{}", truncate(paths));
    assert!(feed["responses"]["429"].is_object());
}
