//! The islands of a page and their props (islands/README.md): which islands a page kind shows
//! comes from `islands.json`; each island's props are a type of `site::islands`, built here
//! from the chrome and from what the page's family declared (`PageIslands`).

use super::cx::{PageCx, PageIslands, PageView};
use crate::islands::Islands;
use serde::Serialize;
use serde_json::{json, Value};
use site::content::{Video, VideoProvider};
use site::islands::*;
use site::routes::{PageKind, Params};
use std::collections::HashMap;

/// A slug no content has, replaced by `{slug}` in the locator's address patterns.
const SLUG_MARK: &str = "slug-mark-0";

/// Where the trailer link leads without the island: the provider's page of the video.
fn trailer_href(video: &Video) -> String {
    match video.provider {
        VideoProvider::Vimeo => format!("https://vimeo.com/{}", video.id),
        VideoProvider::Youtube => format!("https://www.youtube-nocookie.com/watch?v={}", video.id),
        _ => video.url.clone().unwrap_or_default(),
    }
}

/// An island's own props: its object's text (`Islands::page_value` adds the common members).
fn props(value: impl Serialize) -> Option<String> {
    Some(serde_json::to_string(&value).expect("island props serialise"))
}

/// The page's `islands` value (`crate::islands::Islands::page_value`): loader, preloads, and
/// each island's module, hydration and props.
pub fn island_props(
    cx: &PageCx,
    islands: Option<&Islands>,
    strings: &HashMap<String, String>,
    own: &PageIslands,
    page_view: &PageView,
) -> Value {
    let Some(islands) = islands else {
        return json!({"loader": null, "preload": [], "on": {}});
    };
    let (page, data, chrome) = (cx.page, cx.data, cx.chrome);
    let locale = cx.locale;
    let trailer = own.show.as_ref().and_then(|s| s.trailer.as_ref());
    let mut names = islands.on_page(page.kind.name(), page.webview, chrome.apps);
    // An island with nothing to show on this page is not loaded (nor preloaded).
    names.retain(|&name| match name {
        "schedule" => !own.schedule_days.is_empty(),
        "cinema-info" => own.cinema_info,
        "trailer" => trailer.is_some(),
        "subscription" => locale
            .subscription
            .as_ref()
            .is_some_and(|s| !s.offers.is_empty()),
        // Only with a usable agent chat (spec §5), as the chrome says.
        "help-chat" => chrome.help_contact.is_some(),
        "season" => own.season.is_some(),
        _ => true,
    });
    // A page's address with `{slug}` in place of the item's: where a choice leads.
    let pattern = |kind: PageKind| {
        let params = Params::new().with("slug", SLUG_MARK);
        cx.table
            .path(kind, page.site, page.lang, &params, false)
            .map(|p| p.replace(SLUG_MARK, "{slug}"))
    };
    let help_search = || {
        cx.table.path(
            PageKind::HelpSearch,
            page.site,
            page.lang,
            &Params::new(),
            page.webview,
        )
    };
    let mut benefits = vec![Benefit::Booking, Benefit::Movies];
    if locale.cinemas.len() > 1 {
        benefits.push(Benefit::Favourites);
    }
    if locale.subscription.is_some() {
        benefits.push(Benefit::Cards);
    }
    let favourite_limit = page.site.favourite_limit();
    let string = |key: &str| strings.get(key).cloned().unwrap_or_else(|| key.to_string());
    let common = serde_json::Map::from_iter([
        ("site".to_string(), json!(page.site.code())),
        ("lang".to_string(), json!(page.lang.code())),
        ("brand".to_string(), json!(chrome.brand)),
    ]);
    let mut value = islands.page_value(&names, &common, strings, |name| match name {
        "header" => props(HeaderProps {
            auth_enabled: chrome.auth_enabled,
            account: chrome.account.clone(),
            benefits: benefits.clone(),
            alternates: page_view
                .alternates
                .iter()
                .map(|a| LanguagePath {
                    lang: a.lang.to_string(),
                    path: a.path.to_string(),
                })
                .collect(),
            favourite_limit,
            cinemas_link: cinemas_link(cx),
        }),
        // The sign-in return page reads the provider's answer from the URL.
        "alerts" | "callback" | "voucher" | "modals" | "evenings" => props(NoProps {}),
        "gift-card" => props(GiftCardProps {
            inline: page.kind == PageKind::GiftCardBalance,
        }),
        "tracking" => props(TrackingProps {
            page: TrackedPage {
                page_type: page_view.tracking_type.to_string(),
                country: page.site.code().to_uppercase(),
                language: page.lang.code().to_string(),
                environment: site::rules::environment_of(
                    chrome
                        .base_url
                        .split("://")
                        .nth(1)
                        .unwrap_or(&chrome.base_url),
                ),
            },
            auth_enabled: chrome.auth_enabled,
            show: own.show.as_ref().and_then(|s| s.tracked.clone()),
            track_subscription_pass: cx
                .data
                .settings
                .site_features_resolved
                .tracking_subscription_pass,
        }),
        "favourite" => own.cinema.as_ref().and_then(|cinema| {
            props(FavouriteProps {
                cinema: cinema.slug.clone(),
                name: cinema.name.clone(),
                benefits: benefits.clone(),
                favourite_limit,
            })
        }),
        "schedule" => props(ScheduleProps {
            days: own.schedule_days.clone(),
            filters: own.schedule_filters.clone().unwrap_or_default(),
            showtimes: own.schedule_api.clone().unwrap_or_else(|| {
                format!(
                    "/api/cinema/{}/shows",
                    own.cinema
                        .as_ref()
                        .map(|c| c.slug.as_str())
                        .unwrap_or_default()
                )
            }),
            places: own.schedule_places.clone(),
        }),
        "cinema-info" => props(CinemaInfoProps {
            links: CinemaInfoLinks {
                info: string("cinema.practicalInfo"),
                pricing: string("cinema.pricing"),
            },
        }),
        "locator" => props(LocatorProps {
            cinema_page: own.cinema.clone(),
            paths: LocatorPaths {
                cinema: pattern(PageKind::Cinema),
                city: pattern(PageKind::City),
            },
            limits: data.settings.settings.locator,
            // No page shows a schedule across cinemas yet: a choice goes to its page.
            filter: false,
            favourite_limit,
            redirect: page.kind == PageKind::Cinemas && !page.webview,
        }),
        "at-cinema" => props(at_cinema(cx)),
        "show-feelings" => own.show.as_ref().and_then(|show| {
            props(ShowFeelingsProps {
                show: show.slug.clone(),
                benefits: benefits.clone(),
            })
        }),
        "trailer" => own.show.as_ref().zip(trailer).and_then(|(show, video)| {
            props(TrailerProps {
                video: TrailerVideo {
                    id: video.id.clone(),
                    main: video.main,
                    provider: video.provider,
                    url: video.url.clone(),
                },
                href: trailer_href(video),
                title: show.title.clone(),
            })
        }),
        "subscription" => props(subscription(cx, &string("subscription.perMonth"))),
        "help-chat" => AgentChat::of(&data.settings.settings.agent_chat).and_then(|chat| {
            props(HelpChatProps {
                chat,
                contact: chrome.help_contact.clone(),
            })
        }),
        "faq-search" => props(FaqSearchProps {
            action: help_search(),
            input_id: "help-q".to_string(),
            results: (page.kind == PageKind::HelpSearch).then(|| "faq-results".to_string()),
        }),
        "season" => own.season.as_ref().and_then(props),
        _ => None,
    });
    // What the page's markup reads of its islands: where the help centre's search form
    // leads (on pages that have no link to it), and the link the trailer island enhances.
    if let Some(entry) = value.pointer_mut("/on/faq-search") {
        entry["action"] = json!(help_search());
    }
    if let (Some(video), Some(entry)) = (trailer, value.pointer_mut("/on/trailer")) {
        entry["href"] = json!(trailer_href(video));
    }
    value
}

