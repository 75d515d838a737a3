//! URL filters (spec §2): parse, canonical format, split from a path, refusal of garbage,
//! and the canonical URL rule.

use site::filters::{canonical_url, split_path, with_filters, FilterError, Filters};

fn list(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn full() -> Filters {
    Filters {
        date: Some("2024-05-01".into()),
        tags: list(&["imax", "4DXSCREENX", "avp-equipe"]),
        genres: list(&["science-fiction", "drama"]),
        versions: list(&["vf", "vost"]),
        localisation: Some("lumen-opera".into()),
    }
}

#[test]
fn parses_every_key() {
    let f = Filters::parse(
        "date-2024-05-01/tags-imax,4DXSCREENX,avp-equipe/genres-science-fiction,drama/versions-vf,vost/localisation-lumen-opera",
    )
    .unwrap();
    assert_eq!(f, full());
}

#[test]
fn format_is_canonical_and_round_trips() {
    let f = full();
    let text = f.format();
    assert_eq!(
        text,
        "date-2024-05-01/tags-imax,4DXSCREENX,avp-equipe/genres-science-fiction,drama/versions-vf,vost/localisation-lumen-opera"
    );
    assert_eq!(Filters::parse(&text), Ok(f.clone()));
    assert_eq!(f.validate(), Ok(()));

    // Any key order parses to the same selection, which formats in the canonical order.
    let shuffled = Filters::parse(
        "localisation-lumen-opera/versions-vf,vost/tags-imax,4DXSCREENX,avp-equipe/genres-science-fiction,drama/date-2024-05-01",
    )
    .unwrap();
    assert_eq!(shuffled, f);
    assert_eq!(shuffled.format(), text);

    // Partial selections.
    for text in [
        "date-2030-12-31",
        "tags-a",
        "genres-x,y",
        "versions-vo",
        "localisation-paris",
        "tags-b/localisation-lyon",
    ] {
        let parsed = Filters::parse(text).unwrap();
        assert_eq!(parsed.format(), text);
        assert_eq!(parsed.validate(), Ok(()));
    }
    // A list item repeated is kept once, in first position.
    assert_eq!(
        Filters::parse("tags-a,b,a").unwrap().tags,
        list(&["a", "b"])
    );
}

#[test]
fn empty_selection_formats_to_nothing() {
    let empty = Filters::default();
    assert!(empty.is_empty());
    assert_eq!(empty.format(), "");
    assert_eq!(with_filters("/films", &empty), "/films");
    assert_eq!(with_filters("/", &empty), "/");
    assert!(!full().is_empty());
}

#[test]
fn garbage_is_refused_without_panicking() {
    use FilterError::*;
    let cases: &[(&str, FilterError)] = &[
        ("", Empty),
        ("/", Empty),
        ("tags-a/", Empty),
        ("tags-a//genres-b", Empty),
        ("garbage", Malformed("garbage".into())),
        ("colour-red", UnknownKey("colour".into())),
        ("-x", UnknownKey("".into())),
        ("TAGS-a", UnknownKey("TAGS".into())),
        ("tags-", EmptyValue("tags".into())),
        ("tags-a,,b", EmptyValue("tags".into())),
        ("tags-a,", EmptyValue("tags".into())),
        ("localisation-", EmptyValue("localisation".into())),
        ("tags-a/tags-b", DuplicateKey("tags".into())),
        (
            "date-2024-05-01/date-2024-05-02",
            DuplicateKey("date".into()),
        ),
        ("date-2024-13-01", BadDate("2024-13-01".into())),
        ("date-2024-02-30", BadDate("2024-02-30".into())),
        ("date-2024-5-1", BadDate("2024-5-1".into())),
        ("date-20240501", BadDate("20240501".into())),
        ("date-tomorrow", BadDate("tomorrow".into())),
        ("date-2024-05-01T10:00", BadDate("2024-05-01T10:00".into())),
        ("date-+024-05-01", BadDate("+024-05-01".into())),
        (
            "tags-a b",
            BadValue {
                key: "tags".into(),
                value: "a b".into(),
            },
        ),
        (
            "tags-a;b",
            BadValue {
                key: "tags".into(),
                value: "a;b".into(),
            },
        ),
        (
            "tags-caf%C3%A9",
            BadValue {
                key: "tags".into(),
                value: "caf%C3%A9".into(),
            },
        ),
        (
            "localisation-a,b",
            BadValue {
                key: "localisation".into(),
                value: "a,b".into(),
            },
        ),
        (
            "localisation-é",
            BadValue {
                key: "localisation".into(),
                value: "é".into(),
            },
        ),
        (
            "genres-..",
            BadValue {
                key: "genres".into(),
                value: "..".into(),
            },
        ),
    ];
    for (text, err) in cases {
        assert_eq!(Filters::parse(text).as_ref(), Err(err), "{text:?}");
        // Every error explains itself.
        assert!(!err.to_string().is_empty());
    }
    // Arbitrary bytes never panic.
    for text in [
        "\u{0}",
        "date-\u{1F600}",
        "tags-\u{301}",
        "ééé-ééé",
        "date-2024-05-0\u{e9}",
    ] {
        assert!(Filters::parse(text).is_err(), "{text:?}");
    }
    // Selections built in code are checked before use.
    let bad = Filters {
        tags: list(&["a b"]),
        ..Filters::default()
    };
    assert!(bad.validate().is_err());
    let repeated = Filters {
        genres: list(&["x", "x"]),
        ..Filters::default()
    };
    assert!(repeated.validate().is_err());
    let bad_date = Filters {
        date: Some("2024-02-30".into()),
        ..Filters::default()
    };
    assert!(bad_date.validate().is_err());
}

#[test]
fn split_path_strips_the_filters_segment() {
    assert_eq!(split_path("/films"), Ok(("/films", None)));
    assert_eq!(split_path("/"), Ok(("/", None)));
    let (base, f) = split_path("/films/filters/date-2024-05-01/tags-imax").unwrap();
    assert_eq!(base, "/films");
    let f = f.unwrap();
    assert_eq!(
        (f.date.as_deref(), f.tags.clone()),
        (Some("2024-05-01"), list(&["imax"]))
    );
    assert_eq!(split_path("/filters/tags-a").unwrap().0, "/");
    assert_eq!(split_path("/en/filters/tags-a").unwrap().0, "/en");
    assert_eq!(
        split_path("/de/kinos/stadt/zurich/filters/localisation-x")
            .unwrap()
            .0,
        "/de/kinos/stadt/zurich"
    );
    // Only a whole `filters` segment counts.
    assert_eq!(
        split_path("/info/my-filters"),
        Ok(("/info/my-filters", None))
    );
    assert_eq!(
        split_path("/info/filters-guide"),
        Ok(("/info/filters-guide", None))
    );
    assert_eq!(
        split_path("/info/xfilters/tags-a"),
        Ok(("/info/xfilters/tags-a", None))
    );
    // A filters segment with nothing or garbage after it is an error, not a base path.
    assert_eq!(split_path("/films/filters"), Err(FilterError::Empty));
    assert_eq!(split_path("/films/filters/"), Err(FilterError::Empty));
    assert!(split_path("/films/filters/nope").is_err());
    assert!(split_path("/films/filters/tags-a/filters/tags-b").is_err());
}

#[test]
fn with_filters_and_split_path_are_inverse() {
    for base in [
        "/",
        "/films",
        "/en/movie/dune-2",
        "/nl/bioscopen/stad/amsterdam",
    ] {
        let url = with_filters(base, &full());
        assert!(url.contains("/filters/date-2024-05-01/tags-"), "{url}");
        assert!(!url.contains("//"), "{url}");
        assert_eq!(split_path(&url), Ok((base, Some(full()))));
    }
    assert_eq!(
        with_filters(
            "/films",
            &Filters {
                tags: list(&["a", "b"]),
                ..Filters::default()
            }
        ),
        "/films/filters/tags-a,b"
    );
}

#[test]
fn canonical_url_drops_query_hash_matrix_and_trailing_slash() {
    let cases = [
        ("/films", "/films"),
        ("/films/", "/films"),
        ("/films?bandeannonce=true", "/films"),
        ("/cinemas/lumen-opera#info", "/cinemas/lumen-opera"),
        ("/cinemas/lumen-opera#tarifs", "/cinemas/lumen-opera"),
        ("/films;jsessionid=abc", "/films"),
        ("/films;a=1/reserver;b=2?x=1#y", "/films/reserver"),
        ("/en/movie/dune-2/?q=1", "/en/movie/dune-2"),
        ("/films/filters/tags-imax?x", "/films/filters/tags-imax"),
        ("/", "/"),
        ("", "/"),
        ("/?errorCode=410", "/"),
        ("/#top", "/"),
        ("/;x=1", "/"),
        ("//", "/"),
        (
            "https://www.lumen-cinemas.fr/films/?x=1#y",
            "https://www.lumen-cinemas.fr/films",
        ),
        (
            "https://www.lumen-cinemas.fr",
            "https://www.lumen-cinemas.fr/",
        ),
        (
            "https://www.lumen-cinemas.fr/",
            "https://www.lumen-cinemas.fr/",
        ),
        (
            "https://www.lumen-cinemas.fr?x",
            "https://www.lumen-cinemas.fr/",
        ),
        (
            "http://fr.localhost:8080/en;a=b",
            "http://fr.localhost:8080/en",
        ),
    ];
    for (url, want) in cases {
        assert_eq!(canonical_url(url), want, "{url:?}");
        // Idempotent.
        assert_eq!(canonical_url(want), want);
    }
}
