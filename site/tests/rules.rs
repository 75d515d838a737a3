//! Tests of the pure rules of spec §4, §5 and §9 (`site::rules`), with the spec's own
//! examples and their edges.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;
use site::content::{
    AccountPayload, Client, ContentRating, ECard, FooterFaqItem, HistoryItem, LocatorLimits,
    Release, ScheduleResume, SearchResultType, Settings, ShowSummary, Showtime, ShowtimeStatus,
    Tag,
};
use site::filters::Filters;
use site::rules::*;
use site::Site;

// ---------------------------------------------------------------- helpers

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn showtime(status: &str, datetime: &str, reservability_end: Option<&str>) -> Showtime {
    let mut v = json!({
        "id": "st-1", "show": "dune", "cinema": "paris-bercy", "status": status,
        "datetime": datetime, "version": {"slug": "vf", "label": "VF"}
    });
    if let Some(end) = reservability_end {
        v["reservabilityEnd"] = json!(end);
    }
    serde_json::from_value(v).unwrap()
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn tag(slug: &str, upsell: u32) -> Tag {
    serde_json::from_value(json!({"slug": slug, "title": slug, "orders": {"upsell": upsell}}))
        .unwrap()
}

fn rating(code: &str, label: &str, warning: Option<&str>) -> ContentRating {
    ContentRating {
        reference: code.into(),
        label: label.into(),
        description: None,
        warning: warning.map(Into::into),
        cinecheck: vec![],
    }
}

fn summary(tags: &[&str], genres: &[&str], bookable: bool) -> ShowSummary {
    serde_json::from_value(json!({
        "slug": "dune", "reference": "ref-dune", "title": "Dune",
        "tags": tags, "genres": genres, "bookable": bookable
    }))
    .unwrap()
}

// ---------------------------------------------------------------- §4 showtime status

#[test]
fn available_showtime_stays_available_before_its_reservability_end() {
    let st = showtime(
        "available",
        "2024-05-01T20:00:00+02:00",
        Some("2024-05-01T20:15:00+02:00"),
    );
    assert_eq!(
        effective_status(&st, utc("2024-05-01T18:10:00Z")),
        ShowtimeStatus::Available
    );
}

#[test]
fn available_showtime_past_its_reservability_end_becomes_locked() {
    let st = showtime(
        "available",
        "2024-05-01T20:00:00+02:00",
        Some("2024-05-01T20:15:00+02:00"),
    );
    // 18:16 UTC is 20:16 in Paris: one minute after the end.
    assert_eq!(
        effective_status(&st, utc("2024-05-01T18:16:00Z")),
        ShowtimeStatus::Locked
    );
}

#[test]
fn reservability_end_exactly_now_is_still_available() {
    let st = showtime(
        "available",
        "2024-05-01T20:00:00+02:00",
        Some("2024-05-01T20:15:00+02:00"),
    );
    assert_eq!(
        effective_status(&st, utc("2024-05-01T18:15:00Z")),
        ShowtimeStatus::Available
    );
}

#[test]
fn reservability_end_after_start_keeps_a_started_showtime_bookable() {
    // Booking stays open 15 minutes after the start: the end time, not the start, decides.
    let st = showtime(
        "available",
        "2024-05-01T20:00:00+02:00",
        Some("2024-05-01T20:15:00+02:00"),
    );
    assert_eq!(
        effective_status(&st, utc("2024-05-01T18:05:00Z")),
        ShowtimeStatus::Available
    );
}

#[test]
fn without_reservability_end_the_start_time_decides() {
    let st = showtime("available", "2024-05-01T20:00:00+02:00", None);
    assert_eq!(
        effective_status(&st, utc("2024-05-01T17:59:59Z")),
        ShowtimeStatus::Available
    );
    assert_eq!(
        effective_status(&st, utc("2024-05-01T18:00:00Z")),
        ShowtimeStatus::Available
    );
    assert_eq!(
        effective_status(&st, utc("2024-05-01T18:00:01Z")),
        ShowtimeStatus::Locked
    );
}

#[test]
fn soldout_stays_soldout_even_when_past() {
    let st = showtime(
        "soldout",
        "2024-05-01T20:00:00+02:00",
        Some("2024-05-01T20:15:00+02:00"),
    );
    assert_eq!(
        effective_status(&st, utc("2024-05-01T10:00:00Z")),
        ShowtimeStatus::Soldout
    );
    assert_eq!(
        effective_status(&st, utc("2024-05-02T10:00:00Z")),
        ShowtimeStatus::Soldout
    );
}

#[test]
fn locked_from_the_server_stays_locked() {
    let st = showtime("locked", "2030-05-01T20:00:00+02:00", None);
    assert_eq!(
        effective_status(&st, utc("2024-05-01T10:00:00Z")),
        ShowtimeStatus::Locked
    );
}

#[test]
fn status_displays_as_available_full_old() {
    assert_eq!(
        StatusDisplay::of(ShowtimeStatus::Available),
        StatusDisplay::Available
    );
    assert_eq!(
        StatusDisplay::of(ShowtimeStatus::Soldout),
        StatusDisplay::Full
    );
    assert_eq!(
        StatusDisplay::from(ShowtimeStatus::Locked),
        StatusDisplay::Old
    );
    assert_eq!(StatusDisplay::Available.css_class(), "available");
    assert_eq!(StatusDisplay::Full.css_class(), "full");
    assert_eq!(StatusDisplay::Old.label_key(), "old");
    assert!(StatusDisplay::Available.is_bookable());
    assert!(!StatusDisplay::Full.is_bookable());
    assert!(!StatusDisplay::Old.is_bookable());

    let st = showtime("available", "2024-05-01T20:00:00+02:00", None);
    assert_eq!(
        status_display(&st, utc("2024-05-01T19:00:00Z")),
        StatusDisplay::Old
    );
    let st = showtime("soldout", "2024-05-01T20:00:00+02:00", None);
    assert_eq!(
        status_display(&st, utc("2024-05-01T19:00:00Z")),
        StatusDisplay::Full
    );
}

// ---------------------------------------------------------------- §9 duration, dates

#[test]
fn durations_under_an_hour_are_minutes() {
    assert_eq!(format_duration(45), "45min");
    assert_eq!(format_duration(59), "59min");
    assert_eq!(format_duration(1), "1min");
    assert_eq!(format_duration(0), "0min");
}

#[test]
fn durations_from_an_hour_are_hours_and_two_digit_minutes() {
    assert_eq!(format_duration(60), "1h00");
    assert_eq!(format_duration(95), "1h35");
    assert_eq!(format_duration(125), "2h05");
    assert_eq!(format_duration(119), "1h59");
    assert_eq!(format_duration(600), "10h00");
}

#[test]
fn unknown_date_is_hidden() {
    assert!(is_unknown_date(date(1900, 1, 1)));
    assert!(!is_unknown_date(date(1900, 1, 2)));
    assert!(!is_unknown_date(date(2024, 1, 1)));
    assert_eq!(visible_date(Some(date(1900, 1, 1))), None);
    assert_eq!(visible_date(None), None);
    assert_eq!(visible_date(Some(date(2024, 3, 6))), Some(date(2024, 3, 6)));
    assert_eq!(UNKNOWN_DATE, date(1900, 1, 1));
}

#[test]
fn release_dates_display_as_dd_mm_yyyy() {
    assert_eq!(format_release_date(date(2024, 3, 6)), "06/03/2024");
    assert_eq!(format_release_date(date(1999, 12, 31)), "31/12/1999");
}

#[test]
fn release_year_is_that_of_the_earliest_known_date() {
    let releases = vec![
        Release {
            date: date(2024, 3, 6),
            zone: "fr".into(),
        },
        Release {
            date: date(2023, 11, 20),
            zone: "us".into(),
        },
        Release {
            date: date(1900, 1, 1),
            zone: "be".into(),
        },
    ];
    assert_eq!(release_year(&releases, None), Some(2023));
    // The original release counts when it is earlier.
    assert_eq!(release_year(&releases, Some(date(2022, 9, 1))), Some(2022));
    // An unknown original release never wins.
    assert_eq!(release_year(&releases, Some(date(1900, 1, 1))), Some(2023));
    // Only unknown dates: no year.
    let unknown = vec![Release {
        date: date(1900, 1, 1),
        zone: "fr".into(),
    }];
    assert_eq!(release_year(&unknown, Some(date(1900, 1, 1))), None);
    assert_eq!(release_year(&[], None), None);
    assert_eq!(release_year(&[], Some(date(1985, 7, 3))), Some(1985));
}

// ---------------------------------------------------------------- §4 favourite cinemas

fn known(slug: &str) -> bool {
    [
        "bercy",
        "gobelins",
        "lyon-bellecour",
        "marseille",
        "nice",
        "toulouse",
    ]
    .contains(&slug)
}

#[test]
fn toggling_an_absent_cinema_adds_it_first() {
    let current = strings(&["bercy", "gobelins"]);
    let next = toggle_favourite(&current, "nice", 5, known).unwrap();
    assert_eq!(next, strings(&["nice", "bercy", "gobelins"]));
    assert_eq!(
        toggle_favourite(&[], "nice", 1, known).unwrap(),
        strings(&["nice"])
    );
}

#[test]
fn toggling_a_present_cinema_removes_it() {
    let current = strings(&["bercy", "gobelins", "nice"]);
    assert_eq!(
        toggle_favourite(&current, "gobelins", 5, known).unwrap(),
        strings(&["bercy", "nice"])
    );
    // Removal works when the list is full too.
    let full = strings(&["bercy"]);
    assert_eq!(
        toggle_favourite(&full, "bercy", 1, known).unwrap(),
        Vec::<String>::new()
    );
}

#[test]
fn removing_a_cinema_that_left_the_list_is_allowed() {
    let current = strings(&["closed-cinema", "bercy"]);
    assert_eq!(
        toggle_favourite(&current, "closed-cinema", 5, known).unwrap(),
        strings(&["bercy"])
    );
}

#[test]
fn adding_to_a_full_list_fails_with_the_limit() {
    let full = strings(&[
        "bercy",
        "gobelins",
        "lyon-bellecour",
        "marseille",
        "toulouse",
    ]);
    assert_eq!(
        toggle_favourite(&full, "nice", Site::Fr.favourite_limit(), known),
        Err(FavouriteError::LimitReached { limit: 5 })
    );
    // One favourite elsewhere (spec §6).
    assert_eq!(
        toggle_favourite(
            &strings(&["bercy"]),
            "nice",
            Site::Be.favourite_limit(),
            known
        ),
        Err(FavouriteError::LimitReached { limit: 1 })
    );
    // A list longer than the limit (the limit was lowered) still refuses to grow.
    assert_eq!(
        toggle_favourite(&full, "nice", 1, known),
        Err(FavouriteError::LimitReached { limit: 1 })
    );
    assert!(FavouriteError::LimitReached { limit: 5 }
        .to_string()
        .contains('5'));
}

#[test]
fn adding_an_unknown_cinema_fails_without_message() {
    assert_eq!(
        toggle_favourite(&[], "atlantis", 5, known),
        Err(FavouriteError::UnknownCinema)
    );
    // Unknown is reported before the limit.
    assert_eq!(
        toggle_favourite(&strings(&["bercy"]), "atlantis", 1, known),
        Err(FavouriteError::UnknownCinema)
    );
}

#[test]
fn a_zero_limit_refuses_every_addition() {
    assert_eq!(
        toggle_favourite(&[], "nice", 0, known),
        Err(FavouriteError::LimitReached { limit: 0 })
    );
}

#[test]
fn duplicates_from_the_server_are_all_removed() {
    let current = strings(&["bercy", "nice", "bercy"]);
    assert_eq!(
        toggle_favourite(&current, "bercy", 5, known).unwrap(),
        strings(&["nice"])
    );
}

// ---------------------------------------------------------------- §5 show filters

#[test]
fn empty_filter_passes_every_bookable_show() {
    let f = ShowFilter::default();
    assert!(show_passes(&f, &[], &[], &[], true));
    assert!(show_passes(
        &f,
        &strings(&["vf"]),
        &strings(&["imax"]),
        &strings(&["Drame"]),
        true
    ));
}

#[test]
fn a_show_that_is_not_bookable_never_passes() {
    assert!(!show_passes(&ShowFilter::default(), &[], &[], &[], false));
    let f = ShowFilter {
        versions: strings(&["vf"]),
        ..Default::default()
    };
    assert!(!show_passes(&f, &strings(&["vf"]), &[], &[], false));
}

#[test]
fn each_chosen_criterion_must_match_one_value() {
    let f = ShowFilter {
        versions: strings(&["vost", "vo"]),
        tags: strings(&["imax"]),
        genres: strings(&["Comédie"]),
    };
    let versions = strings(&["vf", "vost"]);
    let tags = strings(&["IMAX", "dolby"]);
    let genres = strings(&["comedie", "Drame"]);
    assert!(show_passes(&f, &versions, &tags, &genres, true));
    // Any one criterion failing fails the show.
    assert!(!show_passes(&f, &strings(&["vf"]), &tags, &genres, true));
    assert!(!show_passes(
        &f,
        &versions,
        &strings(&["4dx"]),
        &genres,
        true
    ));
    assert!(!show_passes(
        &f,
        &versions,
        &tags,
        &strings(&["Drame"]),
        true
    ));
    // A chosen criterion against a show with no values fails.
    assert!(!show_passes(&f, &[], &tags, &genres, true));
}

#[test]
fn slugs_compare_ignoring_case_and_genres_ignoring_accents() {
    let f = ShowFilter {
        versions: strings(&["VOST"]),
        tags: strings(&["dbox"]),
        genres: strings(&["comedie"]),
    };
    assert!(show_passes(
        &f,
        &strings(&["vost"]),
        &strings(&["DBOX"]),
        &strings(&["COMÉDIE"]),
        true
    ));
}

#[test]
fn chosen_avp_includes_the_team_variant() {
    let f = ShowFilter {
        tags: strings(&["avp"]),
        ..Default::default()
    };
    assert!(show_passes(&f, &[], &strings(&["AVP"]), &[], true));
    assert!(show_passes(&f, &[], &strings(&["avp-equipe"]), &[], true));
    let f_upper = ShowFilter {
        tags: strings(&["AVP"]),
        ..Default::default()
    };
    assert!(show_passes(
        &f_upper,
        &[],
        &strings(&["AVP-EQUIPE"]),
        &[],
        true
    ));
    // The team variant chosen alone does not include plain AVP.
    let team = ShowFilter {
        tags: strings(&["avp-equipe"]),
        ..Default::default()
    };
    assert!(show_passes(
        &team,
        &[],
        &strings(&["avp-equipe"]),
        &[],
        true
    ));
    assert!(!show_passes(&team, &[], &strings(&["AVP"]), &[], true));
    assert!(!show_passes(&f, &[], &strings(&["imax"]), &[], true));
}

#[test]
fn filter_over_a_schedule_entry_uses_show_and_day_resume() {
    let filters = Filters::parse("date-2024-05-01/tags-imax/versions-vost/genres-drame").unwrap();
    let f = ShowFilter::from_filters(&filters);
    assert_eq!(f.tags, strings(&["imax"]));
    let resume: ScheduleResume = serde_json::from_value(json!({
        "tags": ["imax"], "versions": [{"slug": "vost", "label": "VOST"}]
    }))
    .unwrap();
    assert!(f.passes(&summary(&[], &["Drame"], true), &resume));
    assert!(!f.passes(&summary(&[], &["Drame"], false), &resume));
    assert!(!f.passes(&summary(&[], &["Comédie"], true), &resume));
    // A show tag counts even if the day's showtimes do not carry it.
    let day: ScheduleResume = serde_json::from_value(json!({
        "versions": [{"slug": "vost", "label": "VOST"}]
    }))
    .unwrap();
    assert!(f.passes(&summary(&["IMAX"], &["drame"], true), &day));
}

// ---------------------------------------------------------------- §5 upsell

#[test]
fn upsell_picks_the_lowest_non_zero_order() {
    let tags = vec![tag("imax", 3), tag("3d", 0), tag("4dx", 1), tag("dolby", 2)];
    assert_eq!(upsell_tag(&tags).unwrap().slug, "4dx");
}

#[test]
fn upsell_zero_means_never() {
    assert!(upsell_tag(&[tag("3d", 0), tag("imax", 0)]).is_none());
    assert!(upsell_tag(&[]).is_none());
}

#[test]
fn upsell_ties_go_to_the_first_tag() {
    let tags = vec![
        tag("3d", 0),
        tag("screenx", 2),
        tag("imax", 2),
        tag("4dx", 5),
    ];
    assert_eq!(upsell_tag(&tags).unwrap().slug, "screenx");
}

// ---------------------------------------------------------------- §5 e-card

fn ecard_json(label: &str, terms: &str) -> ECard {
    serde_json::from_value(json!({
        "typeId": "5", "label": label, "terms": terms, "seats": 5, "price": 49.0
    }))
    .unwrap()
}

#[test]
fn empty_ecard_label_and_terms_become_null_when_read() {
    let card = ecard_json("", "  ");
    assert_eq!(card.label, None);
    assert_eq!(card.terms, None);
    let card = ecard_json("Cinécarte 5 places", "Valable 1 an");
    assert_eq!(card.label.as_deref(), Some("Cinécarte 5 places"));
    assert_eq!(card.terms.as_deref(), Some("Valable 1 an"));
}

#[test]
fn empty_ecard_label_and_terms_become_null_when_built() {
    let mut card = ecard_json("x", "y");
    card.label = Some(String::new());
    card.terms = Some("  \n".into());
    let card = normalise_ecard(card);
    assert_eq!(card.label, None);
    assert_eq!(card.terms, None);
    let kept = normalise_ecard(ecard_json("Carte", "Conditions"));
    assert_eq!(kept.label.as_deref(), Some("Carte"));
    assert_eq!(kept.terms.as_deref(), Some("Conditions"));
    // Both paths agree.
    assert_eq!(normalise_ecard(ecard_json("", " ")), ecard_json("", " "));
}

// ---------------------------------------------------------------- §3 §5 avatar

#[test]
fn avatar_initials_are_last_then_first_upper_cased() {
    assert_eq!(avatar_initials("jean", "dupont"), "DJ");
    assert_eq!(avatar_initials("Émile", "Zola"), "ZÉ");
    assert_eq!(avatar_initials("anne", "élie"), "ÉA");
}

#[test]
fn avatar_initials_take_one_letter_per_name() {
    assert_eq!(avatar_initials("Jean-Pierre", "de la Tour"), "DJ");
    assert_eq!(avatar_initials("  marie", "  curie "), "CM");
    assert_eq!(avatar_initials("Anne", "'t Hooft"), "TA");
}

#[test]
fn avatar_initials_handle_missing_names() {
    assert_eq!(avatar_initials("", "Dupont"), "D");
    assert_eq!(avatar_initials("Jean", ""), "J");
    assert_eq!(avatar_initials("", ""), "");
    assert_eq!(avatar_initials("   ", "-"), "");
}

#[test]
fn avatar_photo_is_shown_only_if_real() {
    assert!(show_avatar(Some("https://cdn.example.com/photos/1234.jpg")));
    assert!(!show_avatar(None));
    assert!(!show_avatar(Some("")));
    assert!(!show_avatar(Some("   ")));
    assert!(!show_avatar(Some(
        "https://cdn.example.com/img/default-photo.png"
    )));
    assert!(!show_avatar(Some(
        "https://cdn.example.com/img/Default-Photo/x.png"
    )));
    assert_eq!(DEFAULT_PHOTO_MARKER, "default-photo");
}

// ---------------------------------------------------------------- §6 newsletter

fn client(mail_communication: bool, send_newsletter: bool) -> Client {
    serde_json::from_value(json!({
        "id": "c1", "mailCommunication": mail_communication, "sendNewsletter": send_newsletter
    }))
    .unwrap()
}

#[test]
fn newsletter_flag_is_mail_communication_on_fr_and_send_newsletter_elsewhere() {
    let c = client(true, false);
    assert!(client_newsletter(Site::Fr, &c));
    for site in Site::ALL.into_iter().filter(|s| *s != Site::Fr) {
        assert!(!client_newsletter(site, &c), "{site}");
        assert!(client_newsletter(site, &client(false, true)), "{site}");
    }
    assert!(!client_newsletter(Site::Fr, &client(false, true)));
    let account: AccountPayload = serde_json::from_value(json!({
        "icu": "c1", "mailCommunication": false, "sendNewsletter": true
    }))
    .unwrap();
    assert!(!account_newsletter(Site::Fr, &account));
    assert!(account_newsletter(Site::Nl, &account));
}

// ---------------------------------------------------------------- §5 §9 ratings

#[test]
fn default_ratings_are_tp_and_ad_in_any_case() {
    for code in ["TP", "tp", "AD", "ad", " Tp "] {
        assert!(is_default_rating(code), "{code}");
    }
    for code in ["", "12", "-12", "TPA", "ADULT", "16"] {
        assert!(!is_default_rating(code), "{code}");
    }
}

#[test]
fn tout_public_is_not_shown_as_a_warning() {
    assert_eq!(rating_warning(&rating("TP", "Tout public", None)), None);
    assert_eq!(
        rating_warning(&rating("AD", "Tout public", Some("Tout public"))),
        None
    );
    // A "Tout public" text is never a warning, whatever the code.
    assert_eq!(rating_warning(&rating("X", "Tout Public", None)), None);
}

#[test]
fn other_ratings_show_their_warning_else_their_label() {
    let r = rating(
        "12",
        "Interdit aux moins de 12 ans",
        Some("Des scènes peuvent heurter"),
    );
    assert_eq!(rating_warning(&r), Some("Des scènes peuvent heurter"));
    let r = rating("16", "Interdit aux moins de 16 ans", None);
    assert_eq!(rating_warning(&r), Some("Interdit aux moins de 16 ans"));
    let r = rating("16", "Interdit aux moins de 16 ans", Some("  "));
    assert_eq!(rating_warning(&r), Some("Interdit aux moins de 16 ans"));
    assert_eq!(rating_warning(&rating("16", "", None)), None);
}

#[test]
fn rating_scheme_per_site() {
    assert_eq!(rating_scheme(Site::Fr), RatingScheme::France);
    assert_eq!(rating_scheme(Site::Be), RatingScheme::BelgiumNetherlands);
    assert_eq!(rating_scheme(Site::Nl), RatingScheme::BelgiumNetherlands);
    for site in [Site::Ch, Site::Tn, Site::Sn, Site::Ci, Site::Ma] {
        assert_eq!(rating_scheme(site), RatingScheme::Default, "{site}");
    }
}

// ---------------------------------------------------------------- §5 cinema matching

#[test]
fn a_digit_query_is_a_postal_code_prefix() {
    assert!(cinema_matches(
        "75",
        "Pathé Wepler",
        "Paris",
        Some("75"),
        Some("75018")
    ));
    assert!(cinema_matches(
        "7501",
        "Pathé Wepler",
        "Paris",
        Some("75"),
        Some("75018")
    ));
    assert!(!cinema_matches(
        "7502",
        "Pathé Wepler",
        "Paris",
        Some("75"),
        Some("75018")
    ));
    // Either code may match: the theatre's here, the city's department below.
    assert!(cinema_matches(
        "9208",
        "La Défense",
        "Puteaux",
        None,
        Some("92080")
    ));
    assert!(cinema_matches(
        "13",
        "Plan de Campagne",
        "Les Pennes",
        Some("13"),
        None
    ));
    // A digit query never matches names ("4DX" cinema would otherwise match "4").
    assert!(!cinema_matches(
        "4",
        "4DX Center",
        "Lyon",
        Some("69"),
        Some("69002")
    ));
    assert!(!cinema_matches("75", "Wepler", "Paris", None, None));
    // Dutch postal codes keep their letters.
    assert!(cinema_matches(
        "1012 a",
        "Tuschinski",
        "Amsterdam",
        None,
        Some("1012 AB")
    ));
}

#[test]
fn a_text_query_matches_name_or_city_without_accents() {
    assert!(cinema_matches(
        "evry",
        "Pathé Évry",
        "Évry-Courcouronnes",
        Some("91"),
        None
    ));
    assert!(cinema_matches("NIMES", "Cinéma", "Nîmes", None, None));
    assert!(cinema_matches(
        "  bellecour ",
        "Pathé Bellecour",
        "Lyon",
        None,
        None
    ));
    assert!(!cinema_matches(
        "lille",
        "Pathé Bellecour",
        "Lyon",
        None,
        None
    ));
    assert!(cinema_matches("", "Pathé Bellecour", "Lyon", None, None));
    assert!(cinema_matches("   ", "Pathé Bellecour", "Lyon", None, None));
}

// ---------------------------------------------------------------- §9 distances

const PARIS: (f64, f64) = (48.8566, 2.3522);
const LYON: (f64, f64) = (45.7640, 4.8357);

#[test]
fn paris_to_lyon_is_about_392_km() {
    let km = distance_km(PARIS, LYON);
    assert!((km - 392.0).abs() <= 2.0, "{km}");
    assert!((distance_km(LYON, PARIS) - km).abs() < 1e-9);
}

#[test]
fn identical_points_are_zero_not_nan() {
    assert_eq!(distance_km(PARIS, PARIS), 0.0);
    assert_eq!(distance_km((0.0, 0.0), (0.0, 0.0)), 0.0);
    let d = distance_km((45.123456789, 4.987654321), (45.123456789, 4.987654321));
    assert!(d.is_finite() && d < 1e-3, "{d}");
}

#[test]
fn antipodes_are_half_the_circumference() {
    let d = distance_km((0.0, 0.0), (0.0, 180.0));
    assert!(d.is_finite());
    // 180 degrees × 60 nautical miles × 1.853159616 km.
    assert!(
        (d - 180.0 * 60.0 * KM_PER_NAUTICAL_MILE).abs() < 1e-6,
        "{d}"
    );
    assert!(distance_km((90.0, 0.0), (-90.0, 0.0)).is_finite());
}

#[test]
fn one_degree_of_latitude_is_60_nautical_miles() {
    let d = distance_km((10.0, 3.0), (11.0, 3.0));
    assert!((d - 60.0 * 1.853159616).abs() < 1e-6, "{d}");
}

#[test]
fn nearest_cinemas_are_sorted_filtered_and_capped() {
    let cinemas = vec![
        ("lyon", LYON),
        ("wepler", (48.8839, 2.3274)),
        ("bercy", (48.8600, 2.3500)),
        ("versailles", (48.8049, 2.1204)),
        ("same-as-bercy", (48.8600, 2.3500)),
        ("broken", (f64::NAN, 2.0)),
    ];
    let near = nearest_cinemas(PARIS, cinemas.clone(), 50.0, 6);
    let slugs: Vec<&str> = near.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(slugs, ["bercy", "same-as-bercy", "wepler", "versailles"]);
    assert!(near.windows(2).all(|w| w[0].1 <= w[1].1));
    let capped = nearest_cinemas(PARIS, cinemas.clone(), 50.0, 2);
    assert_eq!(capped.len(), 2);
    assert_eq!(capped[0].0, "bercy");
    let with_lyon = nearest_cinemas(PARIS, cinemas, 500.0, 10);
    assert_eq!(with_lyon.last().unwrap().0, "lyon");
    assert!(nearest_cinemas(PARIS, Vec::<(String, (f64, f64))>::new(), 50.0, 6).is_empty());
}

#[test]
fn locator_defaults_are_6_cinemas_and_50_and_settings_override_them() {
    assert_eq!(DEFAULT_MAX_GEOLOCATION_CINEMAS, 6);
    assert_eq!(DEFAULT_MAX_GEOLOCATION_DISTANCE, 50.0);
    let defaults = LocatorLimits::default();
    assert_eq!(
        defaults.max_geolocation_cinemas,
        DEFAULT_MAX_GEOLOCATION_CINEMAS
    );
    assert_eq!(
        defaults.max_geolocation_distance,
        DEFAULT_MAX_GEOLOCATION_DISTANCE
    );
    assert_eq!(effective_locator_limits(None, None), (50.0, 6));
    assert_eq!(effective_locator_limits(Some(20.0), Some(3)), (20.0, 3));
    assert_eq!(effective_locator_limits(Some(0.0), Some(0)), (50.0, 6));
    assert_eq!(effective_locator_limits(Some(f64::NAN), Some(2)), (50.0, 2));
}

#[test]
fn nearest_cinemas_over_the_cinema_list_use_settings() {
    let cinemas: Vec<site::content::Cinema> = serde_json::from_value(json!([
        {"slug": "bercy", "vistaRef": "1", "name": "Bercy", "gpsPosition": {"x": 48.8600, "y": 2.3500}},
        {"slug": "nowhere", "vistaRef": "2", "name": "No position"},
        {"slug": "wepler", "vistaRef": "3", "name": "Wepler", "gpsPosition": {"x": 48.8839, "y": 2.3274}},
        {"slug": "lyon", "vistaRef": "4", "name": "Lyon", "gpsPosition": {"x": 45.7640, "y": 4.8357}}
    ]))
    .unwrap();
    let near = nearest_cinemas_in(PARIS, &cinemas, None);
    let slugs: Vec<&str> = near.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(slugs, ["bercy", "wepler"]);
    let limits = LocatorLimits {
        max_geolocation_distance: 1000.0,
        max_geolocation_cinemas: 1,
    };
    let near = nearest_cinemas_in(LYON, &cinemas, Some(&limits));
    assert_eq!(near.len(), 1);
    assert_eq!(near[0].0, "lyon");
    assert!(near[0].1 < 1e-6);
}

// ---------------------------------------------------------------- §3 flag colours

#[test]
fn flag_numbers_map_to_the_spec_colours() {
    assert_eq!(flag_colour(1), Some(FlagColour::Green));
    assert_eq!(flag_colour(2), Some(FlagColour::Yellow));
    assert_eq!(flag_colour(3), Some(FlagColour::Grey));
    assert_eq!(flag_colour(4), Some(FlagColour::Red));
    assert_eq!(flag_colour(5), Some(FlagColour::Blue));
    assert_eq!(flag_colour(0), None);
    assert_eq!(flag_colour(6), None);
    assert_eq!(flag_colour(255), None);
    let names: Vec<_> = FlagColour::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names, ["green", "yellow", "grey", "red", "blue"]);
    for c in FlagColour::ALL {
        assert_eq!(flag_colour(c.number()), Some(c));
    }
}

