//! The live calls over the real router: schedules per day, search, sign-in, client calls,
//! vouchers and gift cards, and the service endpoints (spec §4–§8). The store is a real
//! SQLite file; tokens come from the dev identity provider.

use crate::common::*;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use site::{Lang, Site};
use std::collections::BTreeSet;

const FR: &str = "fr.localhost";
const CH: &str = "ch.localhost";

fn cinemas_of(site: Site, lang: Lang) -> Vec<String> {
    locale(site, lang)
        .cinemas
        .iter()
        .map(|c| c.cinema.slug.clone())
        .collect()
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(String::from))
        .collect()
}

// --- Schedules per day -------------------------------------------------------------------

#[tokio::test]
async fn schedules_per_cinema_city_show_event_and_experience_answer_one_day() {
    let day = today().succ_opt().expect("tomorrow").to_string();
    let cinema = &locale(Site::Fr, Lang::Fr).cinemas[0].cinema;
    let show = site_content(Site::Fr)
        .showtimes
        .iter()
        .find(|s| s.cinema == cinema.slug)
        .expect("a showtime")
        .show
        .clone();
    let season = locale(Site::Fr, Lang::Fr)
        .seasons
        .iter()
        .find(|s| s.season.redirect_slug.is_none())
        .expect("a season")
        .season
        .slug
        .clone();
    let experience = locale(Site::Fr, Lang::Fr)
        .experiences
        .first()
        .expect("an experience")
        .slug
        .clone();
    for uri in [
        format!("/api/cinema/{}/shows?date={day}", cinema.slug),
        format!("/api/city/{}/shows?date={day}", cinema.city_slug),
        format!("/api/show/{show}/shows?date={day}"),
        format!("/api/show/{show}/shows?date={day}&cinema={}", cinema.slug),
        format!("/api/event/{season}/showtimes?date={day}"),
        format!(
            "/api/event/{season}/showtimes?date={day}&cinema={}",
            cinema.slug
        ),
        format!("/api/gpxp/{experience}/shows?date={day}"),
    ] {
        let reply = call(Method::GET, FR, &uri, None, None).await;
        reply.assert_status(StatusCode::OK);
        let body = reply.json();
        let days: Vec<&String> = body["days"]
            .as_object()
            .map(|m| m.keys().collect())
            .unwrap_or_default();
        assert!(
            days.iter().all(|d| **d == day),
            "{uri}: days {days:?}, expected only {day}"
        );
        for entry in body["days"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
            .flat_map(|v| v.as_array().into_iter().flatten())
        {
            for s in entry["showtimes"].as_array().into_iter().flatten() {
                assert!(
                    s["datetime"].as_str().is_some_and(|t| t.starts_with(&day)),
                    "{uri}: showtime on another day: {s}"
                );
                assert!(
                    s["bookingUrl"]
                        .as_str()
                        .is_some_and(|u| u.starts_with("http")),
                    "{uri}: no booking URL: {s}"
                );
            }
        }
        let max_age = reply.max_age().expect("a max-age");
        assert!(
            max_age <= 60,
            "{uri}: live answers are cached seconds, not {max_age}"
        );
        let etag = reply.etag().expect("an ETag").to_string();
        let again = send_live(request(
            Method::GET,
            FR,
            &uri,
            &[("if-none-match", &etag)],
            Body::empty(),
        ))
        .await;
        again.assert_status(StatusCode::NOT_MODIFIED);
    }
    // The city's schedule holds the showtimes of each of its cinemas.
    let city = call(
        Method::GET,
        FR,
        &format!("/api/city/{}/shows?date={day}", cinema.city_slug),
        None,
        None,
    )
    .await
    .json();
    let in_city: BTreeSet<String> = city["days"][&day]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|e| e["showtimes"].as_array().into_iter().flatten())
        .filter_map(|s| s["cinema"].as_str().map(String::from))
        .collect();
    assert!(
        in_city.contains(&cinema.slug),
        "the city schedule lacks {}: {in_city:?}",
        cinema.slug
    );
    // Bad inputs: an unknown slug is a 404, a malformed date a 400.
    call(Method::GET, FR, "/api/city/nowhere/shows", None, None)
        .await
        .assert_status(StatusCode::NOT_FOUND);
    call(
        Method::GET,
        FR,
        &format!("/api/show/{show}/shows?date=22-11-2026"),
        None,
        None,
    )
    .await
    .assert_status(StatusCode::BAD_REQUEST);
    call(
        Method::GET,
        FR,
        &format!("/api/show/{show}/shows?cinema=nowhere"),
        None,
        None,
    )
    .await
    .assert_status(StatusCode::NOT_FOUND);
}

