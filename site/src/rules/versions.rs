//! "Languages I understand" (issue 17, item 2): every version label of the eight countries
//! (VF, VOST, VOSTFR, VO, VF-ST-SME, OV, OmU, OV d/f, NL-ondertiteld, VA…) normalised once
//! into the language heard and the subtitle languages shown.
//!
//! The table is data ([`VERSION_TABLE`]); a label is matched on its slug first, then on its
//! label, both folded ([`version_key`]: accents, case, blanks and punctuation dropped). A label
//! the table does not know gives [`UNKNOWN_VERSION`]: audio `und`, no subtitles, which the
//! islands never hide (docs/decisions.md, "Languages I understand").

use crate::sites::Site;
use crate::text::fold;

/// The audio of an original version whose language the content does not say (the content
/// gives no film language): it is no followable language by itself.
pub const ORIGINAL_AUDIO: &str = "orig";
/// The audio of a label the table does not know: screenings with it are never hidden.
pub const UNKNOWN_AUDIO: &str = "und";

/// The languages of a version: `audio` is an ISO 639-1 code, [`ORIGINAL_AUDIO`] or
/// [`UNKNOWN_AUDIO`]; `subs` the subtitle languages (empty for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VersionLanguages {
    pub audio: &'static str,
    pub subs: &'static [&'static str],
}

impl VersionLanguages {
    /// Whether a visitor following `langs` (ISO codes) can follow a screening of this
    /// version: its audio is followed, or one of its subtitle languages is. An unknown
    /// version is always followable (better shown than wrongly hidden).
    pub fn followable(&self, langs: &[&str]) -> bool {
        self.audio == UNKNOWN_AUDIO
            || langs.contains(&self.audio)
            || self.subs.iter().any(|s| langs.contains(s))
    }

    /// The subtitle languages as a data attribute wants them: `de,fr`, empty for none.
    pub fn subs_attr(&self) -> String {
        self.subs.join(",")
    }
}

/// The fallback of a label the table does not know.
pub const UNKNOWN_VERSION: VersionLanguages = VersionLanguages {
    audio: UNKNOWN_AUDIO,
    subs: &[],
};

