//! The rules the islands need in the browser are written twice, here in Rust and in
//! `islands/src/lib/` (and a few stores) in TypeScript. This test writes one table of cases
//! per rule, each output computed by the Rust rule, into
//! `islands/src/generated/rule-cases.json`; `islands/src/lib/rule-cases.test.ts` runs the
//! TypeScript twin of each rule over the same table. So the two cannot drift apart: a change
//! of a Rust rule changes the table (this test fails until it is regenerated), and the
//! regenerated table fails the TypeScript that no longer agrees.
//!
//! The test fails when the committed file differs from what the rules produce;
//! `UPDATE_CASES=1 cargo test -p site --test rule_cases` rewrites it.
//!
//! Encoding: keys are sorted (whatever serde_json's map is); a non-finite input number is
//! the string `"NaN"`, `"Infinity"` or `"-Infinity"`; distances are kilometres rounded to
//! the metre, and the TypeScript side compares them within a metre (the law of cosines is
//! only that precise near 0 and 180 degrees, and two maths libraries round differently).

use serde_json::{json, Map, Value};
use site::content::{Cinema, GpsPosition, HistoryItem, LocatorLimits, SearchResult};
use site::filters::{self, FilterError, Filters};
use site::routes::is_param_value;
use site::rules::{self, *};
use site::text::{contains_folded, fold, genre_key, postal_code_matches};

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../islands/src/generated/rule-cases.json"
);

const ABOUT: &str = "Generated from the Rust rules by site/tests/rule_cases.rs; \
islands/src/lib/rule-cases.test.ts runs the TypeScript rules over it. Do not edit. \
Change the Rust rule (or its cases), then regenerate with \
UPDATE_CASES=1 cargo test -p site --test rule_cases";

/// Distances of two cases are either equal or further apart than this (km), and so is a
/// distance from the limit: the order and the cut of the nearest cinemas then cannot depend
/// on the last bits of a sine.
const SEPARATION_KM: f64 = 0.01;

// ---------------------------------------------------------------- encoding

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// A number, or the name of a non-finite one (JSON has none).
fn num(x: f64) -> Value {
    if x.is_nan() {
        json!("NaN")
    } else if x.is_infinite() {
        json!(if x > 0.0 { "Infinity" } else { "-Infinity" })
    } else {
        json!(x)
    }
}

/// Kilometres rounded to the metre.
fn km(x: f64) -> Value {
    json!((x * 1000.0).round() / 1000.0)
}

fn lat_lon((lat, lon): (f64, f64)) -> Value {
    json!({ "lat": num(lat), "lon": num(lon) })
}

/// The error as the TypeScript `FilterError` writes it.
fn filter_error(e: &FilterError) -> Value {
    match e {
        FilterError::Empty => json!({ "kind": "empty" }),
        FilterError::Malformed(segment) => json!({ "kind": "malformed", "segment": segment }),
        FilterError::UnknownKey(key) => json!({ "kind": "unknownKey", "key": key }),
        FilterError::DuplicateKey(key) => json!({ "kind": "duplicateKey", "key": key }),
        FilterError::EmptyValue(key) => json!({ "kind": "emptyValue", "key": key }),
        FilterError::BadValue { key, value } => {
            json!({ "kind": "badValue", "key": key, "value": value })
        }
        FilterError::BadDate(value) => json!({ "kind": "badDate", "value": value }),
    }
}

fn filters_json(f: &Filters) -> Value {
    serde_json::to_value(f).expect("filters serialise")
}

fn result<T>(r: Result<T, FilterError>, ok: impl FnOnce(T) -> Value) -> Value {
    match r {
        Ok(v) => json!({ "ok": true, "value": ok(v) }),
        Err(e) => json!({ "ok": false, "error": filter_error(&e) }),
    }
}

/// Keys sorted at every level, so the file is the same whether serde_json's map keeps
/// insertion order (its `preserve_order` feature, which another crate may turn on) or not.
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k, sorted(v)))
                    .collect::<Map<_, _>>(),
            )
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

// ---------------------------------------------------------------- text (site/src/text.rs)

/// Every character of `first..=last`, blank-separated (blocks encoded long ago, so both
/// sides' Unicode tables agree on them).
fn block(first: u32, last: u32) -> String {
    (first..=last)
        .filter_map(char::from_u32)
        .filter(|c| !c.is_control())
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ")
}

fn fold_cases() -> Value {
    let mut inputs: Vec<String> = strings(&[
        "",
        "   ",
        "Évry-Courcouronnes",
        "Saint-Étienne",
        "CŒUR de Pierre",
        "Œuvre œuvre Æther æther",
        "Ø ø Ł ł Đ đ",
        "Ærøskøbing Łódź Dvořák",
        "Straße Zürich",
        "STRAẞE ẞ",
        "İstanbul IĞDIR ıi",
        "Liège Nîmes Besançon",
        "Phở Đà Nẵng",
        "Ñandú Ÿ ÿ",
        "e\u{301}te\u{301} (decomposed)",
        "\u{301}\u{308} lone marks",
        "ﬁ ﬂ ﬀ ﬃ",
        "ｆｕｌｌ ＷＩＤＴＨ",
        "① ② ⑳ Ⓐ ⓩ",
        "ᴬ ᴮ ᵃ",
        "Ǆ ǅ ǆ Ĳ ĳ",
        "Ω Å K ℃ ™ № ½ ²",
        "µ ſ ŉ ǰ",
        "𝔄𝔅 𝐀𝐁",
        "Ⅻ ⅻ",
        "Ελληνικά ΣΊΣΥΦΟΣ ΐ",
        "Москва Ёлка Й й",
        "北京 東京 서울",
        "🎬 Ciné 🍿",
        "a\u{200B}b zero width",
        "\u{FEFF}bom",
        "nbsp\u{A0}thin\u{2009}ideographic\u{3000}end",
        "tab\tnew\nline\r",
        "<script>alert('Ç')</script>",
        "'; DROP TABLE cinémas; --",
        "../../etc/passwd",
        "%C3%A9 &eacute; \\u00e9",
        "\u{0}nul",
    ]);
    // Whole blocks: Latin-1 Supplement, Latin Extended-A and -B, IPA, Greek, Cyrillic,
    // Latin Extended Additional, Letterlike Symbols, Number Forms, Enclosed Alphanumerics,
    // Alphabetic Presentation Forms (Latin), Fullwidth ASCII.
    for (first, last) in [
        (0x00A0, 0x00FF),
        (0x0100, 0x017F),
        (0x0180, 0x024F),
        (0x0250, 0x02AF),
        (0x0370, 0x03FF),
        (0x0400, 0x04FF),
        (0x1E00, 0x1EFF),
        (0x2100, 0x214F),
        (0x2150, 0x218F),
        (0x2460, 0x24FF),
        (0xFB00, 0xFB06),
        (0xFF01, 0xFF5E),
    ] {
        inputs.push(block(first, last));
    }
    inputs
        .iter()
        .map(|input| json!({ "input": input, "output": fold(input) }))
        .collect()
}

