//! The demo snapshot is deterministic, consistent and realistic at scale 1, and grows with
//! the scale knob.

use chrono::NaiveDate;
use demo_content::{counts, generate, DemoOptions, DEFAULT_SEED};
use site::brand::Brand;
use site::content::ShowtimeStatus;
use site::snapshot::Snapshot;
use site::Site;
use std::collections::HashSet;
use std::sync::LazyLock;

static BRAND: LazyLock<Brand> =
    LazyLock::new(|| Brand::from_json(include_str!("../../config/brand.json")).unwrap());

fn options(scale: u32) -> DemoOptions {
    DemoOptions {
        seed: DEFAULT_SEED,
        scale,
        today: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
    }
}

#[test]
fn same_seed_and_today_give_byte_identical_snapshots_at_scale_1_and_10() {
    for scale in [1, 10] {
        let a = generate(&options(scale), &BRAND);
        let b = generate(&options(scale), &BRAND);
        assert!(
            a.snapshot.to_vec() == b.snapshot.to_vec(),
            "scale {scale}: snapshots differ"
        );
        assert_eq!(a.media, b.media, "scale {scale}: images differ");
        println!("scale {scale}:\n{}", counts(&a.snapshot));
    }
    let other_day = DemoOptions {
        today: NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(),
        ..options(1)
    };
    assert!(
        generate(&other_day, &BRAND).snapshot.to_vec()
            != generate(&options(1), &BRAND).snapshot.to_vec()
    );
}

#[test]
fn scale_1_is_a_realistic_chain() {
    let demo = generate(&options(1), &BRAND);
    let snapshot = Snapshot::from_slice(&demo.snapshot.to_vec())
        .expect("the demo snapshot passes the loader's checks");
    let cinemas = |site| {
        snapshot
            .locale(site, site.default_language())
            .unwrap()
            .cinemas
            .len()
    };
    assert!(
        (65..=75).contains(&cinemas(Site::Fr)),
        "fr: {}",
        cinemas(Site::Fr)
    );
    assert!(
        (28..=32).contains(&cinemas(Site::Nl)),
        "nl: {}",
        cinemas(Site::Nl)
    );
    assert_eq!(cinemas(Site::Ch), 10);
    assert_eq!(cinemas(Site::Be), 6);
    for small in [Site::Tn, Site::Sn, Site::Ci, Site::Ma] {
        assert!((1..=3).contains(&cinemas(small)), "{small}");
    }
    let fr = snapshot.locale(Site::Fr, site::Lang::Fr).unwrap();
    let nl = snapshot.locale(Site::Nl, site::Lang::Nl).unwrap();
    for city in ["Paris", "Lyon", "Marseille", "Toulouse", "Nice"] {
        assert!(fr.cities.iter().any(|c| c.city.name == city), "{city}");
    }
    for city in ["Amsterdam", "Rotterdam", "Den Haag", "Utrecht", "Tilburg"] {
        assert!(nl.cities.iter().any(|c| c.city.name == city), "{city}");
    }
    // About 150 shows in the catalogue, movies and events, each with poster, backdrop and trailer.
    let all: HashSet<&str> = snapshot
        .sites
        .iter()
        .flat_map(|s| s.locales[0].shows.iter().map(|x| x.reference.as_str()))
        .collect();
    assert!((140..=160).contains(&all.len()), "{} shows", all.len());
    assert!(fr.shows.iter().any(|s| !s.is_movie) && fr.shows.iter().any(|s| s.is_movie));
    assert!(fr
        .shows
        .iter()
        .all(|s| s.poster.is_some() && s.backdrop.is_some() && !s.trailers.is_empty()));
    // Classification schemes differ per country.
    let fr_rating = &fr
        .shows
        .iter()
        .find(|s| s.content_rating.as_ref().unwrap().reference != "TP")
        .unwrap()
        .content_rating;
    assert!(fr_rating.as_ref().unwrap().reference.starts_with('-'));
    assert!(nl.shows.iter().any(|s| s
        .content_rating
        .as_ref()
        .unwrap()
        .reference
        .starts_with("KW")));
    // Every image the content names has a file.
    for url in fr
        .shows
        .iter()
        .filter_map(|s| s.poster.as_ref())
        .map(|p| &p.url)
    {
        assert!(
            demo.media.contains_key(url.trim_start_matches("/media/")),
            "{url}"
        );
    }
}