/// Where the header's cinemas link may lead (spec §2): none on a site of one cinema (the
/// list is the way to it) or without the pages.
fn cinemas_link(cx: &PageCx) -> Option<CinemasLinkPaths> {
    let (site, lang) = (cx.page.site, cx.page.lang);
    if cx.locale.cinemas.len() < 2 {
        return None;
    }
    let pattern = |kind: PageKind| {
        let params = Params::new().with("slug", SLUG_MARK);
        cx.table
            .path(kind, site, lang, &params, false)
            .map(|p| p.replace(SLUG_MARK, "{slug}"))
    };
    Some(CinemasLinkPaths {
        list: cx
            .table
            .path(PageKind::Cinemas, site, lang, &Params::new(), false)?,
        cinema: pattern(PageKind::Cinema)?,
        city_light: pattern(PageKind::CityLight)?,
    })
}

/// The "at my cinema" island of a list page: the home rail's whole list (it shows only the
/// first shows), or nothing on the shows pages (they show every show of their list).
fn at_cinema(cx: &PageCx) -> AtCinemaProps {
    if cx.page.kind == PageKind::Home {
        let shows = cx
            .chrome
            .lists
            .home()
            .iter()
            .map(|&i| &cx.locale.shows[i])
            .filter_map(|s| {
                cx.show_href(s).map(|href| ListedShow {
                    slug: s.slug.clone(),
                    href,
                })
            })
            .collect();
        return AtCinemaProps {
            list: "now-showing-list".to_string(),
            shows,
            limit: Some(super::listings::HOME_RAIL_SHOWS),
        };
    }
    AtCinemaProps {
        list: "shows-list".to_string(),
        shows: Vec::new(),
        limit: None,
    }
}

/// The subscription island's props: the offers as the page writes them, and where to
/// subscribe. `per_month` is the page language's "{price} / month".
fn subscription(cx: &PageCx, per_month: &str) -> SubscriptionProps {
    let (site, lang) = (cx.page.site, cx.page.lang);
    let currency = site.currency();
    let offers = cx
        .locale
        .subscription
        .iter()
        .flat_map(|s| &s.offers)
        .map(|o| SubscriptionOfferProps {
            id: o.id.clone(),
            title: o.title.clone(),
            description: o.description.clone(),
            monthly_price: o.monthly_price,
            commitment_months: o.commitment_months,
            price_label: per_month.replace(
                "{price}",
                &crate::render::format_money(o.monthly_price, site, lang),
            ),
            options: o.options.clone(),
        })
        .collect();
    let client_url = cx
        .data
        .settings
        .settings
        .client_url
        .clone()
        .unwrap_or_default();
    SubscriptionProps {
        offers,
        currency: currency.to_string(),
        locale: format!("{}-{}", lang.code(), site.code().to_uppercase()),
        subscribe_url: format!("{client_url}/subscription"),
    }
}