#[test]
fn every_flag_keeps_wcag_aa_contrast() {
    for c in FlagColour::ALL {
        let ratio = contrast_ratio(c.background(), c.text()).unwrap();
        assert!(
            ratio >= MIN_CONTRAST,
            "{} {} on {}: {ratio:.2}",
            c.name(),
            c.text(),
            c.background()
        );
    }
}

#[test]
fn contrast_ratio_follows_wcag() {
    let max = contrast_ratio("#000000", "#FFFFFF").unwrap();
    assert!((max - 21.0).abs() < 1e-9, "{max}");
    assert_eq!(contrast_ratio("#fff", "#FFFFFF"), Some(1.0));
    // Order does not matter.
    assert_eq!(
        contrast_ratio("#777777", "#ffffff"),
        contrast_ratio("ffffff", "#777777")
    );
    // #777 on white is the classic just-below-AA grey (4.48).
    let grey = contrast_ratio("#777", "#fff").unwrap();
    assert!(grey > 4.4 && grey < 4.5, "{grey}");
    assert_eq!(contrast_ratio("#12345", "#fff"), None);
    assert_eq!(contrast_ratio("#gggggg", "#fff"), None);
    assert_eq!(contrast_ratio("", "#fff"), None);
    assert_eq!(contrast_ratio("#ééé", "#fff"), None);
}

