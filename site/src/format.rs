//! Numbers, prices and plural categories, from one rule set per language (issue 13): ICU4X's
//! compiled CLDR data here, `Intl` in the islands (`islands/src/lib/format.ts`), checked to
//! print the same string for the same value by `site/tests/format_table.rs`, which writes
//! the shared table `islands/src/generated/format-table.json` that a vitest test replays.
//!
//! - A count (`{count} salles`) is written with the grouping of the page's locale, the
//!   site's country counting (fr-FR: `1 000`, with CLDR's narrow no-break space; de-DE and
//!   nl-NL: `1.000`; de-CH: `1'000`; en: `1,000`), and picks its UI string by the language's
//!   plural category (`one`, `many`, `other`…).
//! - A price is the number as the site's locale writes it (`fr-CH`, `de-CH`, `fr-MA`…), with
//!   as many decimals as the currency has minor units on our pages (francs CFA: none; others:
//!   two), then the currency's symbol where the page's language puts it — our own placement
//!   table, not CLDR's currency patterns: ICU4X has no stable currency formatter, and the
//!   symbols CLDR gives (`F CFA`, `DT`, `MAD`…) differ from what the chain prints (`FCFA`).

use crate::{Lang, Site};
use fixed_decimal::Decimal;
use icu_decimal::DecimalFormatter;
use icu_locale_core::Locale;
use icu_plurals::{PluralCategory, PluralRules};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The formatters of one locale.
pub struct Formatter {
    decimal: DecimalFormatter,
    plurals: PluralRules,
    lang: Lang,
}

/// The plural categories of CLDR, as the locale files name them (`cinema.halls.one`).
pub const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// Locales whose numbers we write as another locale's: French in Switzerland groups
/// thousands with a narrow no-break space in current CLDR (48, which browsers' `Intl` ships)
/// but with an apostrophe in ICU4X's compiled data; we follow the browsers, so a page and an
/// island agree without an override on the islands' side (docs/decisions.md).
const NUMBERS_AS: [(&str, &str); 1] = [("fr-CH", "fr-FR")];

impl Formatter {
    fn new(tag: &str, lang: Lang) -> Formatter {
        let locale: Locale = tag.parse().expect("our locale tags are valid BCP 47");
        let numbers: Locale = NUMBERS_AS
            .iter()
            .find(|(from, _)| *from == tag)
            .map_or(tag, |(_, to)| to)
            .parse()
            .expect("our locale tags are valid BCP 47");
        Formatter {
            decimal: DecimalFormatter::try_new((&numbers).into(), Default::default())
                .expect("compiled data covers every locale (with fallback)"),
            plurals: PluralRules::try_new_cardinal((&locale).into())
                .expect("compiled data covers every language"),
            lang,
        }
    }

    /// The formatter of a language, for its plural categories (the same in every country;
    /// numbers are grouped by [`Formatter::of`]).
    pub fn of_lang(lang: Lang) -> &'static Formatter {
        &all().0[&lang]
    }

    /// The formatter of a language on a site (counts and prices): `fr` on `ch` is `fr-CH`.
    pub fn of(site: Site, lang: Lang) -> &'static Formatter {
        &all().1[&(site, lang)]
    }

    /// `1000` → `1 000` (fr), `1.000` (de, nl), `1,000` (en).
    pub fn count(&self, n: u64) -> String {
        self.decimal.format_to_string(&Decimal::from(n))
    }

    /// The CLDR plural category of `n`: `one`, `many`, `other`…
    pub fn plural(&self, n: u64) -> &'static str {
        match self.plurals.category_for(n) {
            PluralCategory::Zero => "zero",
            PluralCategory::One => "one",
            PluralCategory::Two => "two",
            PluralCategory::Few => "few",
            PluralCategory::Many => "many",
            PluralCategory::Other => "other",
        }
    }

    /// `12.9`, `EUR` → `12,90 €` (fr), `€12,90` (en on a euro site: CLDR's en-FR), `€ 12,90` (nl); `4000`, `XOF` →
    /// `4 000 FCFA`. Rounded half away from zero at the currency's decimals.
    pub fn money(&self, amount: f64, currency: &str) -> String {
        let decimals = currency_decimals(currency);
        let minor = (amount * 10f64.powi(decimals as i32)).round() as i64;
        let mut value = Decimal::from(minor);
        value.multiply_pow10(-(decimals as i16));
        value.pad_end(-(decimals as i16));
        let number = self.decimal.format_to_string(&value);
        place_symbol(&number, currency, self.lang)
    }
}