/// A season page's island asks the season's screenings at the one cinema the visitor chose
/// (`?cinema=`): only that cinema's, every day; an unknown cinema is a 404.
#[tokio::test]
async fn an_event_schedule_narrows_to_one_cinema() {
    let fr = locale(Site::Fr, Lang::Fr);
    let season = fr
        .seasons
        .iter()
        .find(|s| s.season.redirect_slug.is_none())
        .expect("a season")
        .season
        .slug
        .clone();
    let cinemas_of_answer = |body: &Value| -> BTreeSet<String> {
        body["days"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
            .flat_map(|v| v.as_array().into_iter().flatten())
            .flat_map(|e| e["showtimes"].as_array().into_iter().flatten())
            .filter_map(|s| s["cinema"].as_str().map(String::from))
            .collect()
    };
    let all = call(
        Method::GET,
        FR,
        &format!("/api/event/{season}/showtimes"),
        None,
        None,
    )
    .await
    .json();
    let everywhere = cinemas_of_answer(&all);
    assert!(
        everywhere.len() > 1,
        "the season plays in several cinemas: {everywhere:?}"
    );
    let cinema = everywhere.iter().next().expect("a cinema").clone();
    let reply = call(
        Method::GET,
        FR,
        &format!("/api/event/{season}/showtimes?cinema={cinema}"),
        None,
        None,
    )
    .await;
    reply.assert_status(StatusCode::OK);
    let one = reply.json();
    assert_eq!(cinemas_of_answer(&one), BTreeSet::from([cinema.clone()]));
    let days = |b: &Value| b["days"].as_object().map(|m| m.len()).unwrap_or(0);
    assert!(days(&one) >= 1, "the cinema's days of the season");
    call(
        Method::GET,
        FR,
        &format!("/api/event/{season}/showtimes?cinema=nowhere"),
        None,
        None,
    )
    .await
    .assert_status(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_showtime_turns_locked_once_its_reservability_end_has_passed() {
    // The same showtime asked at two instants of a fixed clock: bookable before its end,
    // locked after.
    let s = site_content(Site::Fr)
        .showtimes
        .iter()
        .filter(|s| {
            s.status == site::content::ShowtimeStatus::Available && s.reservability_end.is_some()
        })
        .find(|s| s.datetime.date_naive() > today())
        .expect("an available showtime of a later day");
    let end = s
        .reservability_end
        .expect("has an end")
        .with_timezone(&chrono::Utc);
    let brand = site::brand::Brand::from_json(BRAND_JSON).expect("brand");
    let locales =
        runtime_api::locales::Locales::load(std::path::Path::new(LOCALES_DIR)).expect("locales");
    let status_at = |at: chrono::DateTime<chrono::Utc>| {
        let state = runtime_api::state::AppState::new(
            snapshot().clone(),
            brand.clone(),
            runtime_api::locales::Locales::load(std::path::Path::new(LOCALES_DIR))
                .expect("locales"),
            "out".into(),
            "media".into(),
            runtime_api::clock::Clock::Fixed(at),
        );
        let router = runtime_api::router::app(state);
        let uri = format!(
            "/api/cinema/{}/shows?date={}",
            s.cinema,
            s.datetime.date_naive()
        );
        async move {
            use tower::ServiceExt;
            let response = router
                .oneshot(request(Method::GET, FR, &uri, &[], Body::empty()))
                .await
                .expect("answers");
            let body: Value = serde_json::from_slice(
                &axum::body::to_bytes(response.into_body(), usize::MAX)
                    .await
                    .expect("body"),
            )
            .expect("json");
            body["days"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.values())
                .flat_map(|v| v.as_array().into_iter().flatten())
                .flat_map(|e| e["showtimes"].as_array().into_iter().flatten())
                .find(|t| t["id"] == s.id.as_str())
                .map(|t| t["status"].as_str().unwrap_or("").to_string())
        }
    };
    drop(locales);
    assert_eq!(
        status_at(end - chrono::Duration::minutes(1))
            .await
            .as_deref(),
        Some("available")
    );
    assert_eq!(
        status_at(end).await.as_deref(),
        Some("available"),
        "an end equal to now is still bookable"
    );
    assert_eq!(
        status_at(end + chrono::Duration::seconds(1))
            .await
            .as_deref(),
        Some("locked")
    );
}

// --- Search --------------------------------------------------------------------------------

#[tokio::test]
async fn search_finds_accented_cinemas_by_plain_letters_and_groups_previews() {
    let reply = call(
        Method::GET,
        CH,
        "/api/search/full?q=geneve&language=fr",
        None,
        None,
    )
    .await;
    reply.assert_status(StatusCode::OK);
    let body = reply.json();
    let groups = body["groups"].as_array().expect("groups");
    let types: Vec<&str> = groups.iter().filter_map(|g| g["type"].as_str()).collect();
    assert_eq!(types, ["show", "cinema", "offer", "news", "faq"]);
    let cinemas = groups
        .iter()
        .find(|g| g["type"] == "cinema")
        .expect("cinema group");
    let names: Vec<&str> = cinemas["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["title"].as_str())
        .collect();
    assert!(
        !names.is_empty() && names.iter().all(|n| n.contains("Genève")),
        "geneve → {names:?}"
    );
    for g in groups {
        let cap = match g["type"].as_str() {
            Some("cinema") | Some("faq") => 3,
            _ => 4,
        };
        let items = g["items"].as_array().map(Vec::len).unwrap_or(0);
        let total = g["total"].as_u64().unwrap_or(0) as usize;
        assert_eq!(items, total.min(cap), "{g}");
    }
    // One type: all of its results.
    let all = call(
        Method::GET,
        CH,
        "/api/search/full?q=lumen&type=cinema&language=fr",
        None,
        None,
    )
    .await
    .json();
    let group = &all["groups"][0];
    assert_eq!(
        group["items"].as_array().map(Vec::len),
        group["total"].as_u64().map(|t| t as usize)
    );
    assert_eq!(
        group["total"].as_u64(),
        Some(locale(Site::Ch, Lang::Fr).cinemas.len() as u64)
    );
    // Bad queries are 400s with a message.
    for uri in [
        "/api/search/full?q=ge",
        "/api/search/full?q=lumen&type=event",
        "/api/search/full?q=lumen&type=nope",
        "/api/search/full?q=lumen&scope=all",
    ] {
        let reply = call(Method::GET, CH, uri, None, None).await;
        reply.assert_status(StatusCode::BAD_REQUEST);
        assert_eq!(reply.json()["error"], "bad_request", "{uri}");
    }
    // FAQ scope: only help-centre results.
    let faq = call(
        Method::GET,
        FR,
        "/api/search/full?q=reservation&scope=faq",
        None,
        None,
    )
    .await
    .json();
    let types: Vec<&str> = faq["groups"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|g| g["type"].as_str())
        .collect();
    assert_eq!(types, ["faq"]);
}

// --- Sign-in -------------------------------------------------------------------------------

#[tokio::test]
async fn client_calls_refuse_missing_bad_and_foreign_tokens() {
    let me = client_id("alice@example.org");
    let uri = format!("/api/client/{me}");
    let missing = call(Method::GET, FR, &uri, None, None).await;
    missing.assert_status(StatusCode::UNAUTHORIZED);
    assert_eq!(missing.json()["error"], "missing_token");
    assert_eq!(missing.header("www-authenticate"), Some("Bearer"));
    for bad in ["garbage", "a.b.c", "eyJhbGciOiJub25lIn0.e30."] {
        let reply = call(Method::GET, FR, &uri, Some(bad), None).await;
        reply.assert_status(StatusCode::UNAUTHORIZED);
        assert!(
            reply.json()["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("Invalid token specified")),
            "{}",
            reply.text()
        );
    }
    let expired = LIVE.dev(Site::Fr).issue_token(
        Site::Fr,
        "alice@example.org",
        "A",
        "B",
        std::time::Duration::from_secs(0),
    );
    std::thread::sleep(std::time::Duration::from_millis(10));
    // Expiry has a 60 s leeway: a token that just expired is still accepted…
    call(Method::GET, FR, &uri, Some(&expired), None)
        .await
        .assert_status(StatusCode::OK);
    // …one signed for someone else is not the client of the path.
    let bob = token(Site::Fr, "bob@example.org");
    let reply = call(Method::GET, FR, &uri, Some(&bob), None).await;
    reply.assert_status(StatusCode::FORBIDDEN);
    assert_eq!(reply.json()["error"], "forbidden");
    let reply = call(
        Method::POST,
        FR,
        &format!(
            "/api/client/{me}/cinema/{}",
            cinemas_of(Site::Fr, Lang::Fr)[0]
        ),
        Some(&bob),
        None,
    )
    .await;
    reply.assert_status(StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_client_payload_carries_names_initials_and_the_sites_newsletter_flag() {
    let email = "camille.payload@example.org";
    let me = client_id(email);
    let client = call(
        Method::GET,
        FR,
        &format!("/api/client/{me}"),
        Some(&token(Site::Fr, email)),
        None,
    )
    .await;
    client.assert_status(StatusCode::OK);
    // The client's own data: no shared cache keeps it, no browser serves it again stale.
    assert_eq!(
        client
            .headers
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("private, no-store")
    );
    let c = client.json();
    assert_eq!(c["id"], me.as_str());
    assert_eq!(c["email"], email);
    assert_eq!(c["name"], "Camille Durand");
    assert_eq!(
        c["avatarFallback"], "DC",
        "initials from last then first name"
    );
    let account = call(
        Method::GET,
        FR,
        "/api/accounts/me",
        Some(&token(Site::Fr, email)),
        None,
    )
    .await
    .json();
    assert_eq!(account["icu"], me.as_str());
    assert_eq!(account["firstname"], "Camille");
    assert_eq!(account["lastname"], "Durand");
    assert_eq!(
        account["newsletterSubscription"], account["mailCommunication"],
        "FR uses the mail-communication flag"
    );
    let nl = call(
        Method::GET,
        "nl.localhost",
        "/api/accounts/me",
        Some(&token(Site::Nl, email)),
        None,
    )
    .await
    .json();
    assert_eq!(
        nl["newsletterSubscription"], nl["sendNewsletter"],
        "other sites use sendNewsletter"
    );
}

// --- Favourites ----------------------------------------------------------------------------

#[tokio::test]
async fn favourites_go_first_stop_at_the_sites_limit_and_refuse_unknown_cinemas() {
    for (site, host, limit) in [
        (Site::Fr, FR, 5usize),
        (Site::Nl, "nl.localhost", 5),
        (Site::Ch, CH, 1),
        (Site::Be, "be.localhost", 1),
    ] {
        let email = format!("fav-{}@example.org", site.code());
        let me = client_id(&email);
        let bearer = token(site, &email);
        let cinemas = cinemas_of(site, site.default_language());
        assert!(
            cinemas.len() > limit,
            "{site}: the demo needs more cinemas than the limit"
        );
        for (i, slug) in cinemas.iter().take(limit).enumerate() {
            let reply = call(
                Method::POST,
                host,
                &format!("/api/client/{me}/cinema/{slug}"),
                Some(&bearer),
                None,
            )
            .await;
            reply.assert_status(StatusCode::OK);
            let list = strs(&reply.json()["favoriteCinemas"]);
            assert_eq!(
                list.first(),
                Some(slug),
                "{site}: a new favourite goes first"
            );
            assert_eq!(list.len(), i + 1);
        }
        // Adding one again changes nothing.
        let again = call(
            Method::POST,
            host,
            &format!("/api/client/{me}/cinema/{}", cinemas[0]),
            Some(&bearer),
            None,
        )
        .await;
        again.assert_status(StatusCode::OK);
        assert_eq!(strs(&again.json()["favoriteCinemas"]).len(), limit);
        let full = call(
            Method::POST,
            host,
            &format!("/api/client/{me}/cinema/{}", cinemas[limit]),
            Some(&bearer),
            None,
        )
        .await;
        full.assert_status(StatusCode::CONFLICT);
        let body = full.json();
        assert_eq!(body["error"], "limit_reached");
        assert_eq!(body["limit"], limit, "{site}: the error carries the limit");
        let unknown = call(
            Method::POST,
            host,
            &format!("/api/client/{me}/cinema/no-such-cinema"),
            Some(&bearer),
            None,
        )
        .await;
        unknown.assert_status(StatusCode::NOT_FOUND);
        // Removing frees a place; the client payload lists the favourites.
        call(
            Method::DELETE,
            host,
            &format!("/api/client/{me}/cinema/{}", cinemas[0]),
            Some(&bearer),
            None,
        )
        .await
        .assert_status(StatusCode::OK);
        let client = call(
            Method::GET,
            host,
            &format!("/api/client/{me}"),
            Some(&bearer),
            None,
        )
        .await
        .json();
        assert_eq!(strs(&client["favoriteCinemas"]).len(), limit - 1);
        assert!(!strs(&client["favoriteCinemas"]).contains(&cinemas[0]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_favourite_adds_never_pass_the_limit() {
    let email = "racer@example.org";
    let me = client_id(email);
    let bearer = token(Site::Fr, email);
    let cinemas = cinemas_of(Site::Fr, Lang::Fr);
    let tasks: Vec<_> = cinemas
        .iter()
        .take(16)
        .map(|slug| {
            let uri = format!("/api/client/{me}/cinema/{slug}");
            let bearer = bearer.clone();
            tokio::spawn(async move {
                call(Method::POST, FR, &uri, Some(&bearer), None)
                    .await
                    .status
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.expect("task"));
    }
    let ok = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    let full = statuses
        .iter()
        .filter(|s| **s == StatusCode::CONFLICT)
        .count();
    assert_eq!((ok, full), (5, 11), "{statuses:?}");
    let client = call(
        Method::GET,
        FR,
        &format!("/api/client/{me}"),
        Some(&bearer),
        None,
    )
    .await
    .json();
    assert_eq!(strs(&client["favoriteCinemas"]).len(), 5);
}

#[tokio::test]
async fn account_cinemas_use_references_and_can_be_replaced_and_removed() {
    let email = "refs@example.org";
    let bearer = token(Site::Fr, email);
    let cinemas = &locale(Site::Fr, Lang::Fr).cinemas;
    let refs: Vec<String> = cinemas
        .iter()
        .take(3)
        .map(|c| c.cinema.vista_ref.clone())
        .collect();
    let put = call(
        Method::PATCH,
        FR,
        "/api/accounts/me/cinemas",
        Some(&bearer),
        Some(json!({"cinemas": refs})),
    )
    .await;
    put.assert_status(StatusCode::OK);
    let listed: Vec<String> = put
        .json()
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["codeCcs"].as_str().map(String::from))
        .collect();
    assert_eq!(listed, refs);
    let got: Vec<String> = call(
        Method::GET,
        FR,
        "/api/accounts/me/cinemas",
        Some(&bearer),
        None,
    )
    .await
    .json()
    .as_array()
    .into_iter()
    .flatten()
    .filter_map(|c| c["codeCcs"].as_str().map(String::from))
    .collect();
    assert_eq!(got, refs);
    let del = call(
        Method::DELETE,
        FR,
        "/api/accounts/me/cinemas",
        Some(&bearer),
        Some(json!({"cinemas": [refs[1]]})),
    )
    .await;
    del.assert_status(StatusCode::OK);
    let left: Vec<String> = del
        .json()
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["codeCcs"].as_str().map(String::from))
        .collect();
    assert_eq!(left, [refs[0].clone(), refs[2].clone()]);
    let too_many: Vec<String> = cinemas
        .iter()
        .take(6)
        .map(|c| c.cinema.vista_ref.clone())
        .collect();
    let reply = call(
        Method::PATCH,
        FR,
        "/api/accounts/me/cinemas",
        Some(&bearer),
        Some(json!({"cinemas": too_many})),
    )
    .await;
    reply.assert_status(StatusCode::CONFLICT);
    assert_eq!(reply.json()["limit"], 5);
    call(
        Method::PATCH,
        FR,
        "/api/accounts/me/cinemas",
        Some(&bearer),
        Some(json!({"cinemas": ["NO-SUCH-REF"]})),
    )
    .await
    .assert_status(StatusCode::NOT_FOUND);
    call(
        Method::PATCH,
        FR,
        "/api/accounts/me/cinemas",
        None,
        Some(json!({"cinemas": []})),
    )
    .await
    .assert_status(StatusCode::UNAUTHORIZED);
}

// --- Feelings ------------------------------------------------------------------------------

#[tokio::test]
async fn intentions_and_emotions_are_set_repeated_harmlessly_and_removed() {
    let email = "feelings@example.org";
    let me = client_id(email);
    let bearer = token(Site::Fr, email);
    let shows: Vec<String> = locale(Site::Fr, Lang::Fr)
        .shows
        .iter()
        .take(2)
        .map(|s| s.slug.clone())
        .collect();
    let intention = format!("/api/client/{me}/show/{}/intention", shows[0]);
    for _ in 0..2 {
        let reply = call(Method::POST, FR, &intention, Some(&bearer), Some(json!({}))).await;
        reply.assert_status(StatusCode::OK);
        assert_eq!(reply.json()["intention"], 2, "the default intention is 2");
    }
    let emotion = format!("/api/client/{me}/show/{}/emotion", shows[1]);
    for _ in 0..2 {
        let reply = call(
            Method::POST,
            FR,
            &emotion,
            Some(&bearer),
            Some(json!({"emotion": "loved"})),
        )
        .await;
        reply.assert_status(StatusCode::OK);
        assert_eq!(reply.json()["emotion"], "loved");
    }
    let feelings = call(
        Method::POST,
        FR,
        &format!("/api/client/{me}/shows"),
        Some(&bearer),
        Some(json!({"showSlugs": shows})),
    )
    .await;
    feelings.assert_status(StatusCode::OK);
    let list = feelings.json();
    assert_eq!(list.as_array().map(Vec::len), Some(2), "{list}");
    let bad = call(
        Method::POST,
        FR,
        &emotion,
        Some(&bearer),
        Some(json!({"emotion": "furious"})),
    )
    .await;
    bad.assert_status(StatusCode::BAD_REQUEST);
    let removed = call(
        Method::POST,
        FR,
        &emotion,
        Some(&bearer),
        Some(json!({"isDelete": true})),
    )
    .await;
    removed.assert_status(StatusCode::OK);
    assert_eq!(removed.json()["emotion"], Value::Null);
    let removed = call(
        Method::POST,
        FR,
        &intention,
        Some(&bearer),
        Some(json!({"isDelete": true})),
    )
    .await;
    assert_eq!(removed.json()["intention"], Value::Null);
    call(
        Method::POST,
        FR,
        &format!("/api/client/{me}/show/no-such-show/intention"),
        Some(&bearer),
        Some(json!({})),
    )
    .await
    .assert_status(StatusCode::NOT_FOUND);
    if let Some(gone) = site_content(Site::Fr).gone_shows.first() {
        call(
            Method::POST,
            FR,
            &format!("/api/client/{me}/show/{gone}/intention"),
            Some(&bearer),
            Some(json!({})),
        )
        .await
        .assert_status(StatusCode::GONE);
    }
}

/// A body is a JSON object, as documented: serde would read a struct from an array too.
/// Removing a favourite whose slug the store could not hold leaves the list as it is.
#[tokio::test]
async fn bodies_are_objects_and_removing_an_impossible_favourite_changes_nothing() {
    let email = "objects@example.org";
    let me = client_id(email);
    let bearer = token(Site::Fr, email);
    let show = locale(Site::Fr, Lang::Fr).shows[0].slug.clone();
    for (uri, body) in [
        (
            format!("/api/client/{me}/show/{show}/intention"),
            json!([null]),
        ),
        (
            format!("/api/client/{me}/show/{show}/emotion"),
            json!(["loved"]),
        ),
        (format!("/api/client/{me}/shows"), json!([[show]])),
        ("/api/accounts/me/cinemas".to_string(), json!([[]])),
    ] {
        let method = if uri.starts_with("/api/accounts") {
            Method::PATCH
        } else {
            Method::POST
        };
        let reply = call(method, FR, &uri, Some(&bearer), Some(body)).await;
        reply.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(reply.json()["error"], "invalid_body");
    }
    let reply = call(
        Method::DELETE,
        FR,
        &format!("/api/client/{me}/cinema/%C2%88x"),
        Some(&bearer),
        None,
    )
    .await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(reply.json()["favoriteCinemas"], json!([]));
}

#[tokio::test]
async fn bodies_over_64_kib_are_refused_with_413() {
    let email = "big@example.org";
    let me = client_id(email);
    let slugs: Vec<String> = (0..8000).map(|i| format!("show-{i:05}")).collect();
    let reply = call(
        Method::POST,
        FR,
        &format!("/api/client/{me}/shows"),
        Some(&token(Site::Fr, email)),
        Some(json!({"showSlugs": slugs})),
    )
    .await;
    reply.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.json()["error"], "payload_too_large");
}

/// API answers are data: a strict policy (nothing runs, loads or frames them), no sniffing,
/// no referrer; HSTS only when configured.
#[tokio::test]
async fn api_answers_carry_security_headers() {
    for reply in [
        call(Method::GET, FR, "/api/cinemas", None, None).await,
        call(Method::GET, FR, "/api/no-such-call", None, None).await,
    ] {
        assert_eq!(
            reply.header("content-security-policy"),
            Some("default-src 'none'; frame-ancestors 'none'"),
            "{}",
            reply.what
        );
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(reply.header("referrer-policy"), Some("no-referrer"));
        assert_eq!(reply.header("strict-transport-security"), None);
    }
}

/// The error body is built before compression: a browser (which always accepts gzip) reads
/// the same readable message as a client that does not compress.
#[tokio::test]
async fn error_answers_are_readable_json_when_the_client_accepts_gzip() {
    let email = "gzip@example.org";
    let bearer = format!("Bearer {}", token(Site::Fr, email));
    let cases: [(&str, Option<&str>, &str, StatusCode, &str); 2] = [
        (
            "415",
            None,
            "null",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        ),
        (
            "422",
            Some("application/json"),
            "null",
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
    ];
    for (what, content_type, body, status, code) in cases {
        let mut headers = vec![
            ("authorization", bearer.as_str()),
            ("accept-encoding", "gzip"),
        ];
        if let Some(t) = content_type {
            headers.push(("content-type", t));
        }
        let reply = send_live(request(
            Method::PATCH,
            FR,
            "/api/accounts/me/cinemas",
            &headers,
            Body::from(body),
        ))
        .await;
        reply.assert_status(status);
        let bytes = if reply.header("content-encoding") == Some("gzip") {
            let mut plain = Vec::new();
            std::io::Read::read_to_end(
                &mut flate2::read::GzDecoder::new(&reply.body[..]),
                &mut plain,
            )
            .expect("a gzip body");
            plain
        } else {
            reply.body.to_vec()
        };
        let json: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{what}: the error body is not JSON ({e}): {bytes:?}"));
        assert_eq!(json["error"], code, "{what}: {json}");
        let message = json["message"].as_str().unwrap_or_default();
        assert!(
            !message.is_empty() && message.chars().all(|c| !c.is_control() && c != '\u{fffd}'),
            "{what}: a readable message, not compressed bytes: {message:?}"
        );
    }
}

// --- Vouchers and gift cards ---------------------------------------------------------------

async fn card_call(uri: &str, captcha: Option<&str>, ip: [u8; 4]) -> Reply {
    let mut headers = Vec::new();
    if let Some(c) = captcha {
        headers.push(("x-captcha-response", c));
    }
    let mut req = request(Method::GET, FR, uri, &headers, Body::empty());
    req.extensions_mut()
        .insert(ConnectInfo(std::net::SocketAddr::from((ip, 40000))));
    send_live(req).await
}

#[tokio::test]
async fn vouchers_need_a_captcha_and_answer_a_result_code() {
    let ip = [10, 0, 0, 1];
    let valid = runtime_api::demo_cards::voucher_code(Site::Fr, true);
    let used = runtime_api::demo_cards::voucher_code(Site::Fr, false);
    let missing = card_call(&format!("/api/voucher/{valid}"), None, ip).await;
    missing.assert_status(StatusCode::BAD_REQUEST);
    assert_eq!(missing.json()["error"], "captcha_invalid");
    card_call(&format!("/api/voucher/{valid}"), Some("i-am-a-robot"), ip)
        .await
        .assert_status(StatusCode::BAD_REQUEST);
    let ok = card_call(
        &format!("/api/voucher/{valid}"),
        Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER),
        ip,
    )
    .await;
    ok.assert_status(StatusCode::OK);
    let body = ok.json();
    assert_eq!(body["resultCode"], 0);
    assert_eq!(body["card"]["code"], valid.as_str());
    for code in [used.as_str(), "NOPE-1234"] {
        let reply = card_call(
            &format!("/api/voucher/{code}"),
            Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER),
            ip,
        )
        .await;
        let body = reply.json();
        assert_ne!(body["resultCode"], 0, "{code}");
        assert!(body.get("card").is_none(), "{code}: no card");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{code}: a message for the alert"
        );
    }
}

#[tokio::test]
async fn gift_cards_need_number_and_pin_and_never_echo_the_pin() {
    let ip = [10, 0, 0, 2];
    let number = runtime_api::demo_cards::gift_card_number(Site::Fr);
    let ok = card_call(
        &format!(
            "/api/gift-card/{number}/{}",
            runtime_api::demo_cards::GIFT_CARD_PIN
        ),
        Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER),
        ip,
    )
    .await;
    ok.assert_status(StatusCode::OK);
    let body = ok.json();
    assert_eq!(body["resultCode"], 0);
    assert_eq!(body["card"]["balance"], 50.0);
    assert!(
        !ok.text().contains(runtime_api::demo_cards::GIFT_CARD_PIN),
        "the PIN is not echoed"
    );
    let wrong = card_call(
        &format!("/api/gift-card/{number}/0000"),
        Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER),
        ip,
    )
    .await
    .json();
    assert_eq!(wrong["resultCode"], 1);
}

#[tokio::test]
async fn card_look_ups_are_rate_limited_per_address() {
    let ip = [10, 0, 0, 3];
    let uri = format!(
        "/api/voucher/{}",
        runtime_api::demo_cards::voucher_code(Site::Fr, true)
    );
    for _ in 0..CARD_LOOKUPS_PER_MINUTE {
        card_call(&uri, Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER), ip)
            .await
            .assert_status(StatusCode::OK);
    }
    let limited = card_call(&uri, Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER), ip).await;
    limited.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.header("retry-after").is_some());
    // Another address still gets its own quota.
    card_call(
        &uri,
        Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER),
        [10, 0, 0, 4],
    )
    .await
    .assert_status(StatusCode::OK);
}

// --- Session, service endpoints, documentation ---------------------------------------------

#[tokio::test]
async fn webview_names_each_sites_openid_provider_and_logout_clears_the_session() {
    // Every site uses the dev provider of its own host in the default configuration.
    let body = call(Method::GET, FR, "/api/webview?language=en", None, None)
        .await
        .json();
    let issuer = "http://fr.localhost:8080/identity";
    assert_eq!(body["urlLogin"], format!("{issuer}/authorize"));
    assert_eq!(body["urlSignup"], format!("{issuer}/authorize"));
    let p = &body["provider"];
    assert_eq!(p["issuer"], issuer);
    assert_eq!(p["clientId"], "lumen-web");
    assert_eq!(p["audience"], "lumen-api");
    assert_eq!(p["tokenEndpoint"], format!("{issuer}/token"));
    assert_eq!(p["endSessionEndpoint"], format!("{issuer}/end_session"));
    assert_eq!(p["jwksUri"], format!("{issuer}/.well-known/jwks.json"));
    assert_eq!(p["signupHint"], "prompt=create");
    assert_eq!(p["redirect"], false);
    assert!(p["scope"]
        .as_str()
        .is_some_and(|s| s.split(' ').any(|x| x == "offline_access")));
    // The sign-in return page of the language asked, from the route table.
    assert_eq!(p["callbackPath"], "/en/callback");
    assert_eq!(
        call(Method::GET, FR, "/api/webview?language=fr", None, None)
            .await
            .json()["provider"]["callbackPath"],
        "/callback"
    );
    let nl = call(
        Method::GET,
        "nl.localhost",
        "/api/webview?language=nl",
        None,
        None,
    )
    .await
    .json();
    assert_eq!(
        nl["provider"]["issuer"],
        "http://nl.localhost:8080/identity"
    );
    assert_eq!(nl["provider"]["callbackPath"], "/nl/callback");
    let jwks = call(
        Method::GET,
        FR,
        "/identity/.well-known/jwks.json",
        None,
        None,
    )
    .await
    .json();
    assert_eq!(jwks["keys"][0]["kty"], "RSA");
    let out = call(Method::POST, FR, "/api/logout", None, None).await;
    out.assert_status(StatusCode::NO_CONTENT);
    assert!(
        out.header("set-cookie")
            .is_some_and(|c| c.contains("Max-Age=0")),
        "{:?}",
        out.header("set-cookie")
    );
}

#[tokio::test]
async fn health_readiness_metrics_and_request_ids_are_served() {
    let health = call(Method::GET, FR, "/healthz", None, None).await;
    health.assert_status(StatusCode::OK);
    assert_eq!(health.json()["status"], "ok");
    assert_eq!(health.json()["clock"]["mode"], "fixed");
    assert_eq!(health.json()["clock"]["now"], "2026-11-22T12:00:00Z");
    let ready = call(Method::GET, FR, "/readyz", None, None).await;
    ready.assert_status(StatusCode::OK);
    assert_eq!(ready.json()["status"], "ready");
    let reply = call(Method::GET, FR, "/api/cinemas", None, None).await;
    assert!(
        reply
            .header("x-request-id")
            .is_some_and(|id| !id.is_empty()),
        "every answer carries a request id"
    );
    let mine = send_live(request(
        Method::GET,
        FR,
        "/api/cinemas",
        &[("x-request-id", "abc-123")],
        Body::empty(),
    ))
    .await;
    assert_eq!(
        mine.header("x-request-id"),
        Some("abc-123"),
        "a caller's request id is kept"
    );
    let metrics = call(Method::GET, FR, "/metrics", None, None).await;
    metrics.assert_status(StatusCode::OK);
    assert!(
        metrics
            .text()
            .contains("api_requests_total{route=\"/api/cinemas\",method=\"GET\",status=\"2xx\"}"),
        "{}",
        metrics.text()
    );
}

#[tokio::test]
async fn answers_are_compressed_and_cors_allows_only_the_sites() {
    let gz = send_live(request(
        Method::GET,
        FR,
        "/api/cinemas",
        &[("accept-encoding", "gzip")],
        Body::empty(),
    ))
    .await;
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    let allowed = send_live(request(
        Method::GET,
        FR,
        "/api/cinemas",
        &[("origin", "https://www.lumen-cinemas.fr")],
        Body::empty(),
    ))
    .await;
    assert_eq!(
        allowed.header("access-control-allow-origin"),
        Some("https://www.lumen-cinemas.fr")
    );
    let local = send_live(request(
        Method::GET,
        FR,
        "/api/cinemas",
        &[("origin", "http://fr.localhost:8080")],
        Body::empty(),
    ))
    .await;
    assert_eq!(
        local.header("access-control-allow-origin"),
        Some("http://fr.localhost:8080")
    );
    assert_eq!(
        allowed.header("access-control-allow-credentials"),
        Some("true")
    );
    let other = send_live(request(
        Method::GET,
        FR,
        "/api/cinemas",
        &[("origin", "https://evil.example")],
        Body::empty(),
    ))
    .await;
    assert_eq!(other.header("access-control-allow-origin"), None);
    assert!(
        other
            .headers
            .get_all("vary")
            .iter()
            .any(|v| v.to_str().is_ok_and(|v| v.contains("origin"))),
        "answers vary by Origin"
    );
    // A preflight from a site is answered with the methods and headers the calls use.
    let pre = send_live(request(
        Method::OPTIONS,
        FR,
        "/api/client/x/cinema/y",
        &[
            ("origin", "https://www.lumen-cinemas.fr"),
            ("access-control-request-method", "POST"),
            ("access-control-request-headers", "authorization"),
        ],
        Body::empty(),
    ))
    .await;
    assert_eq!(pre.status, StatusCode::NO_CONTENT);
    assert_eq!(
        pre.header("access-control-allow-origin"),
        Some("https://www.lumen-cinemas.fr")
    );
    assert!(pre
        .header("access-control-allow-methods")
        .is_some_and(|m| m.contains("POST") && m.contains("DELETE")));
    assert!(pre
        .header("access-control-allow-headers")
        .is_some_and(|h| h.contains("authorization")));
    let refused = send_live(request(
        Method::OPTIONS,
        FR,
        "/api/client/x/cinema/y",
        &[
            ("origin", "https://evil.example"),
            ("access-control-request-method", "POST"),
        ],
        Body::empty(),
    ))
    .await;
    assert_eq!(refused.header("access-control-allow-origin"), None);
}

#[tokio::test]
async fn the_openapi_document_lists_every_call_with_its_security() {
    let doc = call(Method::GET, FR, "/api/openapi.json", None, None)
        .await
        .json();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().expect("paths");
    for (path, method) in [
        ("/api/search/full", "get"),
        ("/api/cinema/{slug}/shows", "get"),
        ("/api/city/{slug}/shows", "get"),
        ("/api/client/{id}/cinema/{slug}", "post"),
        ("/api/client/{id}/cinema/{slug}", "delete"),
        ("/api/accounts/me/cinemas", "patch"),
        ("/api/voucher/{code}", "get"),
        ("/api/logout", "post"),
    ] {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} missing"
        );
    }
    assert_eq!(
        paths["/api/client/{id}/cinema/{slug}"]["post"]["security"][0]["bearer"],
        json!([])
    );
    assert!(paths["/api/cinemas"]["get"].get("security").is_none());
    assert!(paths.len() >= 60, "{} paths", paths.len());
    // Calls with a body document axum's own refusals; every call may be shed (503).
    let patch = &paths["/api/accounts/me/cinemas"]["patch"]["responses"];
    for status in ["413", "415", "422", "503"] {
        assert!(
            patch.get(status).is_some(),
            "PATCH cinemas documents {status}"
        );
    }
}

