//! The content API of spec §7 end to end: the real router over the demo snapshot of
//! 2026-11-22, a fixed clock at 12:00Z, requests sent with `tower::ServiceExt::oneshot`.

use crate::common;

use crate::common::*;
use axum::body::Body;
use axum::http::{Method, StatusCode};
use chrono::{DateTime, Duration, FixedOffset, NaiveDate};
use serde_json::Value;
use site::content::ShowtimeStatus;
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use tower::ServiceExt;

const FR: &str = "fr.localhost";
const NL: &str = "nl.localhost:8080";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .unwrap_or_else(|_| panic!("{text:?} is not YYYY-MM-DD"))
}

fn instant(text: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(text).unwrap_or_else(|_| panic!("{text:?} is not RFC 3339"))
}

/// Checks one presented showtime: a known status, a booking URL, a labelled version.
fn check_showtime(showtime: &Value, context: &str) {
    let status = s(showtime, "status");
    assert!(
        ["available", "soldout", "locked"].contains(&status),
        "{context}: status {status:?}"
    );
    let booking = s(showtime, "bookingUrl");
    assert!(
        booking.starts_with("https://"),
        "{context}: bookingUrl {booking:?}"
    );
    assert!(
        booking.ends_with(s(showtime, "id")),
        "{context}: bookingUrl {booking:?} does not name the showtime"
    );
    let label = s(&showtime["version"], "label");
    assert!(
        !label.trim().is_empty(),
        "{context}: version {} has no label",
        showtime["version"]
    );
    assert!(
        !s(&showtime["version"], "slug").is_empty(),
        "{context}: version has no slug"
    );
    instant(s(showtime, "datetime"));
}

/// Checks a schedule answer and returns its days in order.
fn check_schedule(schedule: &Value, context: &str) -> Vec<NaiveDate> {
    let days = obj(schedule, "days");
    assert!(
        days.len() <= 14,
        "{context}: {} days, at most 14 expected",
        days.len()
    );
    let mut out = Vec::new();
    for (day, shows) in days {
        let d = date(day);
        assert!(
            d >= today() && d < today() + Duration::days(14),
            "{context}: day {day} outside the 14 days from {}",
            today()
        );
        for show in arr(shows, "") {
            let slug = s(show, "show");
            assert_eq!(
                s(&show["data"], "slug"),
                slug,
                "{context}: show data of {slug}"
            );
            let showtimes = arr(show, "showtimes");
            assert!(
                !showtimes.is_empty(),
                "{context}: {slug} on {day} has no showtimes"
            );
            assert!(
                !arr(&show["resume"], "versions").is_empty(),
                "{context}: {slug} resume has no versions"
            );
            for st in showtimes {
                check_showtime(st, context);
                assert_eq!(
                    s(st, "show"),
                    slug,
                    "{context}: showtime grouped under the wrong show"
                );
                assert_eq!(
                    instant(s(st, "datetime")).date_naive(),
                    d,
                    "{context}: showtime grouped under the wrong day"
                );
            }
        }
        out.push(d);
    }
    assert!(
        schedule["highlightedShowtime"].is_null() || schedule["highlightedShowtime"].is_object()
    );
    arr(schedule, "upsellPushes");
    out
}

// ---------------------------------------------------------------------------------------------
// Sites, languages and errors of the request itself
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn cinemas_on_nl_are_the_dutch_cinemas() {
    let cinemas = api(NL, "/api/cinemas?language=en").await;
    let list = arr(&cinemas, "");
    assert!(
        (25..=35).contains(&list.len()),
        "about 30 Dutch cinemas expected, got {}",
        list.len()
    );
    for c in list {
        assert!(
            s(c, "vistaRef").starts_with("NL"),
            "non-Dutch cinema on nl: {}",
            truncate(c)
        );
        assert!(
            !s(c, "slug").is_empty() && !s(c, "name").is_empty() && !s(c, "citySlug").is_empty()
        );
    }
    let cities: BTreeSet<&str> = list.iter().map(|c| s(c, "city")).collect();
    for city in ["Amsterdam", "Rotterdam", "Den Haag", "Utrecht", "Tilburg"] {
        assert!(
            cities.contains(city),
            "{city} missing from nl cinemas: {cities:?}"
        );
    }
    assert!(list.iter().any(|c| s(c, "name").contains("Amsterdam")));
    assert_eq!(list.len(), locale(Site::Nl, Lang::En).cinemas.len());
}

#[tokio::test]
async fn cinemas_on_fr_are_the_french_cinemas() {
    let cinemas = api(FR, "/api/cinemas?language=fr").await;
    let list = arr(&cinemas, "");
    assert!(
        (60..=80).contains(&list.len()),
        "about 70 French cinemas expected, got {}",
        list.len()
    );
    assert!(
        list.iter().all(|c| s(c, "vistaRef").starts_with("FR")),
        "non-French cinema on fr"
    );
    let cities: BTreeSet<&str> = list.iter().map(|c| s(c, "city")).collect();
    for city in ["Paris", "Lyon", "Marseille", "Toulouse", "Nice"] {
        assert!(
            cities.contains(city),
            "{city} missing from fr cinemas: {cities:?}"
        );
    }
    let unique: BTreeSet<&str> = list.iter().map(|c| s(c, "slug")).collect();
    assert_eq!(unique.len(), list.len(), "cinema slugs must be unique");
    // The same cinemas in English.
    let en = api(FR, "/api/cinemas?language=en").await;
    assert_eq!(slugs(&en).len(), list.len());
}

#[tokio::test]
async fn cinema_text_follows_the_language_and_defaults_to_the_site_language() {
    let en = api(NL, "/api/cinemas?language=en").await;
    let nl = api(NL, "/api/cinemas?language=nl").await;
    let default = api(NL, "/api/cinemas").await;
    assert_eq!(
        default, nl,
        "no language parameter must give the site default (nl on nl)"
    );
    assert_ne!(en, nl);
    let (en0, nl0) = (&arr(&en, "")[0], &arr(&nl, "")[0]);
    assert_eq!(
        s(en0, "vistaRef"),
        s(nl0, "vistaRef"),
        "same cinemas in the same order"
    );
    assert_ne!(
        s(en0, "description"),
        s(nl0, "description"),
        "description must be translated"
    );
    // Each is the text the snapshot holds for that language.
    let snap_en = locale(Site::Nl, Lang::En).cinemas[0]
        .cinema
        .description
        .clone();
    let snap_nl = locale(Site::Nl, Lang::Nl).cinemas[0]
        .cinema
        .description
        .clone();
    assert_eq!(
        en0["description"].as_str(),
        snap_en.as_deref(),
        "English description on nl"
    );
    assert_eq!(
        nl0["description"].as_str(),
        snap_nl.as_deref(),
        "Dutch description on nl"
    );
    // The same call on another default: fr → French, ch → English.
    let fr = api(FR, "/api/cinemas").await;
    let snap_fr = locale(Site::Fr, Lang::Fr).cinemas[0]
        .cinema
        .description
        .clone();
    assert_eq!(arr(&fr, "")[0]["description"].as_str(), snap_fr.as_deref());
    let ch_default = api("ch.localhost", "/api/cinemas").await;
    let ch_en = api("ch.localhost", "/api/cinemas?language=en").await;
    assert_eq!(ch_default, ch_en, "ch defaults to English");
}

#[tokio::test]
async fn unknown_site_host_is_a_json_400() {
    for host in ["xx.localhost", "example.org", "localhost:8080", ""] {
        let body = api_error(
            host,
            "/api/cinemas?language=en",
            StatusCode::BAD_REQUEST,
            "unknown_site",
        )
        .await;
        assert!(s(&body, "message").contains("unknown site"), "{body}");
    }
    api_error(
        "de.localhost",
        "/api/settings",
        StatusCode::BAD_REQUEST,
        "unknown_site",
    )
    .await;
    // Production domains of config/brand.json resolve, with or without a port.
    let prod = api("www.lumen-bioscopen.nl:443", "/api/cinemas?language=nl").await;
    assert_eq!(prod, api(NL, "/api/cinemas?language=nl").await);
    assert_eq!(api("FR.LOCALHOST", "/api/settings").await["website"], "fr");
}

