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

#[tokio::test]
async fn a_known_tag_holds_until_a_status_in_its_answer_changes() {
    let brand = Brand::from_json(BRAND_JSON).expect("config/brand.json parses");
    let locales = Locales::load(Path::new(LOCALES_DIR)).expect("locales load");
    let state = AppState::new(
        snapshot().clone(),
        brand,
        locales,
        PathBuf::from("out"),
        PathBuf::from("media"),
        Clock::Fixed(now()),
    );
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