/// Blanks (`site::text::is_blank`, JavaScript's `\s`), and the two characters where it
/// departs from Unicode `White_Space` (`char::is_whitespace`): NEL (U+0085, not a blank) and
/// the BOM (U+FEFF, a blank).
const BLANK_CASES: [&str; 6] = [
    "\u{85}", "\u{FEFF}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{1680}",
];

fn genre_key_cases() -> Value {
    let mut inputs = strings(&[
        "",
        "   ",
        "Drame",
        "COMÉDIE",
        "Comédie dramatique",
        "  Science   fiction  ",
        "Science\tfiction",
        "Science\nfiction",
        "Sci-Fi",
        "Film-Noir",
        "Action/Aventure",
        "Œuvres d'art",
        "Straße ẞ",
        "Animação",
        "Anime アニメ",
        "a\u{200B}b",
    ]);
    for blank in BLANK_CASES {
        inputs.push(format!("Science{blank}fiction"));
        inputs.push(format!("{blank}Drame{blank}"));
    }
    inputs
        .iter()
        .map(|input| json!({ "input": input, "output": genre_key(input) }))
        .collect()
}

fn contains_folded_cases() -> Value {
    let mut pairs: Vec<(String, String)> = [
        ("Lumen Nîmes", "nimes"),
        ("Lumen Nimes", "NÎMES "),
        ("anything", ""),
        ("anything", "   "),
        ("", ""),
        ("", "a"),
        ("Lyon", "lyons"),
        ("Cœur", "coeur"),
        ("Coeur", "CŒUR"),
        ("Straße", "STRASSE"),
        ("STRASSE", "straße"),
        ("ẞ", "ss"),
        ("Saint-Étienne", "saint etienne"),
        ("Saint-Étienne", "SAINT-ÉT"),
        ("Paris 11e", " 11E "),
        ("a.*b", ".*"),
        ("abc", ".*"),
        ("İzmir", "izmir"),
        ("ﬁlm", "film"),
        ("Ｌｕｍｅｎ", "lumen"),
        ("Lumen", "e\u{301}"),
        ("Lumén", "e\u{301}"),
        ("Lumen  Opéra", "lumen opera"),
    ]
    .iter()
    .map(|(h, q)| (h.to_string(), q.to_string()))
    .collect();
    for blank in BLANK_CASES {
        pairs.push(("Lumen Opéra".into(), format!("{blank}opera{blank}")));
    }
    pairs
        .iter()
        .map(|(haystack, query)| {
            json!({ "haystack": haystack, "query": query, "output": contains_folded(haystack, query) })
        })
        .collect()
}

fn postal_code_cases() -> Value {
    let mut cases: Vec<(String, Vec<String>)> = [
        ("75", &["75011"][..]),
        ("750", &["13001", "75011"]),
        ("76", &["75011"]),
        ("75011", &["75011"]),
        ("750110", &["75011"]),
        ("75011", &["75"]),
        ("75", &[]),
        ("75", &[""]),
        ("", &["75011"]),
        ("   ", &["75011"]),
        ("paris", &["75011"]),
        (" 75 0 ", &["75011"]),
        ("75", &[" 75 011 "]),
        ("1012 a", &["1012AB"]),
        ("1012ab", &["1012 AB"]),
        ("1012AB", &["1012 ab"]),
        ("2A", &["2A004"]),
        ("2a0", &["2A004"]),
        ("F-75", &["75011"]),
        ("75", &["F-75011"]),
        ("B-1000", &["1000"]),
        ("1000", &["B-1000"]),
        ("٧٥", &["75011"]),
        ("７５", &["75011"]),
        ("75", &["７５011"]),
        ("1012ß", &["1012SS"]),
        ("75\t011", &["75011"]),
        ("0", &["01000", "75011"]),
    ]
    .iter()
    .map(|(t, c)| (t.to_string(), strings(c)))
    .collect();
    for blank in BLANK_CASES {
        cases.push((format!("{blank}75{blank}0"), strings(&["75011"])));
        cases.push(("750".into(), vec![format!("75{blank}011")]));
    }
    cases
        .iter()
        .map(|(typed, codes)| {
            let refs: Vec<&str> = codes.iter().map(String::as_str).collect();
            json!({ "typed": typed, "codes": codes, "output": postal_code_matches(typed, &refs) })
        })
        .collect()
}