#[tokio::test]
async fn unsupported_language_is_a_json_400() {
    let body = api_error(
        FR,
        "/api/cinemas?language=de",
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    assert!(s(&body, "message").contains("de"), "{body}");
    api_error(
        FR,
        "/api/cinemas?language=nl",
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    api_error(
        NL,
        "/api/cinemas?language=fr",
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    api_error(
        FR,
        "/api/cinemas?language=xx",
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    api_error(
        FR,
        "/api/show/anything?language=de",
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    // But German is offered in Switzerland and Dutch in Belgium.
    api("ch.localhost", "/api/cinemas?language=de").await;
    api("be.localhost", "/api/cinemas?language=nl").await;
}

// ---------------------------------------------------------------------------------------------
// Places: cinemas, cities, zones
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn alerts_and_native_ad() {
    let alerts = api(FR, "/api/alerts?language=fr").await;
    let list = arr(&alerts, "alerts");
    assert!(!list.is_empty(), "fr has alerts");
    for a in list {
        assert!(
            ["warning", "info"].contains(&s(a, "level")),
            "alert level: {a}"
        );
        assert!(!s(a, "title").is_empty());
    }
    let cinemas: BTreeSet<String> = slugs(&api(FR, "/api/cinemas?language=fr").await)
        .into_iter()
        .collect();
    for ca in arr(&alerts, "cinemaAlerts") {
        assert!(!s(ca, "message").is_empty());
        for c in arr(ca, "cinemas") {
            assert!(
                cinemas.contains(c.as_str().unwrap()),
                "cinema alert names unknown cinema {c}"
            );
        }
    }
    let en = api(FR, "/api/alerts?language=en").await;
    assert_ne!(
        alerts["alerts"][0]["title"], en["alerts"][0]["title"],
        "alerts are translated"
    );
    // No native ad in the demo: `null`, not an error.
    let ad = api(FR, "/api/native-ad?language=fr").await;
    assert!(ad.is_null() || ad.is_object(), "native ad: {ad}");
    let expected = serde_json::to_value(&locale(Site::Fr, Lang::Fr).native_ad).unwrap();
    assert_eq!(ad, expected);
    let promo = api(FR, "/api/permanent-autopromo?language=fr").await;
    assert_eq!(
        promo,
        serde_json::to_value(&locale(Site::Fr, Lang::Fr).permanent_autopromo).unwrap()
    );
    assert!(api(FR, "/api/youtube/latest?language=fr").await.is_array());
}

#[tokio::test]
async fn cinema_detail_adds_nearby_cinemas_and_cities() {
    let cinemas = api(FR, "/api/cinemas?language=fr").await;
    let first = &arr(&cinemas, "")[0];
    let slug = s(first, "slug");
    let detail = api(FR, &format!("/api/cinema/{slug}?language=fr")).await;
    assert_eq!(s(&detail, "slug"), slug);
    assert_eq!(detail["vistaRef"], first["vistaRef"]);
    assert_eq!(detail["name"], first["name"]);
    assert_eq!(detail["citySlug"], first["citySlug"]);
    let nearby = arr(&detail, "nearbyCinemas");
    assert!(
        !nearby.is_empty() && nearby.len() <= 4,
        "nearby cinemas: {}",
        nearby.len()
    );
    let mut last = 0.0;
    for n in nearby {
        assert_ne!(s(n, "slug"), slug, "a cinema is not near itself");
        let km = n["distance"].as_f64().expect("distance");
        assert!(km >= last, "nearby cinemas sorted by distance");
        last = km;
    }
    for city in arr(&detail, "nearbyCities") {
        assert_ne!(
            city["slug"], first["citySlug"],
            "nearby cities exclude the cinema's own city"
        );
    }
    // E-cards of the site, priced per seat.
    let ecards = arr(&detail, "ecards");
    assert!(!ecards.is_empty(), "fr cinemas sell e-cards");
    for e in ecards {
        let (single, total) = (
            e["singleTtcAmount"].as_f64().unwrap(),
            e["ttcAmount"].as_f64().unwrap(),
        );
        assert!(single > 0.0 && single <= total, "{e}");
    }
    // Every cinema of the list has a detail.
    for c in arr(&cinemas, "") {
        let d = api(FR, &format!("/api/cinema/{}?language=en", s(c, "slug"))).await;
        assert_eq!(d["vistaRef"], c["vistaRef"]);
    }
}

#[tokio::test]
async fn cinema_shows_is_a_14_day_schedule_with_live_showtimes() {
    let cinemas = api(FR, "/api/cinemas?language=fr").await;
    let slug = s(&arr(&cinemas, "")[0], "slug").to_string();
    let reply = get(FR, &format!("/api/cinema/{slug}/shows?language=fr")).await;
    reply.assert_status(StatusCode::OK);
    let schedule = reply.json();
    let days = check_schedule(&schedule, &slug);
    assert!(
        days.len() >= 7,
        "a fortnight of showtimes expected, got {} days",
        days.len()
    );
    assert_eq!(days[0], today(), "the schedule starts today");
    for day in obj(&schedule, "days").values() {
        for show in arr(day, "") {
            for st in arr(show, "showtimes") {
                assert_eq!(
                    s(st, "cinema"),
                    slug,
                    "a cinema's schedule holds only its showtimes"
                );
            }
        }
    }
    // Versions are labelled in the language asked for.
    let en = api(FR, &format!("/api/cinema/{slug}/shows?language=en")).await;
    let label = |sch: &Value, version: &str| -> Option<String> {
        obj(sch, "days")
            .values()
            .flat_map(|d| arr(d, ""))
            .flat_map(|s| arr(s, "showtimes"))
            .find_map(|st| {
                (s(&st["version"], "slug") == version)
                    .then(|| s(&st["version"], "label").to_string())
            })
    };
    let (vf_fr, vf_en) = (
        label(&schedule, "vf").expect("vf on fr"),
        label(&en, "vf").expect("vf on fr/en"),
    );
    assert_ne!(vf_fr, vf_en, "version labels follow the language");
    // One day only.
    let one = api(
        FR,
        &format!("/api/cinema/{slug}/shows?language=fr&date=2026-11-22"),
    )
    .await;
    let one_days: Vec<&String> = obj(&one, "days").keys().collect();
    assert_eq!(one_days, vec!["2026-11-22"]);
    assert_eq!(one["days"]["2026-11-22"], schedule["days"]["2026-11-22"]);
    let tomorrow = api(
        FR,
        &format!("/api/cinema/{slug}/shows?language=fr&date=2026-11-23"),
    )
    .await;
    assert_eq!(
        obj(&tomorrow, "days").keys().collect::<Vec<_>>(),
        vec!["2026-11-23"]
    );
    // A day outside the schedule is empty, not an error.
    let far = api(
        FR,
        &format!("/api/cinema/{slug}/shows?language=fr&date=2030-01-01"),
    )
    .await;
    assert!(obj(&far, "days").is_empty());
    // Bad dates.
    for bad in [
        "22-11-2026",
        "2026-13-01",
        "2026-02-30",
        "tomorrow",
        "2026-11-22T10:00",
    ] {
        api_error(
            FR,
            &format!("/api/cinema/{slug}/shows?language=fr&date={bad}"),
            StatusCode::BAD_REQUEST,
            "bad_request",
        )
        .await;
    }
    api_error(
        FR,
        "/api/cinema/no-such-cinema/shows?language=fr",
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
}

#[tokio::test]
async fn cinema_translate_answers_every_language_of_the_site() {
    for (site, host) in [
        (Site::Fr, FR),
        (Site::Nl, NL),
        (Site::Be, "be.localhost"),
        (Site::Ch, "ch.localhost"),
    ] {
        let lang = site.default_language();
        let cinemas = api(host, &format!("/api/cinemas?language={}", lang.code())).await;
        let slug = s(&arr(&cinemas, "")[0], "slug");
        let t = api(
            host,
            &format!("/api/cinema/{slug}/translate?language={}", lang.code()),
        )
        .await;
        let keys: BTreeSet<&str> = obj(&t, "").keys().map(String::as_str).collect();
        let expected: BTreeSet<&str> = site.languages().iter().map(|l| l.code()).collect();
        assert_eq!(keys, expected, "{site}: translate keys");
        assert_eq!(
            s(&t, lang.code()),
            slug,
            "{site}: the slug in the asked language is the slug asked"
        );
    }
}

#[tokio::test]
async fn cities_and_city_detail() {
    let cities = api(FR, "/api/cities?language=fr").await;
    let list = arr(&cities, "");
    assert!(list.len() >= 30, "fr has many cities: {}", list.len());
    let cinemas = api(FR, "/api/cinemas?language=fr").await;
    let mut per_city: HashMap<&str, usize> = HashMap::new();
    for c in arr(&cinemas, "") {
        *per_city.entry(s(c, "citySlug")).or_default() += 1;
    }
    let mut saw_single = false;
    let mut saw_multi = false;
    for city in list {
        let slug = s(city, "slug");
        let detail = api(FR, &format!("/api/city/{slug}?language=fr")).await;
        assert_eq!(s(&detail, "slug"), slug);
        assert_eq!(detail["name"], city["name"]);
        let its = arr(&detail, "cinemas");
        assert!(!its.is_empty(), "{slug}: a city has cinemas");
        assert!(
            its.iter().all(|c| s(c, "citySlug") == slug),
            "{slug}: foreign cinema in city"
        );
        assert_eq!(its.len(), per_city[slug], "{slug}: all cinemas of the city");
        let single = detail["singlePage"].as_bool().expect("singlePage");
        assert_eq!(
            single,
            its.len() == 1,
            "{slug}: singlePage iff one cinema ({} cinemas)",
            its.len()
        );
        assert_eq!(city["singlePage"], detail["singlePage"]);
        saw_single |= single;
        saw_multi |= !single;
        for near in arr(&detail, "nearby") {
            assert_ne!(s(near, "slug"), slug, "{slug}: a city is not near itself");
        }
    }
    assert!(
        saw_single && saw_multi,
        "both single-cinema and multi-cinema cities"
    );
    let paris = api(FR, "/api/city/paris?language=en").await;
    assert!(arr(&paris, "cinemas").len() > 1);
    assert_eq!(paris["singlePage"], false);
}

#[tokio::test]
async fn zones() {
    let zones = api(FR, "/api/zone?language=fr").await;
    let list = arr(&zones, "");
    assert!(!list.is_empty());
    let first = &list[0];
    let id = s(first, "id");
    let zone = api(FR, &format!("/api/zone/{id}?language=fr")).await;
    assert_eq!(&zone, first);
    assert!(!s(&zone, "name").is_empty());
    let cities: BTreeSet<String> = slugs(&api(FR, "/api/cities?language=fr").await)
        .into_iter()
        .collect();
    for z in list {
        if let Some(city) = z["citySlug"].as_str() {
            assert!(
                cities.contains(city),
                "zone {} names unknown city {city}",
                z["id"]
            );
        }
    }
}

/// Spec §4: "On load failure, fall back to backend geolocation (a zone request for the
/// detected city)": the zone of the city the CDN names (accents and case aside), else the
/// one nearest the CDN's position; null when the CDN says nothing; never cached for others.
#[tokio::test]
async fn zone_here_is_the_cdn_city() {
    let zones = api(FR, "/api/zone?language=fr").await;
    let list = arr(&zones, "");
    let zone = list
        .iter()
        .find(|z| !s(z, "name").is_ascii())
        .unwrap_or(&list[0]);
    let name = s(zone, "name").to_uppercase();
    let reply = get_with(FR, "/api/zone/here?language=fr", &[("CF-IPCity", &name)]).await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(&reply.json(), zone);
    assert_eq!(reply.header("cache-control"), Some("private, no-store"));
    // Accents dropped as some CDNs write them.
    let plain = site::text::fold(&name);
    let reply = get_with(FR, "/api/zone/here?language=fr", &[("CF-IPCity", &plain)]).await;
    assert_eq!(&reply.json(), zone);
    // An unknown city with a position: the nearest zone.
    let other = list
        .iter()
        .rev()
        .find(|z| !z["position"].is_null())
        .unwrap();
    let (x, y) = (
        other["position"]["x"].to_string(),
        other["position"]["y"].to_string(),
    );
    let reply = get_with(
        FR,
        "/api/zone/here?language=fr",
        &[
            ("CF-IPCity", "Nowhere"),
            ("CF-IPLatitude", &x),
            ("CF-IPLongitude", &y),
        ],
    )
    .await;
    assert_eq!(&reply.json(), other);
    // Nothing from the CDN: no zone, said without an error.
    let reply = get(FR, "/api/zone/here?language=fr").await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(reply.json(), Value::Null);
}

// ---------------------------------------------------------------------------------------------
// Catalogue: shows, events, experiences
// ---------------------------------------------------------------------------------------------

/// A bookable show with showtimes on fr, and one (cinema, day) where it plays.
async fn playing_show() -> (String, String, String) {
    let fr = site_content(Site::Fr);
    let st = fr
        .showtimes
        .iter()
        .find(|s| !fr.gone_shows.contains(&s.show))
        .expect("fr has showtimes");
    (
        st.show.clone(),
        st.cinema.clone(),
        st.datetime.date_naive().format("%Y-%m-%d").to_string(),
    )
}

#[tokio::test]
async fn shows_list_show_detail_and_translate() {
    let shows = api(FR, "/api/shows?language=fr").await;
    let list = arr(&shows, "");
    assert!(list.len() >= 50, "fr has many shows: {}", list.len());
    assert!(
        list.iter().any(|s| s["isMovie"] == true) && list.iter().any(|s| s["isMovie"] == false)
    );
    let slug = s(&list[0], "slug");
    let show = api(FR, &format!("/api/show/{slug}?language=fr")).await;
    assert_eq!(s(&show, "slug"), slug);
    assert_eq!(show["title"], list[0]["title"]);
    assert_eq!(show["reference"], list[0]["reference"]);
    assert!(show["duration"].as_u64().is_some_and(|d| d > 0));
    let en = api(FR, &format!("/api/show/{slug}?language=en")).await;
    assert_eq!(en["reference"], show["reference"]);
    // Titles and synopses are translated for at least some shows.
    let en_list = api(FR, "/api/shows?language=en").await;
    let differs = arr(&en_list, "")
        .iter()
        .zip(list)
        .filter(|(a, b)| a["title"] != b["title"])
        .count();
    assert!(differs > 0, "show titles are translated");
    let t = api(FR, &format!("/api/show/{slug}/translate?language=fr")).await;
    let keys: BTreeSet<&str> = obj(&t, "").keys().map(String::as_str).collect();
    assert_eq!(keys, BTreeSet::from(["fr", "en"]));
    assert_eq!(s(&t, "fr"), slug);
    api(FR, &format!("/api/show/{}?language=en", s(&t, "en"))).await;
}

#[tokio::test]
async fn show_cinemas_and_showtimes_of_a_day() {
    let (show, cinema, day) = playing_show().await;
    let reply = get(FR, &format!("/api/show/{show}/cinemas?language=fr")).await;
    reply.assert_status(StatusCode::OK);
    assert!(
        reply.max_age().is_some_and(|a| a <= 60),
        "show cinemas are live: {:?}",
        reply.header("cache-control")
    );
    let cinemas = reply.json();
    let list = slugs(&cinemas);
    assert!(list.contains(&cinema), "{cinema} plays {show}: {list:?}");
    let fr = site_content(Site::Fr);
    let expected: BTreeSet<&str> = fr
        .showtimes
        .iter()
        .filter(|s| s.show == show)
        .map(|s| s.cinema.as_str())
        .collect();
    assert_eq!(
        list.iter().map(String::as_str).collect::<BTreeSet<_>>(),
        expected
    );

    let uri = format!("/api/show/{show}/showtimes/{cinema}/{day}?language=fr");
    let reply = get(FR, &uri).await;
    reply.assert_status(StatusCode::OK);
    assert!(reply.max_age().is_some_and(|a| a <= 60));
    let showtimes = reply.json();
    let list = arr(&showtimes, "");
    let expected = fr
        .showtimes
        .iter()
        .filter(|s| s.show == show && s.cinema == cinema && s.datetime.date_naive() == date(&day))
        .count();
    assert_eq!(list.len(), expected);
    assert!(!list.is_empty());
    for st in list {
        check_showtime(st, &uri);
        assert_eq!(s(st, "show"), show);
        assert_eq!(s(st, "cinema"), cinema);
        assert_eq!(&s(st, "datetime")[..10], day);
    }
    api_error(
        FR,
        &format!("/api/show/{show}/showtimes/{cinema}/not-a-date?language=fr"),
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    api_error(
        FR,
        &format!("/api/show/{show}/showtimes/no-such-cinema/{day}?language=fr"),
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    api_error(
        FR,
        &format!("/api/show/no-such-show/showtimes/{cinema}/{day}?language=fr"),
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    let none = api(
        FR,
        &format!("/api/show/{show}/showtimes/{cinema}/2030-01-01?language=fr"),
    )
    .await;
    assert_eq!(none, Value::Array(vec![]));
}

#[tokio::test]
async fn gone_shows_answer_410_and_are_not_listed() {
    let gone = &site_content(Site::Fr).gone_shows;
    assert!(!gone.is_empty(), "the demo has gone shows on fr");
    let listed: BTreeSet<String> = slugs(&api(FR, "/api/shows?language=fr").await)
        .into_iter()
        .collect();
    let events = api(FR, "/api/events?language=fr").await;
    let event_shows: BTreeSet<String> = slugs(&events["shows"]).into_iter().collect();
    let featured: BTreeSet<String> = slugs(&api(FR, "/api/featured?type=show&language=fr").await)
        .into_iter()
        .collect();
    let (_, cinema, day) = playing_show().await;
    for slug in gone {
        assert!(!listed.contains(slug), "/shows lists gone show {slug}");
        assert!(
            !event_shows.contains(slug),
            "/events lists gone show {slug}"
        );
        assert!(!featured.contains(slug), "/featured lists gone show {slug}");
        for uri in [
            format!("/api/show/{slug}?language=fr"),
            format!("/api/show/{slug}?language=en"),
            format!("/api/show/{slug}/translate?language=fr"),
            format!("/api/show/{slug}/cinemas?language=fr"),
            format!("/api/show/{slug}/showtimes/{cinema}/{day}?language=fr"),
        ] {
            let body = api_error(FR, &uri, StatusCode::GONE, "gone").await;
            assert!(s(&body, "message").contains(slug.as_str()), "{uri}: {body}");
        }
    }
}

#[tokio::test]
async fn vod_tags_and_versions() {
    let vod = api(FR, "/api/vod?language=fr").await;
    let list = arr(&vod, "");
    assert!(!list.is_empty(), "fr has VOD");
    for v in list {
        assert!(!s(v, "title").is_empty() && !s(v, "slug").is_empty());
        assert!(s(v, "url").starts_with("https://"), "{v}");
    }

    let tags = api(FR, "/api/tags?language=fr").await;
    let known = [
        "3d",
        "4dx",
        "4DXSCREENX",
        "DBOX",
        "dolby",
        "dolby_atmos",
        "cinekids",
        "imax",
        "live",
        "mome",
        "nuggi",
        "ONX",
        "AVP",
        "avp-equipe",
        "screenx",
        "PREMIUM",
        "hearing-impaired",
        "audiodesc",
        "pmr",
    ];
    let got: BTreeSet<String> = slugs(&tags).into_iter().collect();
    for slug in known {
        assert!(got.contains(slug), "tag {slug} missing from /tags: {got:?}");
    }
    for tag in arr(&tags, "") {
        assert!(
            !s(tag, "title").is_empty(),
            "tag {} has no title",
            tag["slug"]
        );
    }

    let versions = api(FR, "/api/versions?language=fr").await;
    let fr_versions: BTreeMap<&str, &str> = arr(&versions, "")
        .iter()
        .map(|v| (s(v, "slug"), s(v, "label")))
        .collect();
    assert!(
        fr_versions.contains_key("vf") && fr_versions.contains_key("vost"),
        "{fr_versions:?}"
    );
    let en = api(FR, "/api/versions?language=en").await;
    let en_versions: BTreeMap<&str, &str> = arr(&en, "")
        .iter()
        .map(|v| (s(v, "slug"), s(v, "label")))
        .collect();
    assert_eq!(
        fr_versions.keys().collect::<Vec<_>>(),
        en_versions.keys().collect::<Vec<_>>()
    );
    assert_ne!(
        fr_versions["vf"], en_versions["vf"],
        "version labels are translated"
    );
}

#[tokio::test]
async fn events_seasons_and_event_shows() {
    let events = api(FR, "/api/events?language=fr").await;
    let seasons = arr(&events, "seasons");
    assert!(!seasons.is_empty(), "fr has seasons");
    assert!(
        seasons.iter().all(|s| s["active"] == true),
        "the events page lists active seasons only"
    );
    let shows = arr(&events, "shows");
    assert!(
        !shows.is_empty() && shows.iter().all(|s| s["isMovie"] == false),
        "event shows are not movies"
    );

    let slug = s(&seasons[0], "slug");
    let reply = get(FR, &format!("/api/event/{slug}?language=fr")).await;
    reply.assert_status(StatusCode::OK);
    assert!(reply.etag().is_some());
    let event = reply.json();
    assert_eq!(s(&event, "slug"), slug);
    assert!(event["redirectSlug"].is_null());
    let event_shows = api(FR, &format!("/api/event/{slug}/shows?language=fr")).await;
    let show_slugs: BTreeSet<String> = slugs(&event_shows).into_iter().collect();
    assert!(!show_slugs.is_empty(), "season {slug} has shows");
    let by_cinema = obj(&event, "showtimes");
    assert!(!by_cinema.is_empty(), "season {slug} has showtimes");
    for (cinema, by_show) in by_cinema {
        for (show, showtimes) in obj(by_show, "") {
            assert!(show_slugs.contains(show), "{show} is not a show of {slug}");
            for st in arr(showtimes, "") {
                check_showtime(st, slug);
                assert_eq!(s(st, "cinema"), cinema);
                assert_eq!(s(st, "show"), show);
            }
        }
    }
}

#[tokio::test]
async fn moved_season_carries_its_redirect_slug() {
    let mut found = 0;
    for (site, host) in [(Site::Fr, FR), (Site::Nl, NL)] {
        for &lang in site.languages() {
            for season in &locale(site, lang).seasons {
                let Some(target) = &season.season.redirect_slug else {
                    continue;
                };
                found += 1;
                let event = api(
                    host,
                    &format!("/api/event/{}?language={}", season.season.slug, lang.code()),
                )
                .await;
                assert_eq!(s(&event, "redirectSlug"), target);
                assert_eq!(s(&event, "slug"), season.season.slug);
                let moved_to = api(
                    host,
                    &format!("/api/event/{target}?language={}", lang.code()),
                )
                .await;
                assert_eq!(s(&moved_to, "slug"), target);
                assert!(
                    moved_to["redirectSlug"].is_null(),
                    "the redirect target is not itself moved"
                );
            }
        }
    }
    assert!(found > 0, "the demo has a moved season (redirectSlug)");
}

#[tokio::test]
async fn experiences_technologies_and_groups() {
    let gpxp = api(FR, "/api/gpxp?language=fr").await;
    let list = arr(&gpxp, "");
    assert!(!list.is_empty(), "fr has experiences");
    let imax = list.iter().find(|e| e["tag"] == "imax").unwrap_or(&list[0]);
    let slug = s(imax, "slug");
    let tag = imax["tag"].as_str().unwrap_or(slug);
    let detail = api(FR, &format!("/api/gpxp/{slug}?language=fr")).await;
    assert_eq!(&detail, imax);

    let uri = format!("/api/gpxp/{slug}/shows?language=fr&date=2026-11-23");
    let reply = get(FR, &uri).await;
    reply.assert_status(StatusCode::OK);
    assert!(reply.max_age().is_some_and(|a| a <= 60));
    let schedule = reply.json();
    let days = check_schedule(&schedule, &uri);
    assert_eq!(days, vec![date("2026-11-23")]);
    let mut count = 0;
    for show in arr(&schedule["days"]["2026-11-23"], "") {
        for st in arr(show, "showtimes") {
            assert!(
                arr(st, "tags").iter().any(|t| t == tag),
                "{uri}: showtime without the {tag} tag"
            );
            count += 1;
        }
    }
    assert!(count > 0, "{uri}: {tag} showtimes on 2026-11-23");
    api_error(
        FR,
        &format!("/api/gpxp/{slug}/shows?language=fr&date=23/11/2026"),
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;

    let techs = api(FR, "/api/technologies?language=fr").await;
    let techs = arr(&techs, "");
    assert!(!techs.is_empty());
    assert!(techs.iter().all(|t| !s(t, "title").is_empty()));

    let group = &locale(Site::Fr, Lang::Fr).experience_groups[0];
    let g = api(
        FR,
        &format!(
            "/api/experience-group/{}?language=fr",
            group.experience.slug
        ),
    )
    .await;
    assert_eq!(s(&g, "slug"), group.experience.slug);
    assert!(!arr(&g, "articles").is_empty(), "the group has articles");
}

// ---------------------------------------------------------------------------------------------
// Editorial: master templates, news, offers, articles, featured
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn master_templates() {
    let pages = api(FR, "/api/master-template/pages?language=fr").await;
    let list = arr(&pages, "");
    assert!(!list.is_empty());
    let slug = s(&list[0], "slug");
    let page = api(FR, &format!("/api/master-template/page/{slug}?language=fr")).await;
    assert_eq!(&page, &list[0]);
    let t = api(
        FR,
        &format!("/api/master-template/page/{slug}/translate?language=fr"),
    )
    .await;
    assert_eq!(s(&t, "fr"), slug);
    let en_slug = s(&t, "en");
    let en = api(
        FR,
        &format!("/api/master-template/page/{en_slug}?language=en"),
    )
    .await;
    assert_eq!(en["reference"], page["reference"]);
    // A French slug does not exist in English.
    if en_slug != slug {
        api_error(
            FR,
            &format!("/api/master-template/page/{slug}?language=en"),
            StatusCode::NOT_FOUND,
            "not_found",
        )
        .await;
    }
}

#[tokio::test]
async fn news_list_item_and_translate() {
    let news = api(FR, "/api/news?language=fr").await;
    let items = arr(&news, "news");
    assert!(items.len() >= 3, "fr has news");
    let highlighted = arr(&news, "highlighted");
    assert!(!highlighted.is_empty() && highlighted.len() <= items.len());
    for h in highlighted {
        assert!(items.contains(h), "highlighted news are news");
    }
    assert!(
        items.iter().all(|a| a["redirectSlug"].is_null()),
        "moved articles are not listed"
    );
    let dates: Vec<&str> = items.iter().map(|a| s(a, "releaseDate")).collect();
    assert!(
        dates.windows(2).all(|w| w[0] >= w[1]),
        "news newest first: {dates:?}"
    );
    assert!(
        !arr(&news, "offers").is_empty(),
        "the news list carries offers"
    );
    assert_eq!(api(FR, "/api/news-offers?language=fr").await, news);

    // A translated news item: different slugs in French and English on the fr site.
    let mut checked = 0;
    for item in items {
        let slug = s(item, "slug");
        let detail = api(FR, &format!("/api/news/{slug}?language=fr")).await;
        assert_eq!(&detail, item);
        let t = api(FR, &format!("/api/news/{slug}/translate?language=fr")).await;
        assert_eq!(
            obj(&t, "").keys().collect::<BTreeSet<_>>(),
            BTreeSet::from([&"en".to_string(), &"fr".to_string()])
        );
        assert_eq!(s(&t, "fr"), slug);
        let en_slug = s(&t, "en");
        if en_slug != slug {
            checked += 1;
            let en = api(FR, &format!("/api/news/{en_slug}?language=en")).await;
            assert_eq!(en["reference"], item["reference"]);
            assert_ne!(
                en["title"], item["title"],
                "the English news item is in English"
            );
            let back = api(FR, &format!("/api/news/{en_slug}/translate?language=en")).await;
            assert_eq!(back, t, "translate is the same from either language");
        }
    }
    assert!(
        checked > 0,
        "at least one news item has a different English slug on fr"
    );
}

#[tokio::test]
async fn offers_page_promotions_temporary_and_offer() {
    let page = api(FR, "/api/offers/page?language=fr").await;
    assert!(!s(&page, "title").is_empty());
    assert!(!arr(&page, "blockOrder").is_empty());
    let promos = api(FR, "/api/offers/promotion?language=fr").await;
    assert!(!arr(&promos, "").is_empty());
    assert!(arr(&promos, "").iter().all(|p| !s(p, "title").is_empty()));
    let temporary = api(FR, "/api/offers/temporary?language=fr").await;
    let list = arr(&temporary, "");
    assert!(!list.is_empty());
    let orders: Vec<i64> = list
        .iter()
        .map(|o| o["ordering"].as_i64().unwrap_or(0))
        .collect();
    assert!(
        orders.windows(2).all(|w| w[0] <= w[1]),
        "temporary offers sorted by ordering: {orders:?}"
    );

    let news = api(FR, "/api/news?language=fr").await;
    let offer = &arr(&news, "offers")[0];
    let slug = s(offer, "slug");
    let detail = api(FR, &format!("/api/offer/{slug}?language=fr")).await;
    assert_eq!(&detail, offer);
    assert_eq!(s(&detail, "type"), "offer");
    let t = api(FR, &format!("/api/offer/{slug}/translate?language=fr")).await;
    assert_eq!(s(&t, "fr"), slug);
    let en = api(FR, &format!("/api/offer/{}?language=en", s(&t, "en"))).await;
    assert_eq!(en["reference"], detail["reference"]);
    // An offer is an article too.
    assert_eq!(
        s(
            &api(FR, &format!("/api/article/{slug}?language=fr")).await,
            "slug"
        ),
        slug
    );
}

#[tokio::test]
async fn articles_and_their_translations() {
    let news = api(FR, "/api/news?language=fr").await;
    let item = &arr(&news, "news")[0];
    let slug = s(item, "slug");
    let article = api(FR, &format!("/api/article/{slug}?language=fr")).await;
    assert_eq!(&article, item);
    let t = api(FR, &format!("/api/article/{slug}/translate?language=fr")).await;
    assert_eq!(
        t,
        api(FR, &format!("/api/news/{slug}/translate?language=fr")).await
    );
    // Experience articles are articles too.
    let xp = &locale(Site::Fr, Lang::Fr).experience_articles[0].article;
    let a = api(FR, &format!("/api/article/{}?language=fr", xp.slug)).await;
    assert_eq!(s(&a, "reference"), xp.reference);
    let t = api(
        FR,
        &format!("/api/article/{}/translate?language=fr", xp.slug),
    )
    .await;
    assert_eq!(s(&t, "fr"), xp.slug);
    assert!(!s(&t, "en").is_empty());
}

#[tokio::test]
async fn moved_article_carries_its_redirect_slug() {
    let mut found = 0;
    for (site, host) in [(Site::Fr, FR), (Site::Nl, NL)] {
        for &lang in site.languages() {
            for article in &locale(site, lang).articles {
                let Some(target) = &article.redirect_slug else {
                    continue;
                };
                found += 1;
                let a = api(
                    host,
                    &format!("/api/article/{}?language={}", article.slug, lang.code()),
                )
                .await;
                assert_eq!(s(&a, "redirectSlug"), target);
                let moved_to = api(
                    host,
                    &format!("/api/article/{target}?language={}", lang.code()),
                )
                .await;
                assert_eq!(s(&moved_to, "slug"), target);
                assert!(
                    moved_to["redirectSlug"].is_null(),
                    "the redirect target is not itself moved"
                );
                let n = api(
                    host,
                    &format!("/api/news/{}?language={}", article.slug, lang.code()),
                )
                .await;
                assert_eq!(s(&n, "redirectSlug"), target);
            }
        }
    }
    assert!(found > 0, "the demo has a moved article (redirectSlug)");
}

#[tokio::test]
async fn featured_by_type() {
    let shows = api(FR, "/api/featured?type=show&language=fr").await;
    let list = arr(&shows, "");
    assert!(!list.is_empty() && list.len() <= 6);
    assert!(
        list.iter()
            .all(|s| s["bookable"] == true && s["comingSoon"] == false),
        "featured shows are bookable now"
    );
    // In the home list's order of spec §9: weights, then `orders.home`.
    let content = FIXTURE
        .snapshot
        .locale(site::Site::Fr, site::Lang::Fr)
        .expect("French content");
    let gone = &FIXTURE.snapshot.site(site::Site::Fr).unwrap().gone_shows;
    let mut expected: Vec<&site::content::Show> = content
        .shows
        .iter()
        .filter(|s| s.bookable && !s.coming_soon && !gone.contains(&s.slug))
        .collect();
    let cx = site::rules::OrderContext {
        favourites: &[],
        tags: &content.tags,
    };
    site::rules::order_shows(&mut expected, site::rules::ShowList::Home, &cx, |s| s);
    let expected: Vec<&str> = expected
        .iter()
        .take(list.len())
        .map(|s| s.slug.as_str())
        .collect();
    let got: Vec<&str> = list.iter().map(|s| s["slug"].as_str().unwrap()).collect();
    assert_eq!(got, expected, "featured shows in the spec's home order");
    assert_eq!(
        api(FR, "/api/featured?language=fr").await,
        shows,
        "type defaults to show"
    );
    let news = api(FR, "/api/featured?type=news&language=fr").await;
    let list = arr(&news, "");
    let all_news = api(FR, "/api/news?language=fr").await;
    assert!(!list.is_empty() && list.len() <= 6);
    for item in list {
        assert!(
            item["redirectSlug"].is_null(),
            "a moved article is not featured"
        );
        assert!(
            arr(&all_news, "news").contains(item),
            "featured news {} is not in /news",
            item["slug"]
        );
    }
    let offers = api(FR, "/api/featured?type=offer&language=fr").await;
    let list = arr(&offers, "");
    assert!(!list.is_empty() && list.iter().all(|a| s(a, "type") == "offer"));
    for bad in ["bogus", "SHOW", ""] {
        let body = api_error(
            FR,
            &format!("/api/featured?type={bad}&language=fr"),
            StatusCode::BAD_REQUEST,
            "bad_request",
        )
        .await;
        assert!(s(&body, "message").contains("featured type"), "{body}");
    }
}

// ---------------------------------------------------------------------------------------------
// Site-wide: settings, footer, FAQ, e-cards, subscription, translations
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn settings_resolve_the_site_features() {
    let fr = api(FR, "/api/settings").await;
    assert_eq!(fr["website"], "fr");
    let resolved = &fr["siteFeaturesResolved"];
    assert_eq!(
        resolved["voucherCheckerEnabled"], true,
        "fr enables the voucher checker"
    );
    assert_eq!(resolved["authenticationEnabled"], true);
    assert_eq!(
        fr["features"]["voucherCheckerEnabled"], false,
        "the default is off; only the override turns it on"
    );
    assert!(s(&fr, "tunnelUrl").starts_with("https://"));
    let tn = api("tn.localhost", "/api/settings?language=fr").await;
    assert_eq!(tn["website"], "tn");
    assert_eq!(
        tn["siteFeaturesResolved"]["authenticationEnabled"], false,
        "tn disables authentication"
    );
    assert_eq!(tn["siteFeaturesResolved"]["voucherCheckerEnabled"], false);
    let be = api("be.localhost", "/api/settings").await;
    assert_eq!(
        be["siteFeaturesResolved"]["authenticationEnabled"], true,
        "be keeps the default"
    );
    // Settings take no language: any language is accepted and changes nothing.
    assert_eq!(api(FR, "/api/settings?language=en").await, fr);
}

#[tokio::test]
async fn footer_and_footer_faq() {
    let footer = api(FR, "/api/footer?language=fr").await;
    assert!(!arr(&footer, "columns").is_empty());
    let social = arr(&footer, "socialNetworks");
    assert!(
        social.iter().any(|n| s(n, "label") == "X"),
        "a social link labelled X: {social:?}"
    );
    assert!(social.iter().all(|n| s(n, "url").starts_with("https://")));
    let faq = api(FR, "/api/footer/faq?language=fr").await;
    let faq = arr(&faq, "");
    assert!(!faq.is_empty());
    assert!(
        faq.iter()
            .all(|q| !s(q, "title").is_empty() && !s(q, "description").is_empty()),
        "footer FAQ needs both"
    );
    let en = api(FR, "/api/footer?language=en").await;
    assert_ne!(en["columns"], footer["columns"], "the footer is translated");
}

#[tokio::test]
async fn faq_articles_and_categories() {
    for (site, host) in [(Site::Fr, FR), (Site::Nl, NL)] {
        for &lang in site.languages() {
            let content = locale(site, lang);
            assert!(!content.faq_articles.is_empty(), "{site}/{lang} has FAQ");
            let article = &content.faq_articles[0];
            let by_slug = api(
                host,
                &format!(
                    "/api/faq/article/slug/{}?language={}",
                    article.slug,
                    lang.code()
                ),
            )
            .await;
            assert_eq!(s(&by_slug, "id"), article.id);
            assert_eq!(s(&by_slug, "slug"), article.slug);
            let by_id = api(
                host,
                &format!(
                    "/api/faq/article/id/{}?language={}",
                    article.id,
                    lang.code()
                ),
            )
            .await;
            assert_eq!(by_id, by_slug);
            let category_id = s(&by_slug["category"], "id");
            let category = api(
                host,
                &format!("/api/faq/category/{category_id}?language={}", lang.code()),
            )
            .await;
            assert_eq!(s(&category, "id"), category_id);
            let articles = arr(&category, "articles");
            assert!(
                articles.iter().any(|a| s(a, "id") == article.id),
                "the category lists its article"
            );
            assert!(articles
                .iter()
                .all(|a| s(&a["category"], "id") == category_id));
        }
    }
    // Belgium has no help centre.
    let first = &locale(Site::Fr, Lang::Fr).faq_articles[0];
    let category = &first.category.id;
    api_error(
        "be.localhost",
        &format!("/api/faq/category/{category}?language=fr"),
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    api_error(
        "be.localhost",
        &format!("/api/faq/article/id/{}?language=fr", first.id),
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    api_error(
        "be.localhost",
        &format!("/api/faq/article/slug/{}?language=fr", first.slug),
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
}

#[tokio::test]
async fn ecards_with_empty_terms_as_null() {
    for uri in [
        "/api/ecards?language=fr",
        "/api/cms/1.0.0/ecards?language=fr",
    ] {
        let ecards = api(FR, uri).await;
        let list = arr(&ecards, "");
        assert!(list.len() >= 2, "{uri}: fr sells several e-cards");
        let three = list
            .iter()
            .find(|e| e["seats"] == 3)
            .unwrap_or_else(|| panic!("{uri}: no 3-seat card"));
        assert!(
            three.get("terms").is_none_or(Value::is_null),
            "{uri}: the 3-seat card has no terms: {three}"
        );
        assert!(!s(three, "label").is_empty());
        let five = list
            .iter()
            .find(|e| e["seats"] == 5)
            .expect("a 5-seat card");
        assert!(!s(five, "terms").is_empty(), "the 5-seat card has terms");
        for e in list {
            assert!(
                e.get("terms")
                    .is_none_or(|t| t.is_null() || t.as_str().is_some_and(|t| !t.is_empty())),
                "{uri}: empty terms must be null"
            );
            assert!(
                e.get("label")
                    .is_none_or(|t| t.is_null() || t.as_str().is_some_and(|t| !t.is_empty())),
                "{uri}: empty label must be null"
            );
        }
    }
    assert_eq!(
        api(FR, "/api/ecards?language=en").await,
        api(FR, "/api/cms/1.0.0/ecards?language=en").await
    );
}

#[tokio::test]
async fn cinepass_and_subscription_offers() {
    let pass = api(FR, "/api/cinepass?language=fr").await;
    assert_eq!(pass["maintenance"], false);
    let offers = arr(&pass, "offers");
    assert!(!offers.is_empty());
    let current = api(FR, "/api/cinepass/current-shows?language=fr").await;
    assert_eq!(current, pass["currentShows"]);
    assert!(!arr(&current, "").is_empty());
    let gone = &site_content(Site::Fr).gone_shows;
    assert!(
        slugs(&current).iter().all(|slug| !gone.contains(slug)),
        "current shows exclude gone shows"
    );
    let sub = api(
        FR,
        "/api/cms/1.0.0/subscription/subscription-offers?language=fr",
    )
    .await;
    assert_eq!(&sub, &pass["offers"]);
    for o in arr(&sub, "") {
        assert!(
            !s(o, "id").is_empty() && o["monthlyPrice"].as_f64().is_some_and(|p| p > 0.0),
            "{o}"
        );
    }
    // A site without subscriptions says so with a 404, not an empty 200.
    for site in Site::ALL {
        let lang = site.default_language();
        if locale(site, lang).subscription.is_none() {
            let host = format!("{}.localhost", site.code());
            for path in [
                "/api/cinepass",
                "/api/cinepass/current-shows",
                "/api/cms/1.0.0/subscription/subscription-offers",
            ] {
                api_error(
                    &host,
                    &format!("{path}?language={}", lang.code()),
                    StatusCode::NOT_FOUND,
                    "not_found",
                )
                .await;
            }
        }
    }
}

#[tokio::test]
async fn i18n_files_are_served_outside_api() {
    for lang in ["fr", "en", "de", "nl"] {
        let reply = get(FR, &format!("/assets/i18n/{lang}.json")).await;
        reply.assert_status(StatusCode::OK);
        assert!(reply.etag().is_some(), "i18n files carry an ETag");
        let body = reply.json();
        let file =
            std::fs::read_to_string(format!("{LOCALES_DIR}/{lang}.json")).expect("locale file");
        let expected: Value = serde_json::from_str(&file).expect("locale file is JSON");
        assert_eq!(body, expected, "{lang}.json is the locales file");
        assert!(obj(&body, "").len() > 3);
    }
    assert_ne!(
        get(FR, "/assets/i18n/fr.json").await.body,
        get(FR, "/assets/i18n/de.json").await.body
    );
    api_error(
        FR,
        "/assets/i18n/xx.json",
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    let reply = get(FR, "/assets/i18n/fr").await;
    assert!(
        reply.status.is_client_error(),
        "fr without .json: {}",
        reply.status
    );
    // Not under /api.
    let reply = get(FR, "/api/assets/i18n/fr.json").await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

// ---------------------------------------------------------------------------------------------
// Not found, showtime status, caching
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn unknown_slugs_are_json_404s_on_every_detail_endpoint() {
    let (show, cinema, day) = playing_show().await;
    let season = &locale(Site::Fr, Lang::Fr).seasons[0].season.slug;
    let missing = "no-such-thing-404";
    let uris = [
        format!("/api/cinema/{missing}"),
        format!("/api/cinema/{missing}/shows"),
        format!("/api/cinema/{missing}/translate"),
        format!("/api/city/{missing}"),
        format!("/api/show/{missing}"),
        format!("/api/show/{missing}/translate"),
        format!("/api/show/{missing}/cinemas"),
        format!("/api/show/{show}/showtimes/{missing}/{day}"),
        format!("/api/show/{missing}/showtimes/{cinema}/{day}"),
        format!("/api/event/{missing}"),
        format!("/api/event/{missing}/shows"),
        format!("/api/gpxp/{missing}"),
        format!("/api/gpxp/{missing}/shows"),
        format!("/api/experience-group/{missing}"),
        format!("/api/news/{missing}"),
        format!("/api/news/{missing}/translate"),
        format!("/api/offer/{missing}"),
        format!("/api/offer/{missing}/translate"),
        format!("/api/article/{missing}"),
        format!("/api/article/{missing}/translate"),
        format!("/api/master-template/page/{missing}"),
        format!("/api/master-template/page/{missing}/translate"),
        format!("/api/faq/article/slug/{missing}"),
        format!("/api/faq/article/id/{missing}"),
        format!("/api/faq/category/{missing}"),
        format!("/api/zone/{missing}"),
        // A real slug of another kind is still unknown here.
        format!("/api/cinema/{show}"),
        format!("/api/show/{cinema}"),
        format!("/api/offer/{season}"),
    ];
    for uri in uris {
        for lang in ["fr", "en"] {
            let body = api_error(
                FR,
                &format!("{uri}?language={lang}"),
                StatusCode::NOT_FOUND,
                "not_found",
            )
            .await;
            assert!(s(&body, "message").contains("not found"), "{uri}: {body}");
        }
    }
}

#[tokio::test]
async fn showtime_status_is_computed_at_request_time() {
    let now = now();
    let fr = site_content(Site::Fr);
    let raw: HashMap<&str, ShowtimeStatus> = fr
        .showtimes
        .iter()
        .map(|s| (s.id.as_str(), s.status))
        .collect();
    let cinemas = api(FR, "/api/cinemas?language=fr").await;
    let (mut locked, mut available, mut soldout) = (0, 0, 0);
    let mut soldout_anywhere = 0;
    for c in arr(&cinemas, "") {
        let slug = s(c, "slug");
        let schedule = api(
            FR,
            &format!("/api/cinema/{slug}/shows?language=fr&date=2026-11-22"),
        )
        .await;
        for show in obj(&schedule, "days").values().flat_map(|d| arr(d, "")) {
            for st in arr(show, "showtimes") {
                let id = s(st, "id");
                let start = instant(s(st, "datetime")).with_timezone(&chrono::Utc);
                let status = s(st, "status");
                let from_ticketing = raw[id];
                if start < now - Duration::minutes(15) {
                    // Booking closed 15 minutes after the start, before now.
                    assert_ne!(
                        status, "available",
                        "{id} started at {start}, before 11:45Z, yet is available"
                    );
                    let expected = if from_ticketing == ShowtimeStatus::Soldout {
                        "soldout"
                    } else {
                        "locked"
                    };
                    assert_eq!(status, expected, "{id} started at {start}");
                } else if start >= now {
                    assert_ne!(
                        status, "locked",
                        "{id} starts at {start}, after now, yet is locked"
                    );
                }
                if let Some(end) = st["reservabilityEnd"].as_str() {
                    let end = instant(end).with_timezone(&chrono::Utc);
                    let expected = match from_ticketing {
                        ShowtimeStatus::Soldout => "soldout",
                        _ if end < now => "locked",
                        _ => "available",
                    };
                    assert_eq!(status, expected, "{id}: reservability end {end}, now {now}");
                }
                match status {
                    "locked" => locked += 1,
                    "available" => available += 1,
                    _ => soldout += 1,
                }
            }
        }
        // Later days: nothing is locked yet.
        let tomorrow = api(
            FR,
            &format!("/api/cinema/{slug}/shows?language=fr&date=2026-11-23"),
        )
        .await;
        for show in obj(&tomorrow, "days").values().flat_map(|d| arr(d, "")) {
            for st in arr(show, "showtimes") {
                assert_ne!(
                    s(st, "status"),
                    "locked",
                    "a showtime of tomorrow is locked: {}",
                    s(st, "id")
                );
                soldout_anywhere += usize::from(s(st, "status") == "soldout");
            }
        }
    }
    assert!(
        locked > 0,
        "morning showtimes of 2026-11-22 are locked at 12:00Z"
    );
    assert!(
        available > 0,
        "afternoon showtimes of 2026-11-22 are available at 12:00Z"
    );
    assert!(
        soldout + soldout_anywhere > 0,
        "at least one soldout showtime on fr"
    );
    // The snapshot itself never says locked: the API derives it.
    assert!(fr
        .showtimes
        .iter()
        .all(|s| s.status != ShowtimeStatus::Locked));
}

/// Every content endpoint with a real item, for the ETag checks.
async fn every_content_uri() -> Vec<String> {
    let (show, cinema, day) = playing_show().await;
    let fr = locale(Site::Fr, Lang::Fr);
    let city = &fr.cities[0].city.slug;
    let season = &fr.seasons[0].season.slug;
    let xp = &fr.experiences[0].slug;
    let group = &fr.experience_groups[0].experience.slug;
    let master = &fr.master_templates[0].slug;
    let news = &fr
        .articles
        .iter()
        .find(|a| a.redirect_slug.is_none())
        .expect("news")
        .slug;
    let offer = &fr.offers[0].article.slug;
    let faq = &fr.faq_articles[0];
    let category = &faq.category.id;
    let zone = &fr.zones[0].id;
    [
        "/api/alerts".to_string(),
        "/api/native-ad".into(),
        "/api/cinemas".into(),
        format!("/api/cinema/{cinema}"),
        format!("/api/cinema/{cinema}/shows"),
        format!("/api/cinema/{cinema}/translate"),
        "/api/cinepass".into(),
        "/api/cinepass/current-shows".into(),
        "/api/cities".into(),
        format!("/api/city/{city}"),
        "/api/ecards".into(),
        "/api/events".into(),
        format!("/api/event/{season}"),
        format!("/api/event/{season}/shows"),
        format!("/api/show/{show}"),
        format!("/api/show/{show}/translate"),
        format!("/api/show/{show}/cinemas"),
        format!("/api/show/{show}/showtimes/{cinema}/{day}"),
        "/api/shows".into(),
        "/api/vod".into(),
        "/api/gpxp".into(),
        format!("/api/gpxp/{xp}"),
        format!("/api/gpxp/{xp}/shows"),
        "/api/technologies".into(),
        format!("/api/experience-group/{group}"),
        "/api/master-template/pages".into(),
        format!("/api/master-template/page/{master}"),
        format!("/api/master-template/page/{master}/translate"),
        "/api/news".into(),
        format!("/api/news/{news}"),
        format!("/api/news/{news}/translate"),
        "/api/offers/page".into(),
        "/api/news-offers".into(),
        "/api/offers/promotion".into(),
        "/api/offers/temporary".into(),
        format!("/api/offer/{offer}"),
        format!("/api/offer/{offer}/translate"),
        format!("/api/article/{news}"),
        format!("/api/article/{news}/translate"),
        "/api/featured?type=show".into(),
        "/api/featured?type=news".into(),
        "/api/featured?type=offer".into(),
        "/api/settings".into(),
        "/api/tags".into(),
        "/api/versions".into(),
        "/api/youtube/latest".into(),
        "/api/zone".into(),
        format!("/api/zone/{zone}"),
        "/api/footer".into(),
        "/api/footer/faq".into(),
        "/api/permanent-autopromo".into(),
        format!("/api/faq/article/slug/{}", faq.slug),
        format!("/api/faq/article/id/{}", faq.id),
        format!("/api/faq/category/{category}"),
        "/api/cms/1.0.0/ecards".into(),
        "/api/cms/1.0.0/subscription/subscription-offers".into(),
    ]
    .into_iter()
    .map(|uri| {
        if uri.contains('?') {
            format!("{uri}&language=fr")
        } else {
            format!("{uri}?language=fr")
        }
    })
    .chain([
        "/assets/i18n/fr.json".to_string(),
        "/assets/i18n/nl.json".to_string(),
    ])
    .collect()
}

#[tokio::test]
async fn etags_and_conditional_requests() {
    for uri in every_content_uri().await {
        let first = get(FR, &uri).await;
        first.assert_status(StatusCode::OK);
        let tag = first
            .etag()
            .unwrap_or_else(|| panic!("{uri}: 200 without ETag"))
            .to_string();
        assert!(first.max_age().is_some(), "{uri}: no max-age");
        // The same request gives the same tag.
        assert_eq!(
            get(FR, &uri).await.etag(),
            Some(tag.as_str()),
            "{uri}: ETag must be stable"
        );
        // A matching If-None-Match: 304, empty body, same tag.
        for header in [
            tag.clone(),
            format!("W/{tag}"),
            format!("\"other\", {tag}"),
            "*".to_string(),
        ] {
            let again = get_with(FR, &uri, &[("if-none-match", header.as_str())]).await;
            assert_eq!(
                again.status,
                StatusCode::NOT_MODIFIED,
                "{uri} with If-None-Match {header}"
            );
            assert!(again.body.is_empty(), "{uri}: a 304 has no body");
            assert_eq!(
                again.etag(),
                Some(tag.as_str()),
                "{uri}: a 304 repeats the ETag"
            );
        }
        // Another tag: the full answer.
        let other = get_with(
            FR,
            &uri,
            &[("if-none-match", "\"0123456789abcdef0123456789abcdef\"")],
        )
        .await;
        other.assert_status(StatusCode::OK);
        assert_eq!(other.body, first.body, "{uri}: same body");
        assert_eq!(other.etag(), Some(tag.as_str()));
    }
    // Tags differ when the content differs.
    let fr = get(FR, "/api/cinemas?language=fr").await;
    let en = get(FR, "/api/cinemas?language=en").await;
    assert_ne!(fr.etag(), en.etag());
    // Errors carry no tag and ignore If-None-Match.
    for uri in [
        "/api/cinema/nope?language=fr",
        "/api/cinemas?language=de",
        "/api/show/the-nothing?language=fr",
    ] {
        let reply = get_with(FR, uri, &[("if-none-match", "*")]).await;
        assert!(reply.status.is_client_error(), "{uri}: {}", reply.status);
        assert!(reply.etag().is_none(), "{uri}: an error has no ETag");
        assert!(!reply.body.is_empty());
    }
    let gone = &site_content(Site::Fr).gone_shows[0];
    let reply = get(FR, &format!("/api/show/{gone}?language=fr")).await;
    assert_eq!(reply.status, StatusCode::GONE);
    assert!(reply.etag().is_none(), "a 410 has no ETag");
}

#[tokio::test]
async fn showtime_answers_are_cached_briefly() {
    let (show, cinema, day) = playing_show().await;
    let season = &locale(Site::Fr, Lang::Fr).seasons[0].season.slug;
    let xp = &locale(Site::Fr, Lang::Fr).experiences[0].slug;
    for uri in [
        format!("/api/cinema/{cinema}/shows?language=fr"),
        format!("/api/show/{show}/cinemas?language=fr"),
        format!("/api/show/{show}/showtimes/{cinema}/{day}?language=fr"),
        format!("/api/event/{season}?language=fr"),
        format!("/api/gpxp/{xp}/shows?language=fr"),
    ] {
        let reply = get(FR, &uri).await;
        reply.assert_status(StatusCode::OK);
        let age = reply
            .max_age()
            .unwrap_or_else(|| panic!("{uri}: no max-age in {:?}", reply.header("cache-control")));
        assert!(age <= 60, "{uri}: showtimes cached {age}s");
        let tag = reply.etag().expect("ETag").to_string();
        let not_modified = get_with(FR, &uri, &[("if-none-match", tag.as_str())]).await;
        assert_eq!(not_modified.status, StatusCode::NOT_MODIFIED);
        assert_eq!(
            not_modified.max_age(),
            Some(age),
            "{uri}: a 304 keeps the short max-age"
        );
    }
}

/// The per-day schedule calls the islands repeat every minute (issue 12, live statuses): each
/// day has its own tag, a matching If-None-Match costs a 304 with no body, and another day (or
/// the answer without the shows' data) is another tag.
#[tokio::test]
async fn each_day_of_a_schedule_has_its_tag_and_an_unchanged_day_is_a_304() {
    let (show, cinema, day) = playing_show().await;
    let fr = locale(Site::Fr, Lang::Fr);
    let city = &fr
        .cinemas
        .iter()
        .find(|c| c.cinema.slug == cinema)
        .expect("the showtime's cinema")
        .cinema
        .city_slug;
    let next = (NaiveDate::parse_from_str(&day, "%Y-%m-%d").expect("a date") + Duration::days(1))
        .to_string();
    for call in [
        format!("/api/cinema/{cinema}/shows?embed=false&"),
        format!("/api/cinema/{cinema}/shows?"),
        format!("/api/city/{city}/shows?embed=false&"),
        format!("/api/show/{show}/shows?"),
    ] {
        let uri = format!("{call}date={day}&language=fr");
        let first = get(FR, &uri).await;
        first.assert_status(StatusCode::OK);
        let days = first.json()["days"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            days.keys().collect::<Vec<_>>(),
            vec![&day],
            "{uri}: that day only"
        );
        let tag = first
            .etag()
            .unwrap_or_else(|| panic!("{uri}: no ETag"))
            .to_string();
        let again = get_with(FR, &uri, &[("if-none-match", tag.as_str())]).await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{uri}");
        assert!(again.body.is_empty(), "{uri}: a 304 has no body");
        assert_eq!(
            again.etag(),
            Some(tag.as_str()),
            "{uri}: a 304 repeats the tag"
        );
        assert!(again.max_age().is_some_and(|age| age <= 60), "{uri}");
        // A browser takes gzip: the same answer and tag, gzipped (kept so, not compressed for
        // each request), and a 304 on its tag too.
        let zipped = get_with(FR, &uri, &[("accept-encoding", "gzip, deflate, br")]).await;
        zipped.assert_status(StatusCode::OK);
        assert_eq!(zipped.header("content-encoding"), Some("gzip"), "{uri}");
        assert_eq!(zipped.etag(), Some(tag.as_str()), "{uri}: one tag for both");
        assert!(
            zipped
                .header("vary")
                .is_some_and(|v| v.contains("accept-encoding")),
            "{uri}: caches must keep both"
        );
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(
            &mut flate2::read::GzDecoder::new(&zipped.body[..]),
            &mut unzipped,
        )
        .unwrap_or_else(|e| panic!("{uri}: not gzip: {e}"));
        assert_eq!(
            unzipped, first.body,
            "{uri}: the gzipped answer is the answer"
        );
        assert!(zipped.body.len() < first.body.len(), "{uri}");
        let zipped_again = get_with(
            FR,
            &uri,
            &[("accept-encoding", "gzip"), ("if-none-match", tag.as_str())],
        )
        .await;
        assert_eq!(zipped_again.status, StatusCode::NOT_MODIFIED, "{uri}");
        assert!(zipped_again.body.is_empty(), "{uri}");
        // A stale tag: the whole day again.
        let stale = get_with(FR, &uri, &[("if-none-match", "\"stale\"")]).await;
        stale.assert_status(StatusCode::OK);
        assert_eq!(stale.body, first.body, "{uri}");
        // The next day is another answer, with another tag: a 304 for one day is never
        // taken for another.
        let other = get_with(
            FR,
            &format!("{call}date={next}&language=fr"),
            &[("if-none-match", tag.as_str())],
        )
        .await;
        other.assert_status(StatusCode::OK);
        assert_ne!(
            other.etag(),
            Some(tag.as_str()),
            "{uri}: the next day's tag"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile input
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn hostile_slugs_are_json_404s() {
    let hostile = [
        "..%2F..%2Fetc%2Fpasswd",
        "%2E%2E%2F%2E%2E%2Fsecret.txt",
        "%2e%2e",
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
        "%00",
        "'%20OR%201%3D1--",
        "%E2%80%AE",
    ];
    let templates = [
        "/api/cinema/{}",
        "/api/cinema/{}/shows",
        "/api/cinema/{}/translate",
        "/api/city/{}",
        "/api/show/{}",
        "/api/show/{}/cinemas",
        "/api/event/{}",
        "/api/gpxp/{}",
        "/api/experience-group/{}",
        "/api/news/{}",
        "/api/offer/{}",
        "/api/article/{}",
        "/api/master-template/page/{}",
        "/api/faq/article/slug/{}",
        "/api/faq/article/id/{}",
        "/api/faq/category/{}",
        "/api/zone/{}",
    ];
    for slug in hostile {
        for template in templates {
            let uri = format!("{}?language=fr", template.replace("{}", slug));
            let reply = get(FR, &uri).await;
            assert_eq!(
                reply.status,
                StatusCode::NOT_FOUND,
                "{uri}: body {}",
                reply.text()
            );
            let body = reply.json();
            assert_eq!(body["error"], "not_found", "{uri}: {body}");
            assert_eq!(
                reply.header("content-type"),
                Some("application/json"),
                "{uri}"
            );
        }
    }
    // Percent-encoded bytes that are not UTF-8 cannot be a slug: a client error, never a 5xx.
    // (axum's path extractor answers these itself, with a plain-text 400.)
    for template in templates {
        let uri = format!("{}?language=fr", template.replace("{}", "%FF%FE"));
        let reply = get(FR, &uri).await;
        assert!(
            reply.status == StatusCode::BAD_REQUEST || reply.status == StatusCode::NOT_FOUND,
            "{uri}: got {} {}",
            reply.status,
            reply.text()
        );
    }
    // Hostile values in a date segment are rejected, not echoed as HTML.
    let (show, cinema, _) = playing_show().await;
    let reply = get(
        FR,
        &format!("/api/show/{show}/showtimes/{cinema}/%3Cscript%3E?language=fr"),
    )
    .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.header("content-type"), Some("application/json"));
}

#[tokio::test]
async fn oversized_post_bodies_are_refused() {
    let big = vec![b'x'; 1024 * 1024];
    for path in [
        "/api/cinemas",
        "/api/settings",
        "/api/cinema/paris-opera",
        "/api/nowhere",
        "/assets/i18n/fr.json",
    ] {
        // With a declared length, and streamed without one.
        let length = big.len().to_string();
        let declared = request(
            Method::POST,
            FR,
            path,
            &[
                ("content-length", length.as_str()),
                ("content-type", "application/json"),
            ],
            Body::from(big.clone()),
        );
        let reply = send(declared).await;
        assert!(
            reply.status == StatusCode::PAYLOAD_TOO_LARGE
                || reply.status == StatusCode::METHOD_NOT_ALLOWED,
            "POST {path} with a declared 1 MiB body: expected 413 or 405, got {}",
            reply.status
        );
        // Streamed (chunked, no length): refused as well, or never read at all; never a 5xx.
        let streamed = request(
            Method::POST,
            FR,
            path,
            &[("content-type", "application/json")],
            Body::from(big.clone()),
        );
        let reply = send(streamed).await;
        assert!(
            [
                StatusCode::PAYLOAD_TOO_LARGE,
                StatusCode::METHOD_NOT_ALLOWED,
                StatusCode::NOT_FOUND
            ]
            .contains(&reply.status),
            "POST {path} with a streamed 1 MiB body: got {}",
            reply.status
        );
    }
    // Other methods on content calls are not allowed.
    for method in [Method::PUT, Method::DELETE, Method::PATCH] {
        let reply = send(request(
            method.clone(),
            FR,
            "/api/cinemas?language=fr",
            &[],
            Body::from("{}"),
        ))
        .await;
        assert_eq!(
            reply.status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} /api/cinemas"
        );
    }
}

#[tokio::test]
async fn garbage_query_strings_never_cause_a_server_error() {
    let (show, cinema, day) = playing_show().await;
    let queries = [
        "language=en&date=%ZZ",
        "language=%ZZ",
        "language=en&date=%",
        "language=en&&&date=&=x",
        "language=en&date=2026-11-22&date=2026-11-23",
        "language=en&type=show&type=news",
        "language=en%00",
        "language=en&date=%F0%9F%8E%AC",
        "language=en&date=99999-01-01",
        "language=en&date=-1",
        "%ZZ=%ZZ",
        "language",
        "language=en&x=%3Cscript%3E&y=%22%27%3E",
    ];
    let paths = [
        "/api/cinemas".to_string(),
        format!("/api/cinema/{cinema}/shows"),
        format!("/api/show/{show}/showtimes/{cinema}/{day}"),
        "/api/featured".to_string(),
        "/api/gpxp/imax/shows".to_string(),
        "/api/settings".to_string(),
    ];
    for path in &paths {
        for query in queries {
            let uri = format!("{path}?{query}");
            let reply = get(FR, &uri).await;
            assert!(
                reply.status == StatusCode::OK
                    || reply.status == StatusCode::BAD_REQUEST
                    || reply.status == StatusCode::NOT_FOUND,
                "{uri}: got {} {}",
                reply.status,
                reply.text()
            );
            assert!(!reply.status.is_server_error(), "{uri}: server error");
        }
    }
    // The garbage date of the brief: a clear 400 where dates are read, ignored elsewhere.
    let reply = get(
        FR,
        &format!("/api/cinema/{cinema}/shows?language=en&date=%ZZ"),
    )
    .await;
    reply.assert_status(StatusCode::BAD_REQUEST);
    assert_eq!(reply.json()["error"], "bad_request");
    api(FR, "/api/cinemas?language=en&date=%ZZ").await;
}

// ---------------------------------------------------------------------------------------------
// Local preview of the generated sites
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn preview_lists_the_sites() {
    let reply = get("localhost:8080", "/").await;
    reply.assert_status(StatusCode::OK);
    assert!(reply
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/html")));
    let html = reply.text();
    for site in ["fr", "ch", "be", "nl", "tn", "sn", "ci", "ma"] {
        assert!(
            html.contains(&format!("href=\"http://{site}.localhost:8080/\"")),
            "link to {site}.localhost:8080 missing: {html}"
        );
    }
    assert_eq!(html.matches("<a href=").count(), 8, "exactly the 8 sites");
    let plain = get("localhost", "/").await;
    assert!(
        plain.text().contains("href=\"http://fr.localhost/\""),
        "without a port the links have none"
    );
}

#[tokio::test]
async fn preview_redirects_and_negotiates() {
    let reply = get(FR, "/cinemas/").await;
    assert_eq!(reply.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(reply.header("location"), Some("/cinemas"));
    let reply = get(FR, "/cinemas/?x=1").await;
    assert_eq!(reply.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(
        reply.header("location"),
        Some("/cinemas?x=1"),
        "the query survives the redirect"
    );

    let reply = get_with(NL, "/", &[("accept-language", "en-GB,en;q=0.9")]).await;
    assert_eq!(reply.status, StatusCode::FOUND);
    assert_eq!(reply.header("location"), Some("/en"));
    assert!(reply
        .header("vary")
        .is_some_and(|v| v.contains("Accept-Language") && v.contains("Cookie")));
    let reply = get_with(
        NL,
        "/",
        &[("accept-language", "en-GB"), ("cookie", "lang=nl")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::FOUND);
    assert_eq!(
        reply.header("location"),
        Some("/nl"),
        "the lang cookie wins over the browser"
    );
    let reply = get_with(
        NL,
        "/",
        &[
            ("accept-language", "de-DE"),
            ("cookie", "theme=dark; lang=en"),
        ],
    )
    .await;
    assert_eq!(reply.header("location"), Some("/en"));
    let reply = get_with(NL, "/", &[("accept-language", "de-DE")]).await;
    assert_eq!(
        reply.header("location"),
        Some("/nl"),
        "unsupported browser language: site default"
    );
}

/// No address of the preview sends a browser to another host: every form of a double slash
/// or backslash after the first slash (raw, percent-encoded, mixed, behind a stripped tab)
/// is resolved as a browser does (WHATWG URL parsing, the `url` crate).
#[tokio::test]
async fn preview_never_redirects_to_another_host() {
    let base = url::Url::parse("https://www.lumen-cinemas.fr/cinemas/").expect("a base URL");
    for path in [
        "//evil.example/",
        "//evil.example//",
        "/%5cevil.example/",
        "/%5Cevil.example/",
        "/%2f%2fevil.example/",
        "/%2F/evil.example/",
        "/%5c%2fevil.example/",
        "/%2f%5cevil.example/",
        "/%09/evil.example/",
        "/%0a/evil.example/",
        "/%20/evil.example/",
        "///evil.example/",
        "/.//evil.example/",
        "//evil.example/?x=/",
    ] {
        let reply = get(FR, path).await;
        if let Some(location) = reply.header("location") {
            let to = base
                .join(location)
                .expect("a Location a browser can follow");
            assert_eq!(
                to.host_str(),
                Some("www.lumen-cinemas.fr"),
                "{path} redirects to {location:?}, which a browser resolves to {to}"
            );
        }
        assert!(
            reply.status == StatusCode::NOT_FOUND || reply.status == StatusCode::MOVED_PERMANENTLY,
            "{path}: {}",
            reply.status
        );
    }
    // The ordinary trailing-slash rule still redirects.
    assert_eq!(
        get(FR, "/cinemas/").await.header("location"),
        Some("/cinemas")
    );
}

/// `/metrics` answers a scraper with the configured token, or one on this machine when no
/// token is configured; anybody else gets a 404.
#[tokio::test]
async fn metrics_answer_only_the_token_or_this_machine() {
    let state = |token: Option<&str>| {
        runtime_api::state::AppState::new(
            FIXTURE.snapshot.clone(),
            site::brand::Brand::from_json(common::BRAND_JSON).expect("brand"),
            runtime_api::locales::Locales::load(std::path::Path::new(common::LOCALES_DIR))
                .expect("locales"),
            FIXTURE.out.clone(),
            "media".into(),
            runtime_api::clock::Clock::Fixed(common::now()),
        )
        .with_options(runtime_api::state::ServiceOptions {
            metrics_token: token.map(std::sync::Arc::from),
            ..Default::default()
        })
    };
    let ask = |router: axum::Router, peer: &str, auth: Option<&str>| {
        let mut request = request(
            Method::GET,
            "localhost",
            "/metrics",
            &auth.map(|a| vec![("authorization", a)]).unwrap_or_default(),
            Body::empty(),
        );
        request.extensions_mut().insert(axum::extract::ConnectInfo(
            peer.parse::<std::net::SocketAddr>().expect("an address"),
        ));
        async move { router.oneshot(request).await.expect("infallible").status() }
    };
    let open = runtime_api::router::app(state(None));
    assert_eq!(
        ask(open.clone(), "127.0.0.1:5000", None).await,
        StatusCode::OK
    );
    assert_eq!(
        ask(open, "203.0.113.9:5000", None).await,
        StatusCode::NOT_FOUND
    );
    let guarded = runtime_api::router::app(state(Some("s3cret-token")));
    for (auth, status) in [
        (None, StatusCode::NOT_FOUND),
        (Some("Bearer wrong-token!"), StatusCode::NOT_FOUND),
        (Some("Bearer s3cret-token"), StatusCode::OK),
    ] {
        assert_eq!(
            ask(guarded.clone(), "203.0.113.9:5000", auth).await,
            status,
            "{auth:?}"
        );
    }
}

/// Without `--preview` the server answers the API only: no page, no site list.
#[tokio::test]
async fn without_the_preview_option_no_page_is_served() {
    let (brand, locales) = (
        site::brand::Brand::from_json(common::BRAND_JSON).expect("brand"),
        runtime_api::locales::Locales::load(std::path::Path::new(common::LOCALES_DIR))
            .expect("locales"),
    );
    let state = runtime_api::state::AppState::new(
        FIXTURE.snapshot.clone(),
        brand,
        locales,
        FIXTURE.out.clone(),
        "media".into(),
        runtime_api::clock::Clock::Fixed(common::now()),
    );
    let router = runtime_api::router::app(state);
    for (host, path) in [
        (FR, "/"),
        (FR, "/cinemas"),
        (FR, "/cinemas/"),
        ("localhost:8080", "/"),
    ] {
        let response = router
            .clone()
            .oneshot(request(Method::GET, host, path, &[], Body::empty()))
            .await
            .expect("infallible");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{host}{path}");
        assert!(response.headers().get("location").is_none(), "{host}{path}");
    }
    let api = router
        .oneshot(request(Method::GET, FR, "/api/cinemas", &[], Body::empty()))
        .await
        .expect("infallible");
    assert_eq!(api.status(), StatusCode::OK, "the API is still served");
}

#[tokio::test]
async fn preview_serves_pages_and_404s() {
    let home = get(FR, "/").await;
    home.assert_status(StatusCode::OK);
    assert!(home.text().contains("Lumen FR home"));
    let page = get(FR, "/cinemas").await;
    page.assert_status(StatusCode::OK);
    assert!(page.text().contains("Lumen FR cinemas"));
    assert!(page
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/html")));
    // As nginx: when the page was written (a schedule's statuses date from it).
    let modified = page.header("last-modified").expect("Last-Modified");
    assert!(
        chrono::DateTime::parse_from_rfc2822(modified).is_ok_and(|at| at.timestamp() > 0),
        "{modified}"
    );

    // An address with URL filters is its base page, for the kinds that take filters.
    let filtered = get(FR, "/filters/versions-vost/date-2026-11-22").await;
    filtered.assert_status(StatusCode::OK);
    assert!(filtered.text().contains("Lumen FR home"));
    for path in [
        "/cinemas/filters/versions-vost",
        "/filters/versions-v%20f",
        "/filters",
        "/filters/nope-x",
    ] {
        assert_eq!(get(FR, path).await.status, StatusCode::NOT_FOUND, "{path}");
    }

    let missing = get(FR, "/no/such/page").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        missing.text().contains("Lumen FR not found"),
        "the site's 404 page, with status 404"
    );
    // A site without generated pages still answers 404.
    assert_eq!(
        get("ma.localhost", "/anything").await.status,
        StatusCode::NOT_FOUND
    );
    // Nothing outside out/ or media/ is reachable.
    for path in [
        "/..%2Fsecret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/%2E%2E/secret.txt",
        "/media/..%2F..%2Fsecret.txt",
        "/media/../../secret.txt",
        "/media/%2e%2e/%2e%2e/secret.txt",
        "/fr/%00",
    ] {
        let reply = get(FR, path).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            !reply.text().contains("TOP-SECRET"),
            "{path} leaked a file outside out/"
        );
    }
    let media = get(FR, "/media/posters/probe.svg").await;
    media.assert_status(StatusCode::OK);
    assert_eq!(media.header("content-type"), Some("image/svg+xml"));
    assert!(FIXTURE.out.join("fr/index.html").exists());
}

/// Spec §4 locator "position" with the §9 limits (50 km, 6 cinemas by default): the cinemas
/// near a point, nearest first — at a cinema's door, that cinema first; in the Gulf of Guinea,
/// none; coordinates that are no numbers, a 400.
#[tokio::test]
async fn cinemas_near_a_position_are_the_nearest_within_the_locator_limits() {
    let cinemas = api(FR, "/api/cinemas?language=fr").await;
    let list = arr(&cinemas, "");
    let at = list
        .iter()
        .find(|c| !c["gpsPosition"].is_null())
        .expect("a cinema with a position");
    let (x, y) = (
        at["gpsPosition"]["x"].as_f64().unwrap(),
        at["gpsPosition"]["y"].as_f64().unwrap(),
    );
    let near = api(FR, &format!("/api/cinemas/near?language=fr&x={x}&y={y}")).await;
    let near: Vec<&str> = arr(&near, "").iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(near.first(), Some(&s(at, "slug")));
    assert!(near.len() <= 6, "{near:?}");
    let km = |slug: &str| {
        let c = list.iter().find(|c| s(c, "slug") == slug).unwrap();
        let p = &c["gpsPosition"];
        site::rules::distance_km((x, y), (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap()))
    };
    let distances: Vec<f64> = near.iter().map(|slug| km(slug)).collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "{distances:?}");
    assert!(distances.iter().all(|d| *d <= 50.0), "{distances:?}");
    // Every cinema within 50 km is listed, up to 6.
    let within = list
        .iter()
        .filter(|c| !c["gpsPosition"].is_null() && km(s(c, "slug")) <= 50.0)
        .count();
    assert_eq!(near.len(), within.min(6));
    let none = api(FR, "/api/cinemas/near?language=fr&x=0&y=0").await;
    assert_eq!(none, serde_json::json!([]));
    for query in ["x=north&y=2", "x=48.8", "x=NaN&y=2"] {
        api_error(
            FR,
            &format!("/api/cinemas/near?language=fr&{query}"),
            StatusCode::BAD_REQUEST,
            "bad_request",
        )
        .await;
    }
}
