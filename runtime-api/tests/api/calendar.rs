//! Real start and end, and "add to calendar" (issue 17, items 3 and 1), over the demo
//! snapshot of 2026-11-22 with the fixed clock of `common`: every presented showtime carries
//! the film's times (`site::rules::film_times` of its cinema's pre-show and its show's
//! duration), and `/api/showtimes/{id}/calendar.ics` answers that showtime as an iCalendar
//! file.

use crate::common::*;
use axum::http::StatusCode;
use chrono::{DateTime, Duration, FixedOffset};
use site::{Lang, Site};

const FR: &str = "fr.localhost";

fn instant(text: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(text).unwrap_or_else(|_| panic!("{text:?} is not RFC 3339"))
}

#[tokio::test]
async fn showtimes_carry_the_film_start_after_the_pre_show_and_its_end_after_the_duration() {
    let locale = locale(Site::Fr, Lang::Fr);
    let fr = site_content(Site::Fr);
    // A cinema with its own pre-show length and one with the site's default.
    let with = locale
        .cinemas
        .iter()
        .find(|c| c.pre_show_minutes.is_some())
        .expect("a cinema with a pre-show length");
    let without = locale
        .cinemas
        .iter()
        .find(|c| c.pre_show_minutes.is_none())
        .expect("a cinema without one");
    for (cinema, pre_show) in [
        (with, with.pre_show_minutes.unwrap()),
        (without, Site::Fr.default_pre_show_minutes()),
    ] {
        let showtime = fr
            .showtimes
            .iter()
            .find(|s| s.cinema == cinema.slug && s.datetime.date_naive() == today())
            .expect("a showtime today");
        let day = today();
        let answer = api(FR, &format!("/api/cinema/{}/shows?date={day}", cinema.slug)).await;
        let presented = answer["days"][day.to_string()]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|e| e["showtimes"].as_array().unwrap())
            .find(|s| s["id"] == showtime.id.as_str())
            .expect("the showtime in its cinema's schedule")
            .clone();
        let start = instant(presented["filmStart"].as_str().expect("filmStart"));
        assert_eq!(
            start,
            showtime.datetime + Duration::minutes(i64::from(pre_show)),
            "{}",
            cinema.slug
        );
        let show = locale
            .shows
            .iter()
            .find(|s| s.slug == showtime.show)
            .unwrap();
        match show.duration {
            Some(d) => assert_eq!(
                instant(presented["filmEnd"].as_str().expect("filmEnd")),
                start + Duration::minutes(i64::from(d))
            ),
            None => assert!(presented.get("filmEnd").is_none()),
        }
    }
}

#[tokio::test]
async fn a_showtime_answers_as_an_icalendar_file_and_an_unknown_one_is_404() {
    let fr = site_content(Site::Fr);
    let showtime = fr
        .showtimes
        .iter()
        .find(|s| s.datetime.date_naive() == today())
        .unwrap();
    let reply = get(FR, &format!("/api/showtimes/{}/calendar.ics", showtime.id)).await;
    reply.assert_status(StatusCode::OK);
    assert_eq!(
        reply.header("content-type"),
        Some("text/calendar; charset=utf-8")
    );
    let disposition = reply.header("content-disposition").unwrap_or("");
    assert!(
        disposition.starts_with("attachment;") && disposition.contains(".ics"),
        "{disposition}"
    );
    let text = reply.text();
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
    assert!(text.ends_with("END:VCALENDAR\r\n"));
    assert!(text.contains(&format!("UID:{}@", showtime.id)));
    assert!(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n"));
    assert!(text.contains("DTSTART;TZID=Europe/Paris:"));
    assert!(text.contains("DTEND;TZID=Europe/Paris:"));
    assert!(text.contains("\r\nURL:"), "the booking URL");
    // A real parser reads every showtime's file in site/tests/calendar.rs; here, the shape.
    assert_eq!(text.matches("BEGIN:VEVENT\r\n").count(), 1);
    assert!(
        !text.replace("\r\n", "").contains('\n'),
        "CRLF line ends only"
    );

    // Without `language`, the page's: the `lang` cookie (English here).
    let english = get_with(
        FR,
        &format!("/api/showtimes/{}/calendar.ics", showtime.id),
        &[("cookie", "lang=en")],
    )
    .await;
    english.assert_status(StatusCode::OK);
    let title_en = &locale(Site::Fr, Lang::En)
        .shows
        .iter()
        .find(|s| s.slug == showtime.show)
        .unwrap()
        .title;
    assert!(
        english.text().replace("\r\n ", "").contains(&format!(
            "SUMMARY:{}",
            site::calendar::escape_text(title_en)
        )),
        "the English title {title_en:?}: {}",
        english.text()
    );

    let reply = get(FR, "/api/showtimes/no-such-showtime/calendar.ics").await;
    reply.assert_status(StatusCode::NOT_FOUND);
    // Another site's showtime is not this site's.
    let nl = site_content(Site::Nl).showtimes.first().unwrap();
    get(FR, &format!("/api/showtimes/{}/calendar.ics", nl.id))
        .await
        .assert_status(StatusCode::NOT_FOUND);
}
