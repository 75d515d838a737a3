//! The chrome every page of a locale shares (spec §2 page chrome: header, menus, footer,
//! alerts), built once per site and language, and the show lists the list pages share.

use super::hash::HashWriter;
use crate::injections::PageInjections;
use crate::model::{LocaleData, SiteData};
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::Serialize;
use serde_json::Value;
use site::brand::Brand;
use site::content::*;
use site::islands::AccountLink;
use site::routes::{PageKind, Params, RouteTable, ShowsTab};
use site::rules::{is_upcoming, order_shows, OrderContext, ShowList};
use site::{Lang, Site};

/// Everything a page of one site and language shares.
pub struct LocaleChrome {
    /// The chrome as partials/chrome.html reads it (`chrome`), rendered once per variant.
    pub value: Value,
    /// What the pages' templates read of it (`chrome`: the header and footer are not theirs)
    /// and the site's assets (`assets`): one map every page's context shares, not a copy each.
    pub page_values: std::sync::Arc<std::collections::BTreeMap<String, Value>>,
    pub base_url: String,
    /// Paths of the site's hashed assets.
    pub assets: Value,
    /// Hash of `value` and `assets`, for the inputs of each page.
    pub hash: u64,
    /// The shows of each list page, sorted once rather than for each page.
    pub lists: ShowLists,
    /// The brand's name (it fills `{brand}` in the islands' strings).
    pub brand: String,
    /// Whether the site signs clients in (spec §9 `authenticationEnabled`).
    pub auth_enabled: bool,
    /// The client area's links of the header's account menu.
    pub account: Vec<AccountLink>,
    /// Whether the brand has mobile apps (the smart banner island).
    pub apps: bool,
    /// The client area's contact form, when the help centre offers its agent chat.
    pub help_contact: Option<String>,
}

/// A header link (spec §2 header links and their rules).
#[derive(Serialize)]
struct HeaderLink {
    key: &'static str,
    href: String,
    menu: Option<&'static str>,
    external: bool,
    mobile_only: bool,
}

/// A link named by its UI-string key.
#[derive(Serialize, Clone)]
pub struct KeyLink {
    pub key: String,
    pub href: String,
}

/// A link named by the content.
#[derive(Serialize)]
struct TitleLink<'a> {
    title: &'a str,
    href: String,
}

#[derive(Serialize)]
struct HelpChat {
    contact: String,
}

/// What the templates read as `chrome`.
#[derive(Serialize)]
struct ChromeView<'a> {
    site: &'static str,
    lang: &'static str,
    brand: &'a str,
    home: Option<String>,
    search_href: Option<String>,
    header: Vec<HeaderLink>,
    account: &'a [AccountLink],
    auth_enabled: bool,
    show_links: Vec<KeyLink>,
    city_links: Vec<TitleLink<'a>>,
    cinemas_href: Option<String>,
    footer: &'a Footer,
    footer_faq: &'a [FooterFaqItem],
    footer_links: Vec<KeyLink>,
    alerts: &'a [Alert],
    year: i32,
    base_url: &'a str,
    apps: &'a Option<site::brand::Apps>,
    /// Settings-driven extras, each off unless configured.
    injections: &'a PageInjections,
    feedback_widget: Option<&'a str>,
    /// The help centre's "still need help?" block: only with a usable agent chat (spec §5);
    /// the contact link is the client area's contact form.
    help_chat: Option<HelpChat>,
    /// The header push (spec §9) and the script that hides it for a day once closed.
    header_push: Option<&'a Promotion>,
    header_push_script: &'static str,
    /// The subscription page, linked in the header for a client with any subscription pass
    /// (spec §2, desktop; shown by the header island's first stage): on sites that sell one.
    pass_href: Option<String>,
}

/// What the page templates read as `chrome` (base.html's head and body, the pages): the rest
/// is the header's and footer's, rendered once per variant (`ChromeVariant`).
#[derive(Serialize)]
struct PageChromeView<'a> {
    site: &'static str,
    lang: &'static str,
    brand: &'a str,
    home: &'a Option<String>,
    search_href: &'a Option<String>,
    alerts: &'a [Alert],
    base_url: &'a str,
    apps: &'a Option<site::brand::Apps>,
    injections: &'a PageInjections,
    feedback_widget: Option<&'a str>,
    help_chat: &'a Option<HelpChat>,
}