// ---------------------------------------------------------------- §5 §9 search

#[test]
fn search_history_keeps_the_latest_3_distinct_entries() {
    let h = push_history(&[], "dune", HISTORY_SIZE);
    let h = push_history(&h, "alien", HISTORY_SIZE);
    let h = push_history(&h, "up", HISTORY_SIZE);
    assert_eq!(h, ["up", "alien", "dune"]);
    let h = push_history(&h, "cars", HISTORY_SIZE);
    assert_eq!(h, ["cars", "up", "alien"]);
    // A repeat moves to the front rather than appearing twice.
    let h = push_history(&h, "alien", HISTORY_SIZE);
    assert_eq!(h, ["alien", "cars", "up"]);
    let h = push_history(&h, "alien", HISTORY_SIZE);
    assert_eq!(h, ["alien", "cars", "up"]);
    assert_eq!(HISTORY_SIZE, 3);
    assert!(push_history(&["a"], "b", 0).is_empty());
}

#[test]
fn history_items_are_the_same_when_their_url_is() {
    let item = |title: &str, url: &str| HistoryItem {
        title: title.into(),
        subtitle: None,
        url: url.into(),
        route: None,
    };
    let h = vec![item("Dune", "/films/dune"), item("Bercy", "/cinemas/bercy")];
    let h = push_history_item(&h, item("Dune : deuxième partie", "/films/dune"));
    assert_eq!(h.len(), 2);
    assert_eq!(h[0].title, "Dune : deuxième partie");
    assert_eq!(h[1].url, "/cinemas/bercy");
    let h = push_history_item(&h, item("Up", "/films/up"));
    let h = push_history_item(&h, item("Cars", "/films/cars"));
    let urls: Vec<_> = h.iter().map(|i| i.url.as_str()).collect();
    assert_eq!(urls, ["/films/cars", "/films/up", "/films/dune"]);
}

