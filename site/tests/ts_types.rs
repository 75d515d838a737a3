//! The islands' API types: `islands/src/generated/api-types.ts` is generated from the Rust
//! content types (and the search answer) with ts-rs, so TypeScript never restates a data
//! shape by hand. The test fails when the committed file differs from what the types
//! produce; `UPDATE_TYPES=1 cargo test -p site --test ts_types` rewrites it.
//!
//! The `ts` feature (on for this crate's tests through its dev-dependency on itself) derives
//! `ts_rs::TS` on every type of `site::content`, honouring the serde attributes: camelCase
//! names, `type` for `kind`; a field serde skips when empty is optional (`?`), and an
//! `Option` one is `T | null` too (absent in every answer, but null is read as none).
#![cfg(feature = "ts")]

use serde::Serialize;
use site::content::*;
use site::{islands, Lang, Site};
use std::collections::BTreeSet;
use ts_rs::{Config, TS};

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../islands/src/generated/api-types.ts"
);

const HEADER: &str = "\
// Generated from the Rust types by site/tests/ts_types.rs (ts-rs): the content types of
// site/src/content, the search answer of search/src/answer.rs, the islands' props of
// site/src/islands.rs, the site and language codes.
// Do not edit. Change the Rust types, then regenerate with
//   UPDATE_TYPES=1 cargo test -p site --test ts_types
";

/// One declaration of the file: its name, its text and the names it refers to.
struct Decl {
    name: String,
    text: String,
    refers_to: Vec<String>,
}

fn refers_to<T: TS + 'static>(cfg: &Config) -> Vec<String> {
    T::dependencies(cfg)
        .into_iter()
        .map(|d| d.ts_name)
        .collect()
}

/// A type with its own TypeScript declaration (a struct or an enum deriving `TS`).
fn declared<T: TS + 'static>(cfg: &Config) -> Decl {
    Decl {
        name: T::ident(cfg),
        text: format!(
            "{}export {}",
            T::docs().unwrap_or_default(),
            one_field_a_line(&T::decl(cfg))
        ),
        refers_to: refers_to::<T>(cfg),
    }
}

/// A Rust type alias, declared under its Rust name.
fn alias<T: TS + 'static>(name: &str, doc: &str, cfg: &Config) -> Decl {
    Decl {
        name: name.to_owned(),
        text: format!("/** {doc} */\nexport type {name} = {};", T::name(cfg)),
        refers_to: refers_to::<T>(cfg),
    }
}

/// A unit-variant enum without a derive (outside `content`), from the values serde writes.
fn codes<T: Serialize>(name: &str, doc: &str, all: &[T]) -> Decl {
    let values: Vec<String> = all
        .iter()
        .map(|v| serde_json::to_string(v).expect("a code serialises"))
        .collect();
    Decl {
        name: name.to_owned(),
        text: format!("/** {doc} */\nexport type {name} = {};", values.join(" | ")),
        refers_to: Vec::new(),
    }
}