/// What a page's chrome (partials/chrome.html) depends on besides its locale: the active menu,
/// whether the page has other languages, and the chrome's islands on the page (module,
/// hydration and, for the header, whether it has props). Pages of one variant share their
/// chrome's bytes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ChromeVariant {
    pub menu: &'static str,
    pub languages: bool,
    pub header: Option<(String, String, bool)>,
    pub banner: Option<(String, String)>,
    pub footer: Option<(String, String)>,
}

impl ChromeVariant {
    /// The variant of a page: its active `menu`, its number of `languages`, and `islands` its
    /// islands' value (`island_props`).
    pub fn of(menu: &'static str, languages: usize, islands: &Value) -> ChromeVariant {
        let island = |name: &str| {
            islands.get("on").and_then(|on| on.get(name)).map(|entry| {
                let text = |key: &str| entry[key].as_str().unwrap_or_default().to_string();
                (text("src"), text("hydrate"), entry["props"].is_string())
            })
        };
        ChromeVariant {
            menu,
            languages: languages > 1,
            header: island("header"),
            banner: island("smart-banner").map(|(src, hydrate, _)| (src, hydrate)),
            footer: island("footer").map(|(src, hydrate, _)| (src, hydrate)),
        }
    }

    /// The context partials/chrome.html is rendered with: the chrome, the assets, and the
    /// page and islands as far as the variant says (the header's props are a hole).
    pub fn context(&self, chrome: &LocaleChrome) -> Value {
        let mut on = serde_json::Map::new();
        if let Some((src, hydrate, props)) = &self.header {
            let props = if *props {
                Value::String(crate::fragments::HOLE.to_string())
            } else {
                Value::Null
            };
            on.insert(
                "header".to_string(),
                serde_json::json!({"src": src, "hydrate": hydrate, "props": props}),
            );
        }
        for (name, island) in [("smart-banner", &self.banner), ("footer", &self.footer)] {
            if let Some((src, hydrate)) = island {
                on.insert(
                    name.to_string(),
                    serde_json::json!({"src": src, "hydrate": hydrate}),
                );
            }
        }
        // The header reads how many languages the page has, not which.
        let alternates = if self.languages {
            vec![Value::Null, Value::Null]
        } else {
            Vec::new()
        };
        serde_json::json!({
            "chrome": chrome.value,
            "assets": chrome.assets,
            "page": {"menu": self.menu, "lang": chrome.value["lang"], "alternates": alternates},
            "islands": {"on": on},
        })
    }
}

