//! Conditional content requests answered from the tags already given (`content::known_tags`):
//! a tag holds while its answer would be the same, and no longer: an answer with showtime
//! statuses stops being answered 304 once one of them changed (issue 16, no-change rebuild).

use crate::common::{now, request, snapshot, BRAND_JSON, LOCALES_DIR};
use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use chrono::{DateTime, Duration, Utc};
use runtime_api::clock::Clock;
use runtime_api::locales::Locales;
use runtime_api::router::app;
use runtime_api::state::AppState;
use site::brand::Brand;
use site::content::ShowtimeStatus;
use site::Site;
use std::path::{Path, PathBuf};
use tower::ServiceExt;

const FR: &str = "fr.localhost";

async fn ask(state: &AppState, uri: &str, tag: Option<&str>) -> (StatusCode, Option<String>) {
    let headers: Vec<(&str, &str)> = tag.map(|t| ("if-none-match", t)).into_iter().collect();
    let response = app(state.clone())
        .oneshot(request(Method::GET, FR, uri, &headers, Body::empty()))
        .await
        .expect("the router is infallible");
    let tag = response
        .headers()
        .get(header::ETAG)
        .and_then(|t| t.to_str().ok())
        .map(str::to_string);
    (response.status(), tag)
}

/// The API over the demo snapshot, its clock fixed at `now()`.
fn fixed_state() -> AppState {
    let brand = Brand::from_json(BRAND_JSON).expect("config/brand.json parses");
    let locales = Locales::load(Path::new(LOCALES_DIR)).expect("locales load");
    AppState::new(
        snapshot().clone(),
        brand,
        locales,
        PathBuf::from("out"),
        PathBuf::from("media"),
        Clock::Fixed(now()),
    )
}

#[tokio::test]
async fn a_known_tag_holds_until_a_status_in_its_answer_changes() {
    let state = fixed_state();
    // The first showtime of the site to stop being bookable after now, and its cinema.
    let site = snapshot().site(Site::Fr).expect("fr");
    let end = |s: &site::content::Showtime| -> DateTime<Utc> {
        s.reservability_end
            .unwrap_or(s.datetime)
            .with_timezone(&Utc)
    };
    let next = site
        .showtimes
        .iter()
        .filter(|s| s.status == ShowtimeStatus::Available && end(s) >= now())
        .min_by_key(|s| end(s))
        .expect("a bookable showtime after now");
    let changes = end(next);
    let schedule = format!("/api/cinema/{}/shows?embed=false&language=fr", next.cinema);
    let (status, tag) = ask(&state, &schedule, None).await;
    assert_eq!(status, StatusCode::OK);
    let tag = tag.expect("an ETag");
    let (_, list_tag) = ask(&state, "/api/cinemas?language=fr", None).await;
    let list_tag = list_tag.expect("an ETag");

    // Until the showtime's end, the tag holds: 304.
    for at in [now(), changes] {
        let later = state.clone().with_clock(Clock::Fixed(at));
        assert_eq!(
            ask(&later, &schedule, Some(&tag)).await.0,
            StatusCode::NOT_MODIFIED,
            "at {at}"
        );
    }
    // After it (and after the live cache's few seconds), the answer shows the showtime as no
    // longer bookable: the whole answer with another tag, not the 304 of the known one.
    let after = state
        .clone()
        .with_clock(Clock::Fixed(changes + Duration::minutes(1)));
    let (status, new_tag) = ask(&after, &schedule, Some(&tag)).await;
    assert_eq!(status, StatusCode::OK, "a status changed at {changes}");
    assert_ne!(new_tag.as_deref(), Some(tag.as_str()));
    // The new tag is known in turn.
    assert_eq!(
        ask(&after, &schedule, new_tag.as_deref()).await.0,
        StatusCode::NOT_MODIFIED
    );
    // An answer made of the snapshot alone holds whatever the time.
    let far = state.with_clock(Clock::Fixed(now() + Duration::days(400)));
    assert_eq!(
        ask(&far, "/api/cinemas?language=fr", Some(&list_tag))
            .await
            .0,
        StatusCode::NOT_MODIFIED
    );
}

/// `POST /api/content/revalidate` with `body` on `host`: the status and the `fresh` list
/// (none when the answer has none).
async fn revalidate(
    state: &AppState,
    host: &str,
    body: serde_json::Value,
) -> (StatusCode, Option<Vec<bool>>) {
    let response = app(state.clone())
        .oneshot(request(
            Method::POST,
            host,
            site::revalidate::PATH,
            &[("content-type", "application/json")],
            Body::from(body.to_string()),
        ))
        .await
        .expect("the router is infallible");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("a body");
    let fresh = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| serde_json::from_value(v["fresh"].clone()).ok());
    (status, fresh)
}

#[tokio::test]
async fn tags_are_revalidated_in_bulk_as_conditional_gets_would_answer() {
    let state = fixed_state();
    let cinemas = "/api/cinemas?language=fr";
    let shows = "/api/shows?language=fr";
    let (_, cinemas_tag) = ask(&state, cinemas, None).await;
    let cinemas_tag = cinemas_tag.expect("an ETag");
    let (_, shows_tag) = ask(&state, shows, None).await;
    let shows_tag = shows_tag.expect("an ETag");
    let calls = serde_json::json!({ "calls": [
        { "path": cinemas, "etag": cinemas_tag },
        { "path": shows, "etag": "\"not-its-tag\"" },
        { "path": "/api/cities?language=fr", "etag": shows_tag },
        { "path": shows, "etag": shows_tag },
        { "path": "/api/made-up?x=1", "etag": "\"x\"" },
        { "path": shows, "etag": "bad\ntag" },
    ]});
    // Fresh exactly where a GET with that tag answers 304: a tag the API gave and that holds
    // for that very call; never one it did not give (here, the cities were never asked).
    let (status, fresh) = revalidate(&state, FR, calls.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        fresh,
        Some(vec![true, false, false, true, false, false]),
        "{calls}"
    );
    assert_eq!(
        ask(&state, cinemas, Some(&cinemas_tag)).await.0,
        StatusCode::NOT_MODIFIED
    );
    // Tags are per site: the Dutch host gave none of these.
    let (status, fresh) = revalidate(&state, "nl.localhost", calls.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fresh, Some(vec![false; 6]));
    // Bad input gets a clear refusal: an unknown host, too many calls, not the shape asked.
    assert_eq!(
        revalidate(&state, "nowhere.example", calls).await.0,
        StatusCode::BAD_REQUEST
    );
    // (Within the body limit: the count is refused, not the size.)
    let many: Vec<_> = (0..=site::revalidate::MAX_CALLS)
        .map(|i| serde_json::json!({ "path": format!("/{i}"), "etag": "t" }))
        .collect();
    assert_eq!(
        revalidate(&state, FR, serde_json::json!({ "calls": many }))
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    for bad in [
        serde_json::json!([]),
        serde_json::json!({ "calls": "x" }),
        serde_json::json!({ "calls": [{ "path": 1 }] }),
    ] {
        assert_eq!(
            revalidate(&state, FR, bad.clone()).await.0,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}"
        );
    }
}