#[test]
fn fourteen_days_of_showtimes_with_every_status_version_and_tag() {
    let demo = generate(&options(1), &BRAND);
    let today = options(1).today;
    let mut tags = HashSet::new();
    let mut statuses = HashSet::new();
    for site in &demo.snapshot.sites {
        let days: HashSet<_> = site
            .showtimes
            .iter()
            .map(|s| s.datetime.date_naive())
            .collect();
        assert_eq!(days.len(), 14, "{}", site.site);
        assert!(days
            .iter()
            .all(|d| (*d - today).num_days() < 14 && *d >= today));
        let versions: HashSet<_> = site
            .showtimes
            .iter()
            .map(|s| s.version.slug.clone())
            .collect();
        let offered: HashSet<_> = site.locales[0]
            .versions
            .iter()
            .map(|v| v.slug.clone())
            .collect();
        assert_eq!(versions, offered, "{}: every version is used", site.site);
        for s in &site.showtimes {
            tags.extend(s.tags.iter().cloned());
            tags.extend(s.accessibility_icons.iter().cloned());
            statuses.insert(s.status);
        }
    }
    for slug in [
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
        "hearing-impaired",
        "audiodesc",
        "pmr",
    ] {
        assert!(tags.contains(slug), "no showtime carries {slug}");
    }
    // Locked is computed at request time from the reservability end; the source has the other two.
    assert!(
        statuses.contains(&ShowtimeStatus::Available)
            && statuses.contains(&ShowtimeStatus::Soldout)
    );
}

#[test]
fn translated_items_share_a_reference_and_differ_in_slug() {
    let snapshot = generate(&options(1), &BRAND).snapshot;
    let fr = snapshot.locale(Site::Fr, site::Lang::Fr).unwrap();
    let en = snapshot.locale(Site::Fr, site::Lang::En).unwrap();
    let news_fr = &fr.articles[0];
    let news_en = en
        .articles
        .iter()
        .find(|a| a.reference == news_fr.reference)
        .unwrap();
    assert_ne!(news_fr.slug, news_en.slug);
    let offer_en = en
        .offers
        .iter()
        .find(|o| o.article.reference == fr.offers[0].article.reference)
        .unwrap();
    assert_ne!(fr.offers[0].article.slug, offer_en.article.slug);
    // Six categories with questions, and one an editor left empty (the help centre must not
    // offer it: spec §2 FAQ category guard).
    for locale in [fr, snapshot.locale(Site::Nl, site::Lang::Nl).unwrap()] {
        let with_articles = locale
            .faq_categories
            .iter()
            .filter(|c| !c.articles.is_empty())
            .count();
        assert_eq!(
            (locale.faq_categories.len(), with_articles),
            (7, 6),
            "FAQ categories (all, with questions)"
        );
    }
    assert!(snapshot
        .locale(Site::Be, site::Lang::Fr)
        .unwrap()
        .faq_categories
        .is_empty());
}

#[test]
fn scale_10_has_about_ten_times_as_much() {
    let one = counts(&generate(&options(1), &BRAND).snapshot);
    let ten = counts(&generate(&options(10), &BRAND).snapshot);
    let total = |c: &demo_content::Counts, k: &str| c.0.iter().map(|(_, m)| m[k]).sum::<usize>();
    for key in ["cinemas", "showtimes", "news", "offers"] {
        let ratio = total(&ten, key) as f64 / total(&one, key) as f64;
        assert!((8.0..=12.0).contains(&ratio), "{key}: ×{ratio:.1}");
    }
}