/// Decimals a price shows in `currency`: none for francs CFA (no cents in use), two for the
/// others (the dinar's third, the millime, is not printed on cinema prices).
pub fn currency_decimals(currency: &str) -> u32 {
    if currency == "XOF" {
        0
    } else {
        2
    }
}

/// What a page prints for `currency`.
pub fn currency_symbol(currency: &str) -> &str {
    match currency {
        "EUR" => "€",
        "XOF" => "FCFA",
        other => other,
    }
}

/// The symbol before the number in English (`€12.90`, `CHF 19.50`) and Dutch (`€ 12,90`),
/// after it in French and German (`12,90 €`); a no-break space wherever a space separates.
fn place_symbol(number: &str, currency: &str, lang: Lang) -> String {
    let symbol = currency_symbol(currency);
    match lang {
        Lang::En if symbol == "€" => format!("€{number}"),
        Lang::En | Lang::Nl => format!("{symbol}\u{a0}{number}"),
        Lang::Fr | Lang::De => format!("{number}\u{a0}{symbol}"),
    }
}

type ByLang = HashMap<Lang, Formatter>;
type BySite = HashMap<(Site, Lang), Formatter>;

fn all() -> &'static (ByLang, BySite) {
    static ALL: OnceLock<(ByLang, BySite)> = OnceLock::new();
    ALL.get_or_init(|| {
        let by_lang = Lang::ALL
            .iter()
            .map(|&lang| (lang, Formatter::new(lang.code(), lang)))
            .collect();
        let by_site = Site::ALL
            .iter()
            .flat_map(|&site| Lang::ALL.iter().map(move |&lang| (site, lang)))
            .map(|(site, lang)| ((site, lang), Formatter::new(&lang.locale_on(site), lang)))
            .collect();
        (by_lang, by_site)
    })
}

/// The last two decimal digits of `n` as ASCII (`7` → `07`): a clock's hours and minutes, a
/// date's month and day. Written by hand where a page or feed writes hundreds of times.
pub fn two_digits(n: u32) -> [u8; 2] {
    [b'0' + (n / 10 % 10) as u8, b'0' + (n % 10) as u8]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_prices_read_as_each_language_writes_them() {
        let fr = Formatter::of_lang(Lang::Fr);
        assert_eq!(fr.count(1000), "1\u{202f}000");
        assert_eq!(fr.plural(1), "one");
        assert_eq!(fr.plural(0), "one");
        assert_eq!(fr.plural(2), "other");
        assert_eq!(Formatter::of_lang(Lang::En).plural(0), "other");
        // Swiss German groups thousands with an apostrophe, German German with a dot.
        assert_eq!(Formatter::of(Site::Ch, Lang::De).count(1000), "1'000");
        assert_eq!(Formatter::of(Site::Nl, Lang::Nl).count(1000), "1.000");
        assert_eq!(
            Formatter::of(Site::Sn, Lang::Fr).money(4000.0, "XOF"),
            "4\u{202f}000\u{a0}FCFA"
        );
        assert_eq!(
            Formatter::of(Site::Fr, Lang::Fr).money(12.9, "EUR"),
            "12,90\u{a0}€"
        );
        assert_eq!(
            Formatter::of(Site::Fr, Lang::En).money(12.9, "EUR"),
            "€12,90"
        );
        assert_eq!(
            Formatter::of(Site::Nl, Lang::En).money(12.9, "EUR"),
            "€12,90"
        );
        assert_eq!(
            Formatter::of(Site::Nl, Lang::Nl).money(12.9, "EUR"),
            "€\u{a0}12,90"
        );
        assert_eq!(
            Formatter::of(Site::Ch, Lang::De).money(1019.5, "CHF"),
            "1'019.50\u{a0}CHF"
        );
    }
}