#[test]
fn search_runs_from_the_minimum_length() {
    assert_eq!(MIN_SEARCH_LENGTH, 3);
    assert!(!search_allowed("", MIN_SEARCH_LENGTH));
    assert!(!search_allowed("du", MIN_SEARCH_LENGTH));
    assert!(!search_allowed("  du  ", MIN_SEARCH_LENGTH));
    assert!(search_allowed("dun", MIN_SEARCH_LENGTH));
    // Characters, not bytes.
    assert!(!search_allowed("Éé", MIN_SEARCH_LENGTH));
    assert!(search_allowed("Évr", MIN_SEARCH_LENGTH));
}

#[test]
fn faq_search_needs_more_than_the_minimum() {
    assert!(!faq_search_allowed("abc", MIN_SEARCH_LENGTH));
    assert!(faq_search_allowed("abcd", MIN_SEARCH_LENGTH));
}

#[test]
fn search_results_drop_events_and_faq_results_keep_only_faq() {
    use SearchResultType::*;
    for kind in [Cinema, Show, Gpxp, News, Offer, Faq, MasterTemplate] {
        assert!(keep_search_result(kind), "{kind:?}");
    }
    assert!(!keep_search_result(Event));
    assert!(keep_faq_result(Faq));
    for kind in [Cinema, Show, Event, Gpxp, News, Offer, MasterTemplate] {
        assert!(!keep_faq_result(kind), "{kind:?}");
    }
}