/// `injections`: the site's page injections, checked once per site (`crate::injections`).
pub fn chrome(
    table: &RouteTable,
    brand: &Brand,
    data: &SiteData,
    locale: &LocaleData,
    now: DateTime<Utc>,
    assets: Value,
    injections: &PageInjections,
) -> LocaleChrome {
    let site = data.site;
    let lang = locale.lang;
    let features = &data.settings.site_features_resolved;
    let path = |kind: PageKind| table.path(kind, site, lang, &Params::new(), false);
    let client_url = data
        .settings
        .settings
        .client_url
        .clone()
        .unwrap_or_default();
    let domain = domain(brand, site);
    let bare_domain = domain.strip_prefix("www.").unwrap_or(&domain);
    let mut header = Vec::new();
    let mut link = |key, href: Option<String>, menu, external, mobile_only| {
        if let Some(href) = href {
            header.push(HeaderLink {
                key,
                href,
                menu,
                external,
                mobile_only,
            });
        }
    };
    // Spec §2 header links and their rules.
    link(
        "movies",
        path(PageKind::Shows),
        Some("movies"),
        false,
        false,
    );
    link(
        "cinemas",
        path(PageKind::Cinemas),
        Some("cinemas"),
        false,
        false,
    );
    if features.offers_menu_displayed {
        link("offers", path(PageKind::Offers), None, false, false);
    }
    link("club", path(PageKind::Club), None, false, false);
    link(
        "moreFromBrand",
        path(PageKind::ExperienceLanding),
        None,
        false,
        false,
    );
    // The brand's other services live on its bare domain.
    if features.business_site_enabled {
        let href = format!("https://business.{bare_domain}");
        link("businessSite", Some(href), None, true, false);
    }
    if features.home_video_enabled {
        let href = format!("https://vod.{bare_domain}");
        link("homeVideo", Some(href), None, true, false);
    }
    if features.wallet_enabled {
        let href = format!("{client_url}/bookings?redirect=wallet");
        link("wallet", Some(href), None, true, true);
    }
    // Account links point to the client area; which ones is the brand's configuration.
    let account: Vec<AccountLink> = brand
        .account_links(site)
        .into_iter()
        .map(|key| AccountLink {
            href: match key {
                "favouriteCinemas" => format!("{client_url}/favourite-cinemas"),
                other => format!("{client_url}/{other}"),
            },
            key: key.to_string(),
        })
        .collect();
    let show_links: Vec<KeyLink> = ShowsTab::ALL
        .iter()
        .filter_map(|tab| {
            let params = Params::new().with("tab", tab.key());
            table
                .path(PageKind::ShowsTab, site, lang, &params, false)
                .map(|href| KeyLink {
                    key: tab.key().to_string(),
                    href,
                })
        })
        .collect();
    // Cinema links: the configured cities of the site, the cinemas list elsewhere.
    let city_links: Vec<TitleLink> = brand
        .featured_cities
        .get(&site)
        .into_iter()
        .flatten()
        .filter_map(|slug| locale.cities.iter().find(|c| &c.city.slug == slug))
        .filter_map(|c| {
            city_href(table, site, lang, c).map(|href| TitleLink {
                title: &c.city.name,
                href,
            })
        })
        .collect();
    let footer_links: Vec<KeyLink> = [
        (PageKind::Help, "help"),
        (PageKind::App, "app"),
        (PageKind::GeneralTerms, "generalTerms"),
        (PageKind::Cvd, "cvd"),
        (PageKind::Sitemap, "sitemap"),
        (PageKind::Evenings, "evenings"),
    ]
    .iter()
    .filter_map(|(kind, key)| {
        path(*kind).map(|href| KeyLink {
            key: key.to_string(),
            href,
        })
    })
    .collect();
    let help_contact =
        site::rules::agent_chat(&data.settings.settings).map(|_| format!("{client_url}/contact"));
    let base_url = format!("https://{domain}");
    let today = local_today(site, now);
    let view = ChromeView {
        site: site.code(),
        lang: lang.code(),
        brand: &brand.name,
        home: path(PageKind::Home),
        search_href: path(PageKind::Shows),
        header,
        account: &account,
        auth_enabled: features.authentication_enabled,
        show_links,
        city_links,
        cinemas_href: path(PageKind::Cinemas),
        footer: &locale.footer,
        footer_faq: &locale.footer_faq,
        footer_links,
        alerts: &locale.alerts.alerts,
        year: today.year(),
        base_url: &base_url,
        apps: &brand.apps,
        injections,
        feedback_widget: brand.feedback_widget_on(site),
        help_chat: help_contact.clone().map(|contact| HelpChat { contact }),
        header_push: locale.header_push.as_ref(),
        header_push_script: super::inline_scripts::HEADER_PUSH,
        pass_href: locale
            .subscription
            .as_ref()
            .and_then(|_| path(PageKind::Subscription)),
    };
    let page_value = serde_json::to_value(PageChromeView {
        site: view.site,
        lang: view.lang,
        brand: view.brand,
        home: &view.home,
        search_href: &view.search_href,
        alerts: view.alerts,
        base_url: view.base_url,
        apps: view.apps,
        injections: view.injections,
        feedback_widget: view.feedback_widget,
        help_chat: &view.help_chat,
    })
    .expect("the chrome serialises");
    let value = serde_json::to_value(&view).expect("the chrome serialises");
    let mut hasher = HashWriter(xxhash_rust::xxh3::Xxh3::new());
    serde_json::to_writer(&mut hasher, &[&value, &assets]).expect("hashing never fails");
    LocaleChrome {
        value,
        page_values: std::sync::Arc::new(std::collections::BTreeMap::from([
            ("chrome".to_string(), page_value),
            ("assets".to_string(), assets.clone()),
        ])),
        base_url,
        assets,
        hash: hasher.0.digest(),
        lists: ShowLists::new(locale, today),
        brand: brand.name.clone(),
        auth_enabled: features.authentication_enabled,
        account,
        apps: brand.apps.is_some(),
        help_contact,
    }
}