/// A locator query, a cinema's name and city, its city's and its theatre's postal codes.
type LocatorCase = (
    String,
    &'static str,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

fn cinema_matches_cases() -> Value {
    let mut cases: Vec<LocatorCase> = [
        ("opera", "Lumen Opéra", "Paris", None, None),
        ("PARIS", "Lumen Opéra", "Paris", None, None),
        ("lyon", "Lumen Opéra", "Paris", None, None),
        ("75", "Lumen Opéra", "Paris", Some("75"), None),
        ("7500", "Lumen Opéra", "Paris", None, Some("75009")),
        ("7500", "Lumen Opéra", "Paris", Some("75"), Some("75009")),
        ("69", "Lumen Opéra", "Paris", Some("75"), Some("75009")),
        ("75", "Lumen Opéra", "Paris", None, None),
        ("", "Lumen Opéra", "Paris", None, None),
        ("  ", "Lumen Opéra", "Paris", None, None),
        ("  opéra ", "Lumen Opera", "Paris", None, None),
        (
            "Évry",
            "Lumen Évry",
            "Évry-Courcouronnes",
            Some("91000"),
            None,
        ),
        ("evry cour", "Lumen", "Évry-Courcouronnes", None, None),
        ("evry-cour", "Lumen", "Évry-Courcouronnes", None, None),
        ("9100", "Lumen", "Évry", Some("91 000"), None),
        // A digit first: a postal code, never the name ("4DX Lumen" is not found by "4dx").
        ("4dx", "4DX Lumen", "Paris", Some("75011"), None),
        (
            "1012 ab",
            "Lumen Centrum",
            "Amsterdam",
            None,
            Some("1012AB"),
        ),
        (
            "1012 ac",
            "Lumen Centrum",
            "Amsterdam",
            None,
            Some("1012AB"),
        ),
        ("amster", "Lumen Centrum", "Amsterdam", None, Some("1012AB")),
        ("b-1000", "Lumen", "Bruxelles", Some("1000"), None),
        ("Ｐａｒｉｓ", "Lumen", "Paris", None, None),
        ("７５", "Lumen", "Paris", Some("75011"), None),
        ("'; DROP", "Lumen", "Paris", None, None),
        ("<b>", "Lumen <b>", "Paris", None, None),
    ]
    .iter()
    .map(|&(q, n, c, cp, tp)| (q.to_string(), n, c, cp, tp))
    .collect();
    for blank in BLANK_CASES {
        cases.push((
            format!("{blank}opera{blank}"),
            "Lumen Opéra",
            "Paris",
            None,
            None,
        ));
        cases.push((format!("{blank}75"), "Lumen", "Paris", Some("75011"), None));
        cases.push((blank.to_string(), "Lumen", "Paris", None, None));
    }
    cases
        .iter()
        .map(|(query, name, city, city_code, theater_code)| {
            json!({
                "query": query, "name": name, "city": city,
                "cityPostalCode": city_code, "theaterPostalCode": theater_code,
                "output": cinema_matches(query, name, city, *city_code, *theater_code),
            })
        })
        .collect()
}

// ---------------------------------------------------------------- URL filters (site/src/filters.rs)

fn is_param_value_cases() -> Value {
    [
        "",
        ".",
        "..",
        "...",
        "filters",
        "Filters",
        "filters2",
        "imax",
        "4DX",
        "avp-equipe",
        "a~b_c.d-e",
        "-",
        "~",
        "_",
        "a b",
        "a/b",
        "a%20b",
        "a?b",
        "a#b",
        "a;b",
        "a,b",
        "a+b",
        "a:b",
        "a@b",
        "a&b",
        "é",
        "ａ",
        "a\u{0}",
        "a\n",
        "\u{FEFF}a",
    ]
    .iter()
    .map(|input| json!({ "input": input, "output": is_param_value(input) }))
    .collect()
}

fn parse_filters_cases() -> Value {
    [
        "",
        "/",
        "//",
        "date-2024-05-01",
        "date-2024-02-29",
        "date-2023-02-29",
        "date-2000-02-29",
        "date-1900-02-29",
        "date-1900-01-01",
        "date-0000-01-01",
        "date-9999-12-31",
        "date-2024-04-31",
        "date-2024-06-00",
        "date-2024-00-10",
        "date-2024-13-01",
        "date-2024-5-1",
        "date-2024-05-01x",
        "date-2024/05/01",
        "date-+024-05-01",
        "date-２０２４-05-01",
        "date-20240501",
        "date-2024-05-01T10:00",
        "date-",
        "date",
        "tags-imax",
        "tags-imax,4dx,AVP",
        "tags-a,b,a,b",
        "tags-a,,b",
        "tags-,",
        "tags-a,",
        "tags-",
        "tags",
        "tags-a/",
        "/tags-a",
        "tags-a//genres-b",
        "tags-a/tags-b",
        "tags-a/TAGS-b",
        "Tags-a",
        "-x",
        "foo-bar",
        "foo-a/foo-b",
        "date-x/date-y",
        "tags-a/date-2024-13-01/tags-b",
        "__proto__-x",
        "constructor-x",
        "toString-x",
        "tags-__proto__,constructor",
        "genres-science-fiction,drama",
        "versions-vf,VOST,vf",
        "localisation-paris",
        "localisation-lumen-opera",
        "localisation-a,b",
        "localisation-filters",
        "localisation-..",
        "tags-.",
        "tags-..",
        "tags-filters",
        "tags-é",
        "tags-a%2Cb",
        "tags-a b",
        "tags-a\u{0}",
        "été-x",
        "tags-a?x=1",
        "tags-a#x",
        "tags-a;x=1",
        "date-2024-05-01/tags-imax/genres-drama/versions-vf/localisation-paris",
        "localisation-paris/versions-vf/genres-drama/tags-imax/date-2024-05-01",
        "date-2024-05-01/tags-imax,4DXSCREENX,avp-equipe/genres-science-fiction,drama/versions-vf,vost/localisation-lumen-opera",
        "filters/tags-a",
    ]
    .iter()
    .map(|input| json!({ "input": input, "output": result(Filters::parse(input), |f| filters_json(&f)) }))
    .collect()
}

fn selections() -> Vec<Filters> {
    let f = |date: Option<&str>,
             tags: &[&str],
             genres: &[&str],
             versions: &[&str],
             loc: Option<&str>| {
        Filters {
            date: date.map(Into::into),
            tags: strings(tags),
            genres: strings(genres),
            versions: strings(versions),
            localisation: loc.map(Into::into),
        }
    };
    vec![
        Filters::default(),
        f(Some("2024-05-01"), &[], &[], &[], None),
        f(None, &["imax"], &[], &[], None),
        f(None, &[], &["science-fiction", "drama"], &[], None),
        f(None, &[], &[], &["vost", "vf"], None),
        f(None, &[], &[], &[], Some("lumen-opera")),
        f(
            Some("2024-05-01"),
            &["imax", "4DXSCREENX", "avp-equipe"],
            &["science-fiction", "drama"],
            &["vf", "vost"],
            Some("lumen-opera"),
        ),
        f(None, &["b", "a"], &[], &["VF", "vf"], None),
        // Invalid ones: formatted as they are, refused by validation.
        f(Some("2024-5-1"), &[], &[], &[], None),
        f(Some("2023-02-29"), &[], &[], &[], None),
        f(Some(""), &[], &[], &[], None),
        f(None, &["a", "a"], &[], &[], None),
        f(None, &["a", ""], &[], &[], None),
        f(None, &[], &["a b"], &[], None),
        f(None, &[], &[], &["vf,vo"], None),
        f(None, &[], &[], &["filters"], None),
        f(None, &[], &[], &[], Some("")),
        f(None, &[], &[], &[], Some("..")),
        f(None, &[], &[], &[], Some("a/b")),
        f(None, &["é"], &[], &[], Some("paris")),
        f(Some("bad"), &["a", "a"], &[], &[], None),
    ]
}

fn format_filters_cases() -> Value {
    selections()
        .iter()
        .map(|f| json!({ "input": filters_json(f), "output": f.format() }))
        .collect()
}

fn validate_filters_cases() -> Value {
    selections()
        .iter()
        .map(|f| {
            let output = match f.validate() {
                Ok(()) => json!({ "ok": true }),
                Err(e) => json!({ "ok": false, "error": filter_error(&e) }),
            };
            json!({ "input": filters_json(f), "output": output })
        })
        .collect()
}

fn split_path_cases() -> Value {
    [
        "",
        "/",
        "/films",
        "/films/",
        "/films/filters",
        "/films/filters/",
        "/films/filters/date-2024-05-01",
        "/filters/tags-imax",
        "/filters",
        "filters/tags-a",
        "/films/filters-x",
        "/my-filters/tags-a",
        "/films/filters-x/filters/tags-a",
        "/films/filtersx/filters/tags-a",
        "/films/filters/tags-a/filters/genres-b",
        "/films/filters/tags-a/genres-b/",
        "/films/filters/date-2024-05-01?x=1",
        "/films/filters/tags-a#top",
        "/nl/films/filters/versions-vo",
        "/cinemas/lumen-opera/filters/date-2024-05-01/versions-vf",
        "/cinemas/ville/paris/filters/localisation-paris-11",
        "//filters/tags-a",
        "/films/FILTERS/tags-a",
        "/films/filters/tags-a,a",
        "/films/filters/bogus",
        "/villé/filters/tags-a",
    ]
    .iter()
    .map(|input| {
        let output = result(filters::split_path(input), |(base, filters)| {
            json!({ "base": base, "filters": filters.as_ref().map(filters_json) })
        });
        json!({ "input": input, "output": output })
    })
    .collect()
}

fn with_filters_cases() -> Value {
    let some = Filters {
        tags: strings(&["imax"]),
        localisation: Some("paris".into()),
        ..Filters::default()
    };
    let mut cases = Vec::new();
    for base in ["/films", "/films/", "/films///", "/", "", "//", "/nl/films"] {
        for f in [Filters::default(), some.clone()] {
            cases.push(json!({
                "base": base, "filters": filters_json(&f), "output": filters::with_filters(base, &f),
            }));
        }
    }
    Value::Array(cases)
}

// ---------------------------------------------------------------- geo (site/src/rules/geo.rs)

const PARIS: (f64, f64) = (48.8566, 2.3522);

fn distance_cases() -> Value {
    [
        ((0.0, 0.0), (1.0, 0.0)),
        ((0.0, 0.0), (0.0, 1.0)),
        ((0.0, 0.0), (0.0, 0.0)),
        (PARIS, PARIS),
        (PARIS, (48.8566, 2.35221)),
        (PARIS, (45.764, 4.8357)),
        (PARIS, (14.7167, -17.4677)),
        ((52.3676, 4.9041), (36.8065, 10.1815)),
        ((0.0, 179.5), (0.0, -179.5)),
        ((10.0, 180.0), (10.0, -180.0)),
        ((0.0, 0.0), (0.0, 360.0)),
        ((0.0, 0.0), (0.0, 180.0)),
        ((48.8566, 2.3522), (-48.8566, -177.6478)),
        ((90.0, 0.0), (-90.0, 0.0)),
        ((90.0, 0.0), (90.0, 120.0)),
        ((-90.0, 45.0), (-89.0, -135.0)),
        ((89.9, 0.0), (89.9, 180.0)),
        ((10.0, 0.0), (-10.0, 0.0)),
        ((-33.8688, 151.2093), (-33.8688, -151.2093)),
        ((91.0, 0.0), (89.0, 0.0)),
        ((0.0, 540.0), (0.0, -180.0)),
    ]
    .iter()
    .map(|&(a, b)| json!({ "a": lat_lon(a), "b": lat_lon(b), "output": km(distance_km(a, b)) }))
    .collect()
}

fn effective_limits_cases() -> Value {
    let none: Option<f64> = None;
    [
        None,
        Some((none, None)),
        Some((Some(20.0), Some(2))),
        Some((Some(0.0), Some(0))),
        Some((Some(-5.0), Some(0))),
        Some((Some(-0.0), Some(1))),
        Some((Some(f64::NAN), Some(3))),
        Some((Some(f64::INFINITY), Some(3))),
        Some((Some(f64::NEG_INFINITY), Some(3))),
        Some((Some(0.5), Some(1))),
        Some((Some(1e-9), Some(u32::MAX))),
        Some((None, Some(10))),
        Some((Some(30.0), None)),
        Some((Some(20015.1), Some(100))),
    ]
    .iter()
    .map(|limits| {
        let (distance, count) = limits.unwrap_or((None, None));
        let (d, c) = effective_locator_limits(distance, count);
        json!({
            "limits": limits.map(|(d, c)| json!({
                "maxGeolocationDistance": d.map(num), "maxGeolocationCinemas": c,
            })),
            "output": { "distance": num(d), "count": c },
        })
    })
    .collect()
}

struct Nearest {
    origin: (f64, f64),
    cinemas: Vec<(&'static str, Option<(f64, f64)>)>,
    limits: Option<LocatorLimits>,
}

fn limits(distance: f64, count: u32) -> Option<LocatorLimits> {
    Some(LocatorLimits {
        max_geolocation_distance: distance,
        max_geolocation_cinemas: count,
    })
}

fn nearest_cases() -> Value {
    // Along Paris' meridian, `d` km north.
    let north = |d: f64| Some((PARIS.0 + d / (60.0 * KM_PER_NAUTICAL_MILE), PARIS.1));
    let paris_list = vec![
        ("far", north(60.0)),
        ("near", north(1.0)),
        ("nowhere", None),
        ("mid", north(10.0)),
        ("edge", north(49.9)),
        ("beyond", north(50.1)),
    ];
    // Ties: the same position twice, and mirror images across the origin's meridian (0°).
    let ties = vec![
        ("east", Some((0.0, 0.1))),
        ("west", Some((0.0, -0.1))),
        ("closest", Some((0.0, 0.05))),
        ("east-again", Some((0.0, 0.1))),
        ("north", Some((0.2, 0.0))),
        ("south", Some((-0.2, 0.0))),
    ];
    let cases = vec![
        Nearest {
            origin: PARIS,
            cinemas: paris_list.clone(),
            limits: None,
        },
        Nearest {
            origin: PARIS,
            cinemas: paris_list.clone(),
            limits: limits(50.0, 6),
        },
        Nearest {
            origin: PARIS,
            cinemas: paris_list.clone(),
            limits: limits(50.0, 2),
        },
        Nearest {
            origin: PARIS,
            cinemas: paris_list.clone(),
            limits: limits(100.0, 6),
        },
        Nearest {
            origin: PARIS,
            cinemas: paris_list.clone(),
            limits: limits(5.0, 6),
        },
        Nearest {
            origin: PARIS,
            cinemas: paris_list.clone(),
            limits: limits(0.0, 0),
        },
        Nearest {
            origin: PARIS,
            cinemas: paris_list.clone(),
            limits: limits(-1.0, 1),
        },
        Nearest {
            origin: PARIS,
            cinemas: paris_list,
            limits: limits(0.5, 6),
        },
        Nearest {
            origin: (0.0, 0.0),
            cinemas: ties.clone(),
            limits: None,
        },
        Nearest {
            origin: (0.0, 0.0),
            cinemas: ties.clone(),
            limits: limits(50.0, 2),
        },
        Nearest {
            origin: (0.0, 0.0),
            cinemas: ties.clone(),
            limits: limits(50.0, 3),
        },
        Nearest {
            origin: (0.0, 0.0),
            cinemas: ties,
            limits: limits(12.0, 10),
        },
        Nearest {
            origin: (0.0, 0.0),
            cinemas: vec![
                ("here", Some((0.0, 0.0))),
                ("there", Some((0.0, 0.0))),
                ("away", Some((0.1, 0.0))),
            ],
            limits: None,
        },
        // Across the antimeridian: 179.9°E is near 179.9°W.
        Nearest {
            origin: (0.0, 179.9),
            cinemas: vec![
                ("east-of-line", Some((0.0, 179.0))),
                ("west-of-line", Some((0.0, -179.9))),
                ("wrapped", Some((0.0, -180.1))),
            ],
            limits: limits(150.0, 6),
        },
        // Around the north pole every longitude is near.
        Nearest {
            origin: (90.0, 0.0),
            cinemas: vec![
                ("pole-180", Some((89.8, 180.0))),
                ("pole-0", Some((89.8, 0.0))),
                ("pole-45", Some((89.7, 45.0))),
                ("tropic", Some((23.4, 0.0))),
            ],
            limits: None,
        },
        Nearest {
            origin: (-90.0, 0.0),
            cinemas: vec![
                ("south-pole", Some((-90.0, 123.0))),
                ("antarctica", Some((-89.9, -60.0))),
            ],
            limits: None,
        },
        // Unusable positions are skipped.
        Nearest {
            origin: PARIS,
            cinemas: vec![
                ("nan", Some((f64::NAN, 2.35))),
                ("inf", Some((48.85, f64::INFINITY))),
                ("minus-inf", Some((f64::NEG_INFINITY, 2.35))),
                ("none", None),
                ("ok", Some((48.86, 2.35))),
            ],
            limits: None,
        },
        Nearest {
            origin: PARIS,
            cinemas: vec![],
            limits: None,
        },
        // The whole globe.
        Nearest {
            origin: PARIS,
            cinemas: vec![
                ("antipode", Some((-48.8566, -177.6478))),
                ("dakar", Some((14.7167, -17.4677))),
                ("lyon", Some((45.764, 4.8357))),
                ("sydney", Some((-33.8688, 151.2093))),
            ],
            limits: limits(20100.0, 10),
        },
        Nearest {
            origin: PARIS,
            cinemas: vec![
                ("lyon", Some((45.764, 4.8357))),
                ("dakar", Some((14.7167, -17.4677))),
            ],
            limits: limits(f64::INFINITY, 1),
        },
    ];
    cases.iter().map(nearest_case).collect()
}

fn nearest_case(case: &Nearest) -> Value {
    let cinemas: Vec<Cinema> = case
        .cinemas
        .iter()
        .map(|(slug, position)| {
            let mut cinema: Cinema = serde_json::from_value(json!({
                "slug": slug, "vistaRef": format!("ref-{slug}"), "name": slug,
            }))
            .expect("a cinema");
            cinema.gps_position = position.map(|(x, y)| GpsPosition { x, y });
            cinema
        })
        .collect();
    let near = nearest_cinemas_in(case.origin, &cinemas, case.limits.as_ref());

    // No knife edges: see SEPARATION_KM.
    let (limit, _) = effective_locator_limits(
        case.limits.map(|l| l.max_geolocation_distance),
        case.limits.map(|l| l.max_geolocation_cinemas),
    );
    let distances: Vec<f64> = case
        .cinemas
        .iter()
        .filter_map(|(_, p)| *p)
        .filter(|p| p.0.is_finite() && p.1.is_finite())
        .map(|p| distance_km(case.origin, p))
        .collect();
    for (i, a) in distances.iter().enumerate() {
        assert!(
            (a - limit).abs() > SEPARATION_KM,
            "{a} km is too near the limit {limit}"
        );
        for b in &distances[..i] {
            assert!(
                a == b || (a - b).abs() > SEPARATION_KM,
                "{a} and {b} km: a near tie"
            );
        }
    }

    json!({
        "origin": lat_lon(case.origin),
        "cinemas": case.cinemas.iter().map(|(slug, p)| json!({
            "slug": slug,
            "gpsPosition": p.map(|(x, y)| json!({ "x": num(x), "y": num(y) })),
        })).collect::<Vec<_>>(),
        "limits": case.limits.map(|l| json!({
            "maxGeolocationDistance": num(l.max_geolocation_distance),
            "maxGeolocationCinemas": l.max_geolocation_cinemas,
        })),
        "output": near.iter().map(|(slug, d)| json!({ "slug": slug, "km": km(*d) })).collect::<Vec<_>>(),
    })
}

// ---------------------------------------------------------------- show filter (site/src/rules/show.rs)

fn show_passes_cases() -> Value {
    let show = |versions: &[&str], tags: &[&str], genres: &[&str], bookable: bool| {
        (strings(versions), strings(tags), strings(genres), bookable)
    };
    let filter = |versions: &[&str], tags: &[&str], genres: &[&str]| ShowFilter {
        versions: strings(versions),
        tags: strings(tags),
        genres: strings(genres),
    };
    let dune = show(
        &["VF", "vost"],
        &["IMAX", "avp-equipe"],
        &["Comédie", "Drame"],
        true,
    );
    let none = filter(&[], &[], &[]);
    let cases = vec![
        (none.clone(), dune.clone()),
        (none.clone(), show(&["VF"], &[], &[], false)),
        (none.clone(), show(&[], &[], &[], true)),
        (filter(&["vf", "vo"], &[], &[]), dune.clone()),
        (filter(&["vo"], &[], &[]), dune.clone()),
        (filter(&["VOST"], &[], &[]), dune.clone()),
        (filter(&[" vf "], &[], &[]), dune.clone()),
        (filter(&["vf"], &[], &[]), show(&[], &[], &[], true)),
        (filter(&["vf"], &[], &[]), show(&["VF"], &[], &[], false)),
        (filter(&[], &["imax"], &[]), dune.clone()),
        (filter(&[], &["4dx"], &[]), dune.clone()),
        (filter(&[], &["4dx", "imax"], &[]), dune.clone()),
        (filter(&[], &["avp"], &[]), dune.clone()),
        (
            filter(&[], &["AVP"], &[]),
            show(&[], &["AVP-EQUIPE"], &[], true),
        ),
        (
            filter(&[], &["avp-equipe"], &[]),
            show(&[], &["avp"], &[], true),
        ),
        (
            filter(&[], &["avp"], &[]),
            show(&[], &["avp-other"], &[], true),
        ),
        (filter(&[], &["avp"], &[]), show(&[], &["avp"], &[], true)),
        (
            filter(&[], &["avp"], &[]),
            show(&[], &["avpequipe"], &[], true),
        ),
        (
            filter(&[], &["4DXSCREENX"], &[]),
            show(&[], &["4dxscreenx"], &[], true),
        ),
        (
            filter(&[], &["dolby"], &[]),
            show(&[], &["dolby_atmos"], &[], true),
        ),
        // Slugs compare lower-cased in full (JavaScript's `toLowerCase()`).
        (
            filter(&["vosté"], &[], &[]),
            show(&["VOSTÉ"], &[], &[], true),
        ),
        (
            filter(&["vosté"], &[], &[]),
            show(&["vosté"], &[], &[], true),
        ),
        (
            filter(&[], &["k"], &[]),
            show(&[], &["\u{212A}"], &[], true),
        ),
        (filter(&[], &["i"], &[]), show(&[], &["İ"], &[], true)),
        (filter(&[], &["ss"], &[]), show(&[], &["ß"], &[], true)),
        (filter(&[], &[], &["comedie"]), dune.clone()),
        (filter(&[], &[], &["COMÉDIE"]), dune.clone()),
        (filter(&[], &[], &["thriller"]), dune.clone()),
        (
            filter(&[], &[], &["science-fiction"]),
            show(&[], &[], &["Science fiction"], true),
        ),
        (
            filter(&[], &[], &["science"]),
            show(&[], &[], &["Science fiction"], true),
        ),
        (
            filter(&[], &[], &["Science  Fiction"]),
            show(&[], &[], &["science-fiction"], true),
        ),
        (
            filter(&[], &[], &["sci fi"]),
            show(&[], &[], &["Sci-Fi"], true),
        ),
        (filter(&[], &[], &[""]), show(&[], &[], &[""], true)),
        (filter(&[], &[], &[""]), show(&[], &[], &["Drame"], true)),
        (
            filter(&[], &[], &["strasse"]),
            show(&[], &[], &["STRAẞE"], true),
        ),
        (
            filter(&[], &[], &["oeuvre"]),
            show(&[], &[], &["Œuvre"], true),
        ),
        (filter(&["vf"], &["imax"], &["drame"]), dune.clone()),
        (filter(&["vf"], &["4dx"], &["drame"]), dune.clone()),
        (
            filter(&["vf"], &["imax"], &["drame"]),
            show(&["VF", "vost"], &["IMAX"], &["Drame"], false),
        ),
        (filter(&["vo"], &["imax"], &["drame"]), dune.clone()),
        (filter(&["vf"], &["imax"], &["western"]), dune.clone()),
    ];
    let mut cases = cases;
    for blank in BLANK_CASES {
        cases.push((
            filter(&[format!("{blank}vf{blank}").as_str()], &[], &[]),
            dune.clone(),
        ));
        cases.push((
            filter(&[], &[], &[format!("science{blank}fiction").as_str()]),
            show(&[], &[], &["Science fiction"], true),
        ));
    }
    cases
        .iter()
        .map(|(filter, (versions, tags, genres, bookable))| {
            json!({
                "filter": { "versions": filter.versions, "tags": filter.tags, "genres": filter.genres },
                "show": { "versions": versions, "tags": tags, "genres": genres, "bookable": bookable },
                "output": show_passes(filter, versions, tags, genres, *bookable),
            })
        })
        .collect()
}

// ---------------------------------------------------------------- search (site/src/rules/search.rs)

fn item(url: &str, title: &str) -> HistoryItem {
    HistoryItem {
        title: title.into(),
        subtitle: None,
        url: url.into(),
        route: None,
    }
}

fn item_json(i: &HistoryItem) -> Value {
    json!({ "url": i.url, "title": i.title })
}

fn push_history_cases() -> Value {
    let (a, b, c, d, e, f) = (
        item("/a", "A"),
        item("/b", "B"),
        item("/c", "C"),
        item("/d", "D"),
        item("/e", "E"),
        item("/f", "F"),
    );
    // `None`: the search history itself (`push_history_item`, HISTORY_SIZE, same URL).
    let cases: Vec<(Vec<HistoryItem>, HistoryItem, Option<usize>)> = vec![
        (vec![], a.clone(), None),
        (vec![a.clone()], a.clone(), None),
        (vec![a.clone()], b.clone(), None),
        (vec![a.clone(), b.clone(), c.clone()], d.clone(), None),
        (vec![a.clone(), b.clone(), c.clone()], a.clone(), None),
        (vec![a.clone(), b.clone(), c.clone()], c.clone(), None),
        (
            vec![a.clone(), b.clone(), c.clone()],
            item("/b", "B renamed"),
            None,
        ),
        (
            vec![a.clone(), b.clone(), c.clone(), d.clone(), e.clone()],
            f.clone(),
            None,
        ),
        (
            vec![a.clone(), b.clone(), c.clone(), d.clone(), e.clone()],
            e.clone(),
            None,
        ),
        (vec![a.clone(), a.clone(), b.clone()], c.clone(), None),
        (vec![a.clone(), a.clone(), b.clone()], a.clone(), None),
        (vec![item("", "empty")], item("", "empty again"), None),
        (vec![a.clone(), b.clone()], item("/A", "A upper"), None),
        (vec![a.clone(), b.clone()], c.clone(), Some(0)),
        (vec![a.clone(), b.clone()], c.clone(), Some(1)),
        (vec![a.clone(), b.clone()], b.clone(), Some(1)),
        (
            vec![a.clone(), b.clone(), c.clone(), d.clone()],
            e.clone(),
            Some(5),
        ),
        (
            vec![a.clone(), b.clone(), c.clone(), d.clone()],
            b.clone(),
            Some(5),
        ),
    ];
    cases
        .iter()
        .map(|(history, entry, max)| {
            let output = match max {
                None => push_history_item(history, entry.clone()),
                Some(max) => push_history_by(history, entry.clone(), *max, |i| i.url.clone()),
            };
            json!({
                "history": history.iter().map(item_json).collect::<Vec<_>>(),
                "entry": item_json(entry),
                "max": max,
                "output": output.iter().map(item_json).collect::<Vec<_>>(),
            })
        })
        .collect()
}

fn search_allowed_cases() -> Value {
    let mut queries = strings(&[
        "",
        "a",
        "ab",
        "abc",
        "abcd",
        "abcde",
        " ab ",
        "  abc  ",
        " abcd ",
        "Év",
        "Évr",
        "Évry",
        "e\u{301}e",
        "🎬🎬",
        "🎬🎬🎬",
        "🎬🎬🎬🎬",
        "北京",
        "北京市",
        "a\u{200B}b",
        "\tab\n",
    ]);
    for blank in BLANK_CASES {
        queries.push(format!("{blank}ab{blank}"));
        queries.push(format!("{blank}abc"));
    }
    let mut cases = Vec::new();
    for q in &queries {
        cases.push(
            json!({ "query": q, "scope": "site", "output": search_allowed(q, MIN_SEARCH_LENGTH) }),
        );
        cases.push(json!({ "query": q, "scope": "faq", "output": faq_search_allowed(q, MIN_SEARCH_LENGTH) }));
    }
    Value::Array(cases)
}

fn keep_result_cases() -> Value {
    let mut cases = Vec::new();
    for kind in [
        "cinema",
        "show",
        "event",
        "gpxp",
        "news",
        "offer",
        "faq",
        "master_template",
    ] {
        let result: SearchResult = serde_json::from_value(json!({
            "id": "1", "type": kind, "slug": "s", "title": "t",
        }))
        .expect("a search result");
        cases.push(
            json!({ "type": kind, "scope": "site", "output": keep_search_result(result.kind) }),
        );
        cases.push(json!({ "type": kind, "scope": "faq", "output": keep_faq_result(result.kind) }));
    }
    Value::Array(cases)
}

/// The film's year a show result shows (spec §9, §5): its payload's releases and original
/// release, read as the API gives them.
fn release_year_cases() -> Value {
    let cases: Vec<(Vec<&str>, Option<&str>)> = vec![
        (vec![], None),
        (vec!["2024-05-01"], None),
        (vec![], Some("1999-03-03")),
        (vec!["2024-05-01", "2023-12-31"], Some("2025-01-01")),
        (vec!["2024-05-01"], Some("1977-05-25")),
        (vec!["2024-01-01", "2024-12-31"], None),
        (vec!["1900-01-01"], None),
        (vec!["1900-01-01"], Some("1900-01-01")),
        (vec!["1900-01-01", "2010-10-10"], Some("1900-01-01")),
        (vec!["1900-01-01"], Some("1999-03-03")),
        (vec!["1900-01-02"], None),
        (vec!["1900-06-15", "1931-01-01"], None),
        (vec!["1899-12-31", "2000-01-01"], None),
        (vec!["1895-12-28"], Some("1900-01-01")),
        (vec!["0999-01-01"], None),
        (vec!["9999-12-31"], None),
    ];
    cases
        .iter()
        .map(|(releases, original)| {
            let payload = json!({
                "releases": releases.iter().map(|d| json!({ "date": d, "zone": "FR" })).collect::<Vec<_>>(),
                "originalRelease": original,
            });
            let result: SearchResult = serde_json::from_value(json!({
                "id": "1", "type": "show", "slug": "dune", "title": "Dune", "payload": payload,
            }))
            .expect("a show result");
            let payload = result.show_payload().expect("a show payload");
            json!({
                "releases": releases,
                "originalRelease": original,
                "output": release_year(&payload.releases, payload.original_release),
            })
        })
        .collect()
}

// ---------------------------------------------------------------- client (site/src/rules/client.rs)

fn toggle_favourite_cases() -> Value {
    let known = strings(&["a", "b", "c", "d", "e", "f"]);
    let cases: Vec<(Vec<&str>, &str, usize)> = vec![
        (vec![], "a", 5),
        (vec![], "a", 1),
        (vec![], "a", 0),
        (vec!["a", "b"], "a", 5),
        (vec!["a", "b"], "b", 5),
        (vec!["a"], "c", 5),
        (vec!["a"], "ghost", 5),
        (vec!["a"], "c", 1),
        (vec!["a"], "a", 1),
        (vec!["ghost"], "ghost", 1),
        (vec!["ghost"], "a", 5),
        (vec!["a", "a", "b"], "a", 5),
        (vec!["a", "b", "c", "d", "e"], "f", 5),
        (vec!["a", "b", "c", "d"], "f", 5),
        (vec!["a", "b", "c"], "d", 2),
        (vec!["a", "b", "c"], "ghost", 2),
        (vec!["a", "b", "c"], "c", 2),
        (vec![], "", 5),
        (vec!["a"], "A", 5),
    ];
    cases
        .iter()
        .map(|(current, slug, limit)| {
            let current = strings(current);
            let output = match toggle_favourite(&current, slug, *limit, |s| known.iter().any(|k| k == s)) {
                Ok(next) => json!({ "ok": true, "favourites": next, "added": !current.iter().any(|s| s == slug) }),
                Err(FavouriteError::LimitReached { limit }) => {
                    json!({ "ok": false, "reason": "limitReached", "limit": limit })
                }
                Err(FavouriteError::UnknownCinema) => json!({ "ok": false, "reason": "unknownCinema" }),
            };
            json!({ "current": current, "slug": slug, "limit": limit, "known": known, "output": output })
        })
        .collect()
}

fn show_avatar_cases() -> Value {
    let mut inputs: Vec<Option<String>> = [
        None,
        Some(""),
        Some("  "),
        Some("https://id.example/u/1.jpg"),
        Some("https://id.example/default-photo.png"),
        Some("https://id.example/Default-Photo.png"),
        Some("https://id.example/DEFAULT-PHOTO.PNG"),
        Some("  https://id.example/default-photo.png  "),
        Some("default-photo"),
        Some("https://id.example/defaultphoto.png"),
        Some("https://id.example/default%2Dphoto.png"),
        Some("https://id.example/default_photo.png"),
        Some("/avatars/user-default-photo-2.webp"),
        Some("javascript:alert(1)"),
    ]
    .iter()
    .map(|s| s.map(String::from))
    .collect();
    for blank in BLANK_CASES {
        inputs.push(Some(blank.to_string()));
        inputs.push(Some(format!("{blank}https://id.example/u/1.jpg{blank}")));
    }
    inputs
        .iter()
        .map(|input| json!({ "input": input, "output": show_avatar(input.as_deref()) }))
        .collect()
}

fn registration_offered_cases() -> Value {
    site::Site::ALL
        .iter()
        .map(|s| json!({ "site": s.code(), "output": s.offers_registration() }))
        .collect()
}

fn avatar_initials_cases() -> Value {
    [
        ("Émile", "Dupont"),
        ("Anne", "'t Hooft"),
        ("", "Zola"),
        ("Victor", ""),
        ("", ""),
        ("ßven", ""),
        ("123", "456"),
        ("  jean", " de la Tour"),
        ("łukasz", "żak"),
        ("ǆemal", ""),
        ("ŉ", ""),
        ("Ωmega", "ǰ"),
        ("🎬Ana", "-Bé"),
        ("李", "王"),
        ("\u{301}eric", ""),
        ("ﬁona", "ĳssel"),
        ("ｊｅａｎ", ""),
        ("i", "ı"),
    ]
    .iter()
    .map(|(first, last)| {
        json!({ "firstName": first, "lastName": last, "output": avatar_initials(first, last) })
    })
    .collect()
}

fn content_url_cases() -> Value {
    let mut inputs = strings(&[
        "https://tickets.example.org/st1",
        "http://tickets.example.org/a?b=c#d",
        "HTTPS://EXAMPLE.ORG",
        "HtTp://x",
        "/reserver/123",
        "/",
        "//evil.example/x",
        "",
        "   ",
        " https://x.org/a ",
        "\thttps://x.org/\n",
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "data:text/html,x",
        "vbscript:x",
        "ftp://x.org",
        "mailto:a@b.c",
        "https://",
        "https:///path",
        "https://?q",
        "https://user@evil.org",
        "https://x.org/@me",
        "https:\\\\evil.org",
        "/\\evil.org",
        "https://x.org/a\u{0}b",
        "https://x.org/\u{7f}",
        "https://x.org/\u{9f}",
        "https://x.org/a\u{200B}b",
        "https//x.org",
        "://x.org",
        "httpss://x.org",
        "https://x.org?q",
        "https://x.org#f",
        "https://éxample.org/é",
        "https://x.org/ a",
    ]);
    for blank in BLANK_CASES {
        inputs.push(format!("{blank}https://x.org/{blank}"));
        inputs.push(format!("{blank}/a"));
    }
    Value::Array(
        inputs
            .iter()
            .map(|u| json!({ "input": u, "output": site::escape::content_url(u) }))
            .collect(),
    )
}

// ---------------------------------------------------------------- the file

fn constants() -> Value {
    json!({
        "FILTERS_SEGMENT": filters::FILTERS_SEGMENT,
        "HISTORY_SIZE": HISTORY_SIZE,
        "MIN_SEARCH_LENGTH": MIN_SEARCH_LENGTH,
        "KM_PER_NAUTICAL_MILE": KM_PER_NAUTICAL_MILE,
        "DEFAULT_MAX_GEOLOCATION_CINEMAS": DEFAULT_MAX_GEOLOCATION_CINEMAS,
        "DEFAULT_MAX_GEOLOCATION_DISTANCE": DEFAULT_MAX_GEOLOCATION_DISTANCE,
        "DEFAULT_PHOTO_MARKER": rules::DEFAULT_PHOTO_MARKER,
    })
}

fn generated() -> String {
    let tables = json!({
        "about": ABOUT,
        "constants": constants(),
        "fold": fold_cases(),
        "genreKey": genre_key_cases(),
        "containsFolded": contains_folded_cases(),
        "postalCodeMatches": postal_code_cases(),
        "cinemaMatches": cinema_matches_cases(),
        "isParamValue": is_param_value_cases(),
        "parseFilters": parse_filters_cases(),
        "formatFilters": format_filters_cases(),
        "validateFilters": validate_filters_cases(),
        "splitPath": split_path_cases(),
        "withFilters": with_filters_cases(),
        "distanceKm": distance_cases(),
        "effectiveLimits": effective_limits_cases(),
        "nearestCinemas": nearest_cases(),
        "showPasses": show_passes_cases(),
        "pushHistory": push_history_cases(),
        "searchAllowed": search_allowed_cases(),
        "keepResult": keep_result_cases(),
        "releaseYear": release_year_cases(),
        "toggleFavourite": toggle_favourite_cases(),
        "showAvatar": show_avatar_cases(),
        "avatarInitials": avatar_initials_cases(),
        "registrationOffered": registration_offered_cases(),
        "contentUrl": content_url_cases(),
    });
    let mut text = serde_json::to_string_pretty(&sorted(tables)).expect("the tables serialise");
    text.push('\n');
    text
}

#[test]
fn rule_cases_are_current() {
    let want = generated();
    if std::env::var("UPDATE_CASES").as_deref() == Ok("1") {
        std::fs::create_dir_all(std::path::Path::new(PATH).parent().unwrap())
            .expect("create islands/src/generated");
        std::fs::write(PATH, &want).expect("write islands/src/generated/rule-cases.json");
        return;
    }
    let have = std::fs::read_to_string(PATH).unwrap_or_default();
    assert!(
        have == want,
        "islands/src/generated/rule-cases.json is out of date: run UPDATE_CASES=1 cargo test -p site --test rule_cases"
    );
}

/// Each table has cases, and the tables the TypeScript test reads are all there: an empty
/// table would pass in vitest without checking anything.
#[test]
fn every_table_has_cases() {
    let tables: Value = serde_json::from_str(&generated()).unwrap();
    for (name, table) in tables.as_object().unwrap() {
        if let Value::Array(cases) = table {
            assert!(!cases.is_empty(), "{name}: no cases");
        }
    }
}
