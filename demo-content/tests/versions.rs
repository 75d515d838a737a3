//! "Languages I understand" (issue 17, item 2): every version label the demo content carries,
//! on every site and in every language, is in the normalisation table (never the fallback),
//! and the demo carries the labels the real countries use.

use chrono::NaiveDate;
use demo_content::{generate, DemoOptions, DEFAULT_SEED};
use site::brand::Brand;
use site::rules::{known_version_languages, version_languages, ORIGINAL_AUDIO};
use site::Site;
use std::collections::HashSet;

fn demo() -> site::snapshot::Snapshot {
    let brand = Brand::from_json(include_str!("../../config/brand.json")).unwrap();
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
    };
    generate(&options, &brand).snapshot
}

#[test]
fn every_demo_version_label_is_in_the_table() {
    let snapshot = demo();
    let mut seen = 0;
    for site in &snapshot.sites {
        for locale in &site.locales {
            for version in &locale.versions {
                // The label alone (as a visitor reads it) and the slug alone both normalise.
                let by_label = known_version_languages(site.site, "", &version.label);
                let by_slug = known_version_languages(site.site, &version.slug, "");
                assert!(
                    by_slug.is_some(),
                    "{}: slug {:?} not in the table",
                    site.site,
                    version.slug
                );
                if let Some(by_label) = by_label {
                    assert_eq!(Some(by_label), by_slug, "{}: {:?}", site.site, version);
                }
                seen += 1;
            }
        }
        // Every showtime's version normalises to a known pair.
        for s in &site.showtimes {
            assert!(known_version_languages(site.site, &s.version.slug, "").is_some());
        }
    }
    assert!(seen > 20, "{seen} labels");
}

#[test]
fn the_demo_carries_the_labels_real_countries_use() {
    let snapshot = demo();
    let pairs = |code: Site| -> HashSet<(&'static str, Vec<&'static str>)> {
        let site = snapshot.site(code).unwrap();
        site.showtimes
            .iter()
            .map(|s| {
                let l = version_languages(code, &s.version.slug, "");
                (l.audio, l.subs.to_vec())
            })
            .collect()
    };
    let nl = pairs(Site::Nl);
    assert!(
        nl.contains(&(ORIGINAL_AUDIO, vec!["nl"])),
        "nl: OV, NL ondertiteld"
    );
    assert!(nl.contains(&("nl", vec![])));
    let ch = pairs(Site::Ch);
    assert!(
        ch.contains(&(ORIGINAL_AUDIO, vec!["de", "fr"])),
        "ch: OV d/f"
    );
    assert!(ch.contains(&(ORIGINAL_AUDIO, vec!["de"])), "ch: OmU");
    assert!(ch.contains(&("de", vec![])) && ch.contains(&("fr", vec![])));
    for code in [Site::Tn, Site::Ma] {
        let p = pairs(code);
        assert!(p.contains(&("ar", vec![])), "{code:?}: VA");
        assert!(p.contains(&("fr", vec![])), "{code:?}: VF");
        assert!(p.contains(&(ORIGINAL_AUDIO, vec!["fr"])), "{code:?}: VOST");
    }
    let fr = pairs(Site::Fr);
    assert!(fr.contains(&("fr", vec!["fr"])), "fr: VF-ST-SME");
}