/// ts-rs writes an object type on one line, field docs inline: put each top-level field (and
/// its doc) on a line of its own, so a changed field is a one-line diff. Nested object types
/// stay inline.
fn one_field_a_line(decl: &str) -> String {
    let mut out = String::with_capacity(decl.len() + 256);
    let mut depth = 0usize;
    let mut line_start = false;
    let mut chars = decl.chars().peekable();
    let skip_blanks = |chars: &mut std::iter::Peekable<std::str::Chars>| {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
    };
    while let Some(c) = chars.next() {
        if line_start && depth == 1 && c != '}' {
            out.push_str("  ");
        }
        line_start = false;
        match c {
            '"' => {
                out.push(c);
                for c in chars.by_ref() {
                    out.push(c);
                    if c == '"' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut comment = String::from("/");
                let mut prev = ' ';
                for c in chars.by_ref() {
                    comment.push(c);
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
                if depth == 1 {
                    let lines: Vec<&str> = comment.lines().collect();
                    out.push_str(&lines.join("\n  "));
                    out.push('\n');
                    line_start = true;
                    skip_blanks(&mut chars);
                } else {
                    out.push_str(&comment);
                }
            }
            '{' | '[' | '(' | '<' => {
                depth += 1;
                out.push(c);
                if c == '{' && depth == 1 {
                    out.push('\n');
                    line_start = true;
                    skip_blanks(&mut chars);
                }
            }
            '}' | ']' | ')' | '>' => {
                depth -= 1;
                if c == '}' && depth == 0 && !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push(c);
            }
            ',' if depth == 1 => {
                out.push_str(",\n");
                line_start = true;
                skip_blanks(&mut chars);
            }
            _ => out.push(c),
        }
    }
    out
}

macro_rules! declared {
    ($cfg:expr; $($t:ty),* $(,)?) => { vec![$(declared::<$t>($cfg)),*] };
}

/// Every declaration of the file, in the order of `site::content`'s modules.
fn declarations() -> Vec<Decl> {
    let cfg = &Config::new();
    let mut all = vec![
        codes("SiteCode", "A country site (`Site` in Rust).", &Site::ALL),
        codes("Lang", "A language (`Lang` in Rust).", &Lang::ALL),
    ];
    all.extend(declared![cfg;
        // common
        Image, ImageVariant, Seo, CtaType, Cta, Flag, GpsPosition, Release, Route, DateCriteria, DateRange,
        Promotion, Push, Guest, Translations, ContentError,
    ]);
    all.push(alias::<Tracking>(
        "Tracking",
        "Tracking values pushed to the data layer (key → value).",
        cfg,
    ));
    all.extend(declared![cfg;
        // media, tags, showtimes
        VideoProvider, Video,
        TagKind, TagDisplay, TooltipBadge, TagOrders, TagIconKind, TagIcon, Tag,
        ShowtimeStatus, Version, ShowtimeFlags, SpecialShowtimeSource, SpecialShowtimeDetails,
        Showtime,
        // shows, schedules
        Cinecheck, ContentRating, ShowOrders, ShowVod, FeelingsCounts, Show, ShowSummary,
        ScheduleResume, ScheduleShow, UpsellPush, Schedule,
        // cinemas, cities, the locator
        Address, Statistics, Service, SessionsNearby, Cinema, CinepassItem, CinemaECard,
        CinemaLink, CityLink, Price, PriceComplement, Pricing, CinemaPremium, CinemaDetail,
        CinemaAlert,
        City, CityHighlight, CityDetail, Zone,
        LocalisationKind, LocatorType, LocatorValue, LocatorCookie,
        // articles, offers, experiences, seasons, templates, FAQ, footer
        ArticleType, Article, ExperienceArticle, NewsList,
        Offer, OfferBlock, OffersPageHeader, TemporaryOffer,
        ExperienceService, Experience, ExperienceGroup, Technology,
        Season, SeasonDetail,
        TemplateHeader, TemplateBlock, MosaicTile, MasterTemplate,
        FaqCategoryRef, FaqArticle, FaqCategory,
        FooterLink, FooterColumn, SocialLink, FooterFaqItem, Footer,
        // alerts, settings, pages
        AlertLevel, Alert,
        FeatureFlags, FeatureOverrides, CookieNames, Injection, AgentChatConfig, LocatorLimits,
        Settings, SiteSettings, EventsPage, AlertsPage,
    ]);
    all.push(alias::<FaqCategories>(
        "FaqCategories",
        "`/faq/categories`: the help-centre categories of the site with their articles.",
        cfg,
    ));
    all.extend(declared![cfg;
        // search
        SearchResultType, ShowPayload, PayloadAddress, PayloadCinema, CinemaPayload,
        SearchResult, HistoryItem, search::SearchGroup, search::SearchAnswer,
        // clients, accounts, feelings
        ClientSubscriptions, Downgrade, ClientSubscription, Client, AccountSubscription,
        AccountPayload, AccountCinema, AccountCinemasBody, TokenClient, Emotion, Feelings,
        FeelingsRequest, IntentionRequest, EmotionRequest, AuthEndpoints, IdentityProvider,
        // commerce
        ECard, VoucherCard, VoucherResult, GiftCard, GiftCardResult, PartnerCinema, SubscriptionOption,
        SubscriptionOffer, SelectedPlan, Subscription,
    ]);
    // The islands' props, as the generator writes them into the pages (site/src/islands.rs).
    all.extend(declared![cfg;
        islands::NoProps, islands::AccountLink, islands::LanguagePath, islands::Benefit,
        islands::HeaderProps, islands::TrackingProps, islands::TrackedPage, islands::TrackedShow, islands::FavouriteProps,
        islands::ScheduleDay, islands::FilterOption, islands::ScheduleFilters,
        islands::ScheduleProps, islands::SchedulePlace, islands::CinemaInfoLinks, islands::CinemaInfoProps,
        islands::CinemaChoice, islands::LocatorPaths, islands::LocatorProps,
        islands::ShowFeelingsProps, islands::TrailerVideo, islands::TrailerProps,
        islands::SubscriptionOfferProps, islands::SubscriptionProps, islands::AgentChat,
        islands::HelpChatProps,
        islands::FaqSearchProps,
        islands::CinemasLinkPaths, islands::ListedShow, islands::AtCinemaProps,
        islands::SeasonShow, islands::SeasonProps,
        islands::GiftCardProps,
    ]);
    all
}

fn generated() -> String {
    let decls = declarations();
    let mut names = BTreeSet::new();
    for d in &decls {
        assert!(
            names.insert(d.name.as_str()),
            "{} is declared twice",
            d.name
        );
    }
    for d in &decls {
        for r in &d.refers_to {
            assert!(
                names.contains(r.as_str()),
                "{} refers to {r}, which the file does not declare: add it to the list",
                d.name
            );
        }
    }
    let mut out = String::from(HEADER);
    for d in &decls {
        out.push('\n');
        out.push_str(&d.text);
        out.push('\n');
    }
    out
}

#[test]
fn api_types_are_current() {
    let want = generated();
    if std::env::var("UPDATE_TYPES").as_deref() == Ok("1") {
        std::fs::create_dir_all(std::path::Path::new(PATH).parent().unwrap())
            .expect("create islands/src/generated");
        std::fs::write(PATH, &want).expect("write islands/src/generated/api-types.ts");
        return;
    }
    let have = std::fs::read_to_string(PATH).unwrap_or_default();
    assert!(
        have == want,
        "islands/src/generated/api-types.ts is out of date: run UPDATE_TYPES=1 cargo test -p site --test ts_types"
    );
}

/// ts-rs renames fields itself: check it names them as serde writes them, on values whose
/// names are easy to get wrong (digits, `type`, `ref`, a key per field).
#[test]
fn typescript_names_are_the_json_names() {
    fn json<T: Serialize>(value: T) -> serde_json::Value {
        serde_json::to_value(value).expect("serialises")
    }
    let decls = declarations();
    let check = |name: &str, value: serde_json::Value| {
        let decl = decls.iter().find(|d| d.name == name).expect(name);
        let object = value.as_object().expect("an object");
        assert!(!object.is_empty(), "{name}: nothing to compare");
        for key in object.keys() {
            let field = |mark: &str| format!("\n  {key}{mark}: ");
            assert!(
                decl.text.contains(&field("")) || decl.text.contains(&field("?")),
                "{name}: serde writes `{key}`, the TypeScript type does not declare it"
            );
        }
    };
    check("FeatureFlags", json(FeatureFlags::default()));
    check("Settings", json(Settings::default()));
    check("CookieNames", json(CookieNames::default()));
    check("LocatorLimits", json(LocatorLimits::default()));
    check("ShowtimeFlags", json(ShowtimeFlags::default()));
    check("TagDisplay", json(TagDisplay::default()));
    check("ShowOrders", json(ShowOrders::default()));
    let rating = ContentRating {
        reference: "TP".into(),
        label: "Tout public".into(),
        description: Some("d".into()),
        warning: Some("w".into()),
        cinecheck: vec![Cinecheck {
            label: "l".into(),
            icon: None,
        }],
    };
    check("ContentRating", json(rating));
    let icon = TagIcon {
        kind: TagIconKind::Sprite,
        value: "imax".into(),
    };
    check("TagIcon", json(icon));
}
