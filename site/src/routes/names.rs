//! The localized path patterns: for each page kind, site and language, the pattern after the
//! language prefix, or `None` where the page does not exist. This is the one place the route
//! names of spec §2 are written; everything else (paths, matching, the nginx rules, the docs)
//! is derived from it.
//!
//! Patterns are `/`-separated segments without leading or trailing slash. A segment is either
//! literal text or a whole-segment parameter `{slug}`, `{id}` or `{tab}`. The brand slug is
//! substituted here, so it is literal text for everything downstream.

use super::kind::PageKind;
use crate::sites::{Lang, Site};

/// The pattern of a page, without language prefix and without the webview `m/`.
pub(crate) fn pattern(kind: PageKind, site: Site, lang: Lang, brand: &str) -> Option<String> {
    use Lang::*;
    use PageKind::*;
    if !site.supports(lang) {
        return None;
    }
    let cinemas = cinemas(lang);
    let experiences = experiences(site, lang);
    let s = |text: &str| Some(text.to_string());
    match kind {
        Home => s(""),
        Cinemas => s(cinemas),
        CinemaLight => Some(format!("{cinemas}/l/{{slug}}")),
        Cinema => Some(format!("{cinemas}/{{slug}}")),
        City => Some(format!("{cinemas}/{}/{{slug}}", city(lang))),
        CityLight => Some(format!("{cinemas}/{}-list/{{slug}}", city(lang))),
        Shows => s(shows(site, lang)),
        ShowsTab => Some(format!("{}/{{tab}}", shows(site, lang))),
        // Singular, so it can never clash with the tabs under the plural list name.
        Show => Some(format!(
            "{}/{{slug}}",
            if lang == En { "movie" } else { "film" }
        )),
        Events => s(match lang {
            Fr => "evenements",
            En | De => "events",
            Nl => "evenementen",
        }),
        Event => Some(format!(
            "{}/{{slug}}",
            match lang {
                Fr | Nl => "evenement",
                En | De => "event",
            }
        )),
        Season => Some(format!(
            "{}/{{slug}}",
            match lang {
                Fr | De => "saison",
                En => "season",
                Nl => "seizoen",
            }
        )),
        SpecialEvent => Some(match lang {
            Nl => format!("evenementen-{brand}/{{slug}}"),
            _ => "event-special/{slug}".to_string(),
        }),
        Subscription => match (site, lang) {
            (Site::Fr, _) => s("cinepass"),
            (Site::Nl, En) => s("subscription"),
            (Site::Nl, _) => s("abonnementen"),
            (Site::Ch, _) => Some(format!("{brand}pass")),
            _ => None,
        },
        Club => (site == Site::Nl).then(|| "club".to_string()),
        ExperienceLanding => match (site, lang) {
            (Site::Nl, Nl) => Some(format!("meer-van-{brand}")),
            (Site::Nl, _) => Some(format!("more-from-{brand}")),
            _ => None,
        },
        Experiences => s(experiences),
        Experience => Some(format!("{experiences}/{{slug}}")),
        ExperienceArticle => s("specials/{slug}"),
        ExperienceGroup => Some(format!(
            "{experiences}/{}/{{slug}}",
            if lang == Fr { "rubrique" } else { "category" }
        )),
        Offers => s(offers(site, lang)),
        Offer => Some(format!("{}/{{slug}}", offers(site, lang))),
        News => s(news(lang)),
        NewsItem => Some(format!("{}/{{slug}}", news(lang))),
        Help | HelpArticleById | HelpArticleBySlug | HelpSearch | HelpCategory => {
            help(kind, site, lang)
        }
        Ecards5 => match (site, lang) {
            (Site::Fr, Fr) => s("cinecarte-5-places"),
            (Site::Fr, _) => s("5-seat-cinecarte"),
            (Site::Nl, _) => s("cinecarte"),
            (Site::Be, Fr) => s("carte-5-places"),
            (Site::Be, Nl) => s("5-plaatsenkaart"),
            (Site::Be, _) => s("5-seat-card"),
            _ => None,
        },
        Ecards3 => match (site, lang) {
            (Site::Fr, Fr) => s("cinecarte-3-places"),
            (Site::Fr, _) => s("3-seat-cinecarte"),
            _ => None,
        },
        App => s("app"),
        Cvd => s("cvd"),
        GeneralTerms => (site == Site::Fr).then(|| "conditions-generales".to_string()),
        Sitemap => s(if lang == Fr {
            "plan-du-site"
        } else {
            "sitemap"
        }),
        Voucher => s("voucher"),
        GiftCard => s("giftcard"),
        GiftCardBalance => s(match lang {
            Fr => "giftcard/solde",
            De => "giftcard/guthaben",
            Nl => "giftcard/saldo",
            _ => "giftcard/balance",
        }),
        MasterTemplate => s("info/{slug}"),
        Callback => s("callback"),
        Evenings => s(match lang {
            Fr => "mes-soirees",
            De => "meine-abende",
            Nl => "mijn-avonden",
            _ => "my-evenings",
        }),
        NotFound => s("404"),
        NotFoundAlias => s("404_NOT_FOUND"),
        Gone => s("410_GONE"),
    }
}