/// Every operation documents its answer with a schema (`components/schemas`, from the Rust
/// types), every `$ref` resolves, and the request bodies documented are exactly those the
/// handlers read: without a required body the call is a 415 (axum's `Json` refusal, before the
/// handler runs), and a call documented without one ignores a body.
#[tokio::test]
async fn every_operation_documents_its_answer_and_exactly_the_bodies_handlers_read() {
    let doc = call(Method::GET, FR, "/api/openapi.json", None, None)
        .await
        .json();
    let schemas = doc["components"]["schemas"].as_object().expect("schemas");
    assert!(schemas.contains_key("Error"), "the error shape");
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    for reference in &refs {
        let pointer = reference.strip_prefix('#').expect("a local $ref");
        assert!(doc.pointer(pointer).is_some(), "{reference} resolves");
    }
    let bearer = token(Site::Fr, "contract@example.org");
    let mut bodies = Vec::new();
    for (path, methods) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in methods.as_object().expect("methods") {
            let what = format!("{method} {path}");
            let responses = &operation["responses"];
            if (method, path.as_str()) == (&"post".to_string(), "/api/logout") {
                assert!(responses.get("204").is_some(), "{what}: 204");
            } else if path.ends_with(".ics") {
                // A showtime's calendar file (issue 17): text, not JSON.
                let schema = &responses["200"]["content"]["text/calendar"]["schema"];
                assert_eq!(schema["type"], "string", "{what}: a text/calendar answer");
            } else {
                let schema = &responses["200"]["content"]["application/json"]["schema"];
                assert!(schema.is_object(), "{what}: no answer schema");
            }
            let uri = path
                .split('/')
                .map(|part| match part {
                    "{date}" => "2026-11-22",
                    p if p.starts_with('{') => "x",
                    p => p,
                })
                .collect::<Vec<_>>()
                .join("/");
            let method: Method = method.to_uppercase().parse().expect("a method");
            let auth = format!("Bearer {bearer}");
            let body = operation.get("requestBody");
            if let Some(body) = body {
                let schema = &body["content"]["application/json"]["schema"];
                assert!(schema.is_object(), "{what}: no body schema");
                bodies.push(what.clone());
                let reply = send_live(request(
                    method,
                    FR,
                    &uri,
                    &[("authorization", &auth)],
                    Body::empty(),
                ))
                .await;
                if body["required"] == true {
                    reply.assert_status(StatusCode::UNSUPPORTED_MEDIA_TYPE);
                } else {
                    assert_ne!(reply.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{what}");
                }
            } else {
                let reply = send_live(request(
                    method,
                    FR,
                    &uri,
                    &[
                        ("authorization", &auth),
                        ("content-type", "application/json"),
                    ],
                    Body::from("not JSON"),
                ))
                .await;
                assert!(
                    ![
                        StatusCode::UNSUPPORTED_MEDIA_TYPE,
                        StatusCode::UNPROCESSABLE_ENTITY
                    ]
                    .contains(&reply.status)
                        && !reply.text().contains("invalid_body"),
                    "{what} reads a body it does not document: {} {}",
                    reply.status,
                    reply.text()
                );
            }
        }
    }
    bodies.sort();
    assert_eq!(
        bodies,
        [
            "delete /api/accounts/me/cinemas",
            "patch /api/accounts/me/cinemas",
            "post /api/client/{id}/show/{slug}/emotion",
            "post /api/client/{id}/show/{slug}/intention",
            "post /api/client/{id}/shows",
        ]
    );
    // Answers as serialised: a field skipped when empty is optional, one always written is
    // required; an Option is nullable.
    let show = &schemas["Show"];
    let required = strs(&show["required"]);
    assert!(required.contains(&"slug".to_string()), "{show}");
    assert!(required.contains(&"isMovie".to_string()), "{show}");
    assert!(!required.contains(&"poster".to_string()), "{show}");
    assert_eq!(
        schemas["ShowFeeling"]["properties"]["intention"]["type"],
        json!(["integer", "null"])
    );
    // Bodies as deserialised: a field with a default may be left out.
    assert_eq!(
        strs(&schemas["AccountCinemasBody"]["required"]),
        ["cinemas"]
    );
    assert!(schemas["IntentionBody"].get("required").is_none());
}

fn collect_refs(value: &Value, refs: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                refs.push(r.clone());
            }
            map.values().for_each(|v| collect_refs(v, refs));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, refs)),
        _ => {}
    }
}

/// Each site's document offers that site's languages only, as the calls accept them.
#[tokio::test]
async fn each_sites_openapi_document_offers_its_own_languages() {
    for site in Site::ALL {
        let host = format!("{}.localhost", site.code());
        let doc = call(Method::GET, &host, "/api/openapi.json", None, None)
            .await
            .json();
        let language = doc["paths"]["/api/cinemas"]["get"]["parameters"]
            .as_array()
            .and_then(|p| p.iter().find(|p| p["name"] == "language"))
            .cloned()
            .unwrap_or_else(|| panic!("{site}: no language parameter"));
        let offered: Vec<&str> = language["schema"]["enum"]
            .as_array()
            .expect("an enum")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let expected: Vec<&str> = site.languages().iter().map(|l| l.code()).collect();
        assert_eq!(offered, expected, "{site}");
        for lang in &offered {
            call(
                Method::GET,
                &host,
                &format!("/api/cinemas?language={lang}"),
                None,
                None,
            )
            .await
            .assert_status(StatusCode::OK);
        }
    }
}