/// The site's local date at the build's instant: what the upcoming list counts from (the pages
/// are rebuilt nightly).
fn local_today(site: Site, now: DateTime<Utc>) -> NaiveDate {
    match site.time_zone().parse::<chrono_tz::Tz>() {
        Ok(zone) => now.with_timezone(&zone).date_naive(),
        Err(_) => now.date_naive(),
    }
}

fn domain(brand: &Brand, site: Site) -> String {
    brand
        .domains
        .get(&site)
        .cloned()
        .unwrap_or_else(|| format!("{}.localhost", site.code()))
}

/// A city link goes to the cinema when the city has one, else to the city page (spec §2).
pub fn city_href(table: &RouteTable, site: Site, lang: Lang, city: &CityDetail) -> Option<String> {
    let (kind, slug) = match city.cinemas.as_slice() {
        [only] => (PageKind::Cinema, &only.slug),
        _ => (PageKind::City, &city.city.slug),
    };
    table.path(kind, site, lang, &Params::new().with("slug", slug), false)
}

/// The shows of each list page (the shows page when the tab is none) and of the home rail, as
/// indexes in `LocaleData::shows`, in the spec's order (`site::rules::ordering`: weights, then
/// the list's own order; no visitor, so no favourites).
pub struct ShowLists {
    tabs: Vec<(Option<ShowsTab>, Vec<usize>)>,
    home: Vec<usize>,
}

impl ShowLists {
    fn new(locale: &LocaleData, today: NaiveDate) -> ShowLists {
        let tabs = std::iter::once(None).chain(ShowsTab::ALL.iter().copied().map(Some));
        let showing = |s: &Show| s.bookable && !s.coming_soon;
        ShowLists {
            tabs: tabs
                .map(|tab| (tab, ShowLists::listed(locale, tab, today)))
                .collect(),
            home: ShowLists::ordered(locale, ShowList::Home, showing),
        }
    }

    fn listed(locale: &LocaleData, tab: Option<ShowsTab>, today: NaiveDate) -> Vec<usize> {
        let keep = |s: &Show| match tab {
            None | Some(ShowsTab::Book) => s.bookable && !s.coming_soon,
            Some(ShowsTab::Presales) => s.bookable && s.coming_soon,
            Some(ShowsTab::Kids) => s.kids,
            Some(ShowsTab::Special) => !s.is_movie || s.premiere,
            Some(ShowsTab::Upcoming) => is_upcoming(s, today),
        };
        ShowLists::ordered(locale, ShowList::for_tab(tab), keep)
    }

    fn ordered(locale: &LocaleData, list: ShowList, keep: impl Fn(&Show) -> bool) -> Vec<usize> {
        let mut shows: Vec<(usize, &Show)> = locale
            .shows
            .iter()
            .enumerate()
            .filter(|(_, s)| keep(s))
            .collect();
        let cx = OrderContext {
            favourites: &[],
            tags: &locale.tags,
        };
        order_shows(&mut shows, list, &cx, |(_, s)| s);
        shows.into_iter().map(|(i, _)| i).collect()
    }

    /// The home page's rail: the shows page's shows in the home order.
    pub fn home(&self) -> &[usize] {
        &self.home
    }

    pub fn get(&self, tab: Option<ShowsTab>) -> &[usize] {
        self.tabs
            .iter()
            .find(|(t, _)| *t == tab)
            .map(|(_, list)| list.as_slice())
            .unwrap_or_default()
    }
}