fn cinemas(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr | Lang::En => "cinemas",
        Lang::De => "kinos",
        Lang::Nl => "bioscopen",
    }
}

/// The city segment under the cinemas list; the light list appends `-list`.
fn city(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "ville",
        Lang::En => "city",
        Lang::De => "stadt",
        Lang::Nl => "stad",
    }
}

fn shows(site: Site, lang: Lang) -> &'static str {
    match (site, lang) {
        (Site::Fr, Lang::Fr) => "films",
        (_, Lang::Fr) => "films-evenements",
        (_, Lang::En) => "movies-events",
        (_, Lang::De) => "filme-events",
        (Site::Nl, Lang::Nl) => "films",
        (_, Lang::Nl) => "films-evenementen",
    }
}

fn experiences(site: Site, lang: Lang) -> &'static str {
    match (site, lang) {
        (_, Lang::Fr | Lang::En) => "experiences",
        (_, Lang::De) => "erlebnisse",
        (Site::Nl, Lang::Nl) => "belevingen",
        (_, Lang::Nl) => "belevenissen",
    }
}

fn offers(site: Site, lang: Lang) -> &'static str {
    match (site, lang) {
        (Site::Ch, Lang::Fr) => "abos-offres",
        (Site::Be, Lang::Fr) => "actus-et-offres",
        (_, Lang::Fr) => "offres",
        (Site::Ch, Lang::En) => "subscriptions-offers",
        (Site::Be | Site::Nl, Lang::En) => "news-and-offers",
        (_, Lang::En) => "offers",
        (_, Lang::De) => "abos-angebote",
        (_, Lang::Nl) => "nieuws-en-aanbiedingen",
    }
}

fn news(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "actualites",
        Lang::En | Lang::De => "news",
        Lang::Nl => "nieuws",
    }
}

/// The help centre exists on the FR and NL sites only (spec §2).
fn help(kind: PageKind, site: Site, lang: Lang) -> Option<String> {
    if !matches!(site, Site::Fr | Site::Nl) {
        return None;
    }
    let fr = lang == Lang::Fr;
    let root = if fr { "aide" } else { "help" };
    Some(match kind {
        PageKind::Help => root.to_string(),
        PageKind::HelpArticleById => format!("{root}/article/id/{{id}}"),
        PageKind::HelpArticleBySlug => format!("{root}/article/slug/{{slug}}"),
        PageKind::HelpSearch => format!(
            "{root}/{}",
            match lang {
                Lang::Fr => "recherche",
                Lang::Nl => "zoeken",
                _ => "search",
            }
        ),
        PageKind::HelpCategory => {
            format!("{root}/{}/{{id}}", if fr { "categorie" } else { "topic" })
        }
        _ => return None,
    })
}