const fn v(audio: &'static str, subs: &'static [&'static str]) -> VersionLanguages {
    VersionLanguages { audio, subs }
}

/// One row: the sites it holds on (empty: every site), the folded key, the languages.
/// A site-specific row wins over a general one: "OV" is subtitled in Dutch in the
/// Netherlands, in German and French in Switzerland, and bare elsewhere.
pub type VersionRow = (&'static [Site], &'static str, VersionLanguages);

/// Every version label of the eight countries, keys folded by [`version_key`].
pub const VERSION_TABLE: &[VersionRow] = &[
    // Site-specific meanings first.
    (&[Site::Nl], "ov", v(ORIGINAL_AUDIO, &["nl"])),
    (&[Site::Nl], "originaleversieov", v(ORIGINAL_AUDIO, &["nl"])),
    (&[Site::Nl], "nl", v("nl", &[])),
    (&[Site::Ch], "ov", v(ORIGINAL_AUDIO, &["de", "fr"])),
    (&[Site::Ch], "omu", v(ORIGINAL_AUDIO, &["de"])),
    (&[Site::Ch], "df", v("de", &[])),
    (&[Site::Be], "nl", v("nl", &[])),
    // French labels (fr, be, ch, tn, sn, ci, ma).
    (&[], "vf", v("fr", &[])),
    (&[], "versionfrancaise", v("fr", &[])),
    (&[], "vost", v(ORIGINAL_AUDIO, &["fr"])),
    (&[], "vostfr", v(ORIGINAL_AUDIO, &["fr"])),
    (
        &[],
        "versionoriginalesoustitree",
        v(ORIGINAL_AUDIO, &["fr"]),
    ),
    (&[], "vo", v(ORIGINAL_AUDIO, &[])),
    (&[], "versionoriginale", v(ORIGINAL_AUDIO, &[])),
    (&[], "vfstsme", v("fr", &["fr"])),
    (&[], "vfstm", v("fr", &["fr"])),
    (&[], "vfsme", v("fr", &["fr"])),
    (&[], "vostnl", v(ORIGINAL_AUDIO, &["nl"])),
    (&[], "vostfrnl", v(ORIGINAL_AUDIO, &["fr", "nl"])),
    (&[], "vostbil", v(ORIGINAL_AUDIO, &["fr", "nl"])),
    (&[], "va", v("ar", &[])),
    (&[], "versionarabe", v("ar", &[])),
    (&[], "vast", v("ar", &["fr"])),
    (&[], "vastfr", v("ar", &["fr"])),
    (&[], "vn", v("nl", &[])),
    // German and Swiss labels.
    (&[], "df", v("de", &[])),
    (&[], "deutschefassung", v("de", &[])),
    (&[], "ov", v(ORIGINAL_AUDIO, &[])),
    (&[], "omu", v(ORIGINAL_AUDIO, &["de"])),
    (&[], "omdu", v(ORIGINAL_AUDIO, &["de"])),
    (&[], "ovdf", v(ORIGINAL_AUDIO, &["de", "fr"])),
    (&[], "ovedf", v(ORIGINAL_AUDIO, &["de", "fr"])),
    (&[], "ovd", v(ORIGINAL_AUDIO, &["de"])),
    (&[], "ovf", v(ORIGINAL_AUDIO, &["fr"])),
    (&[], "ove", v(ORIGINAL_AUDIO, &["en"])),
    (&[], "omeu", v(ORIGINAL_AUDIO, &["en"])),
    // Dutch labels.
    (&[], "nl", v("nl", &[])),
    (&[], "nlondertiteld", v(ORIGINAL_AUDIO, &["nl"])),
    (&[], "ovnlondertiteld", v(ORIGINAL_AUDIO, &["nl"])),
    (&[], "ovnl", v(ORIGINAL_AUDIO, &["nl"])),
    (&[], "nederlandsgesproken", v("nl", &[])),
    (&[], "nlgesproken", v("nl", &[])),
    // English labels.
    (&[], "en", v("en", &[])),
    (&[], "englishversion", v("en", &[])),
];

/// The folded key of a slug or label: "VOST-FR" → `vostfr`, "OV E/d/f" → `ovedf`,
/// "NL-ondertiteld" → `nlondertiteld`, "Version française" → `versionfrancaise`.
pub fn version_key(label: &str) -> String {
    fold(label)
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// The table's row for a key on a site, site-specific rows first.
fn lookup(site: Site, key: &str) -> Option<VersionLanguages> {
    let row = |specific: bool| {
        VERSION_TABLE
            .iter()
            .find(|(sites, k, _)| {
                *k == key
                    && if specific {
                        sites.contains(&site)
                    } else {
                        sites.is_empty()
                    }
            })
            .map(|(_, _, langs)| *langs)
    };
    row(true).or_else(|| row(false))
}

/// The table's languages of a version on `site`, by its slug, then its label; `None` when
/// the table knows neither.
pub fn known_version_languages(site: Site, slug: &str, label: &str) -> Option<VersionLanguages> {
    lookup(site, &version_key(slug)).or_else(|| lookup(site, &version_key(label)))
}

/// The languages of a version on `site`: [`known_version_languages`], or
/// [`UNKNOWN_VERSION`] for a label the table does not know.
pub fn version_languages(site: Site, slug: &str, label: &str) -> VersionLanguages {
    known_version_languages(site, slug, label).unwrap_or(UNKNOWN_VERSION)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(site: Site, label: &str) -> (&'static str, &'static [&'static str]) {
        let l = version_languages(site, "", label);
        (l.audio, l.subs)
    }

    #[test]
    fn fixed_examples() {
        assert_eq!(of(Site::Fr, "VF"), ("fr", &[][..]));
        assert_eq!(of(Site::Fr, "VOST"), (ORIGINAL_AUDIO, &["fr"][..]));
        assert_eq!(of(Site::Fr, "VOSTFR"), (ORIGINAL_AUDIO, &["fr"][..]));
        assert_eq!(of(Site::Fr, "VO"), (ORIGINAL_AUDIO, &[][..]));
        assert_eq!(of(Site::Fr, "VF-ST-SME"), ("fr", &["fr"][..]));
        assert_eq!(of(Site::Fr, "OV"), (ORIGINAL_AUDIO, &[][..]));
        assert_eq!(of(Site::Nl, "OV"), (ORIGINAL_AUDIO, &["nl"][..]));
        assert_eq!(of(Site::Ch, "OV"), (ORIGINAL_AUDIO, &["de", "fr"][..]));
        assert_eq!(of(Site::Ch, "OmU"), (ORIGINAL_AUDIO, &["de"][..]));
        assert_eq!(
            of(Site::Ch, "OV E/d/f"),
            (ORIGINAL_AUDIO, &["de", "fr"][..])
        );
        assert_eq!(of(Site::Ch, "OV d/f"), (ORIGINAL_AUDIO, &["de", "fr"][..]));
        assert_eq!(
            of(Site::Nl, "NL-ondertiteld"),
            (ORIGINAL_AUDIO, &["nl"][..])
        );
        assert_eq!(of(Site::Be, "VO-ST-NL"), (ORIGINAL_AUDIO, &["nl"][..]));
        assert_eq!(of(Site::Tn, "VA"), ("ar", &[][..]));
        assert_eq!(of(Site::Ma, "Version française"), ("fr", &[][..]));
        assert_eq!(of(Site::Nl, "Nederlands gesproken"), ("nl", &[][..]));
    }

    #[test]
    fn an_unknown_label_falls_back_and_is_never_hidden() {
        assert_eq!(version_languages(Site::Fr, "x", "Klingon"), UNKNOWN_VERSION);
        assert!(known_version_languages(Site::Fr, "x", "Klingon").is_none());
        assert!(UNKNOWN_VERSION.followable(&[]));
    }

    #[test]
    fn followable_by_audio_or_subtitles() {
        let vost = version_languages(Site::Fr, "vost", "");
        assert!(vost.followable(&["fr"]));
        assert!(!vost.followable(&["en"]));
        let vf = version_languages(Site::Fr, "vf", "");
        assert!(vf.followable(&["fr", "en"]));
        assert!(!vf.followable(&["de"]));
        let ovdf = version_languages(Site::Ch, "ov", "");
        assert!(ovdf.followable(&["de"]));
        assert_eq!(ovdf.subs_attr(), "de,fr");
        assert!(!version_languages(Site::Fr, "vo", "").followable(&["fr", "en"]));
    }

    #[test]
    fn keys_are_folded_and_unique_per_scope() {
        for (i, (sites, key, _)) in VERSION_TABLE.iter().enumerate() {
            assert_eq!(&version_key(key), key);
            for (other_sites, other, _) in &VERSION_TABLE[i + 1..] {
                assert!(
                    !(key == other && sites == other_sites),
                    "{key} twice for the same sites"
                );
            }
        }
    }
}