// ---------------------------------------------------------------- §5 footer FAQ, agent chat

fn faq(title: &str, description: &str) -> FooterFaqItem {
    FooterFaqItem {
        title: title.into(),
        description: description.into(),
        kind: None,
        questions: vec![],
        slugs: vec![],
    }
}

#[test]
fn footer_faq_questions_need_title_and_description() {
    assert!(faq_item_shown(&faq(
        "Comment réserver ?",
        "<p>En ligne.</p>"
    )));
    assert!(!faq_item_shown(&faq("", "<p>En ligne.</p>")));
    assert!(!faq_item_shown(&faq("  ", "<p>En ligne.</p>")));
    assert!(!faq_item_shown(&faq("Comment réserver ?", "")));
    assert!(!faq_item_shown(&faq(
        "Comment réserver ?",
        "<p> &nbsp; </p>"
    )));
    let items = vec![
        faq("A", "<p>a</p>"),
        faq("B", ""),
        faq("", "c"),
        faq("D", "d"),
    ];
    let titles: Vec<_> = footer_faq(&items)
        .iter()
        .map(|i| i.title.as_str())
        .collect();
    assert_eq!(titles, ["A", "D"]);
}

#[test]
fn agent_chat_is_used_only_with_all_four_settings() {
    let full =
        json!({"organizationId": "o", "deploymentName": "d", "siteUrl": "s", "scrtUrl": "u"});
    let settings: Settings = serde_json::from_value(json!({"agentChat": full})).unwrap();
    assert!(agent_chat(&settings).is_some());
    for missing in ["organizationId", "deploymentName", "siteUrl", "scrtUrl"] {
        let mut partial = full.clone();
        partial[missing] = serde_json::Value::Null;
        let settings: Settings = serde_json::from_value(json!({"agentChat": partial})).unwrap();
        assert!(agent_chat(&settings).is_none(), "{missing} null");
        partial.as_object_mut().unwrap().remove(missing);
        let settings: Settings = serde_json::from_value(json!({"agentChat": partial})).unwrap();
        assert!(agent_chat(&settings).is_none(), "{missing} absent");
    }
    assert!(agent_chat(&Settings::default()).is_none());
}

#[test]
fn genres_compare_by_their_url_key_blanks_as_dashes() {
    assert_eq!(
        site::text::genre_key(" Science  fiction "),
        "science-fiction"
    );
    assert_eq!(site::text::genre_key("Épouvante"), "epouvante");
    let f = ShowFilter {
        versions: Vec::new(),
        tags: Vec::new(),
        genres: strings(&["science-fiction"]),
    };
    assert!(show_passes(
        &f,
        &[],
        &[],
        &strings(&["Science fiction"]),
        true
    ));
    assert!(!show_passes(&f, &[], &[], &strings(&["Science"]), true));
}
