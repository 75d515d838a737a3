//! The cinema page's surfaces of spec §3 "Cinema" detail and "Cinema alert" (issue 13): the
//! cinema's alerts, its e-cards with a link to buy, its cinepass items, its itinerary, its
//! services as accordions and the nearby cities that have a page. Read by
//! templates/pages/cinema.html as `data.surfaces`; docs/decisions.md, "Cinema page surfaces".

use super::cx::{sanitize, PageCx};
use site::content::*;
use site::routes::PageKind;

/// What the cinema page shows besides its schedule, its pricing and its accessibility.
#[derive(serde::Serialize)]
pub struct CinemaSurfaces<'a> {
    /// The alerts concerning the cinema (its slug among `cinemas`, or `allCinemas`), in the
    /// API's order; a call to action only to an address the page may link to.
    pub alerts: Vec<AlertView<'a>>,
    pub ecards: Vec<ECardView<'a>>,
    pub cinepass: Vec<CinepassView<'a>>,
    /// The subscription page, under the cinepass items (on the sites that have one).
    pub cinepass_href: Option<String>,
    /// How to get there (sanitised HTML), empty when the content has none.
    pub itinerary: String,
    /// The services offered (the disabled ones left out).
    pub services: Vec<&'a Service>,
    /// Nearby cities with a page on the site (a city with one cinema links to that cinema).
    pub nearby_cities: Vec<CityView<'a>>,
}

#[derive(serde::Serialize)]
pub struct AlertView<'a> {
    pub message: &'a str,
    pub warning: bool,
    pub cta: Option<&'a Cta>,
}

#[derive(serde::Serialize)]
pub struct ECardView<'a> {
    pub card: &'a CinemaECard,
    /// The card's price and its price per seat, in the site's currency and the page's language.
    pub price: String,
    pub per_seat: String,
    /// The booking tunnel's page for the card at this cinema, else the site's e-cards page.
    pub buy_href: Option<String>,
}

#[derive(serde::Serialize)]
pub struct CinepassView<'a> {
    pub item: &'a CinepassItem,
    pub price: String,
}

#[derive(serde::Serialize)]
pub struct CityView<'a> {
    pub name: &'a str,
    pub href: String,
}

pub fn surfaces<'a>(cx: &PageCx<'a>, cinema: &'a CinemaDetail) -> CinemaSurfaces<'a> {
    let locale = cx.locale;
    let slug = cinema.cinema.slug.as_str();
    let money = |amount: f64| crate::render::format_money(amount, cx.page.site, cx.page.lang);
    let alerts = locale
        .alerts
        .cinema_alerts
        .iter()
        .filter(|a| a.concerns(slug) && !a.message.trim().is_empty())
        .map(|a| AlertView {
            message: &a.message,
            warning: a.warning,
            cta: a.cta.as_ref().filter(|c| {
                !c.label.trim().is_empty() && site::escape::content_url(&c.url).is_some()
            }),
        })
        .collect();
    let ecards = cinema
        .ecards
        .iter()
        .filter(|e| !e.label.trim().is_empty())
        .map(|card| ECardView {
            card,
            price: money(card.ttc_amount),
            per_seat: money(card.single_ttc_amount),
            buy_href: ecard_buy_href(cx, cinema, card),
        })
        .collect();
    let disabled = &cinema.cinema.disabled_services;
    let nearby_cities = cinema
        .nearby_cities
        .iter()
        .filter(|c| c.slug != cinema.cinema.city_slug)
        .filter_map(|link| {
            let city = locale.cities.iter().find(|c| c.city.slug == link.slug)?;
            let href = super::chrome::city_href(cx.table, cx.page.site, cx.page.lang, city)?;
            Some(CityView {
                name: &link.name,
                href,
            })
        })
        .collect();
    CinemaSurfaces {
        alerts,
        ecards,
        cinepass: cinema
            .cinepass
            .iter()
            .filter(|c| !c.label.trim().is_empty())
            .map(|item| CinepassView {
                item,
                price: money(item.price),
            })
            .collect(),
        cinepass_href: (!cinema.cinepass.is_empty())
            .then(|| cx.path(PageKind::Subscription))
            .flatten(),
        itinerary: sanitize(cinema.itinerary.as_deref()),
        services: cinema
            .cinema
            .services
            .iter()
            .filter(|s| !disabled.contains(&s.slug))
            .collect(),
        nearby_cities,
    }
}

/// Where an e-card is bought: the booking tunnel with the card's order reference at this
/// cinema (`{tunnel}/{site}/{vistaRef}/ecards/{refCmd}`, shaped like a showtime's booking
/// link), else the site's e-cards page.
pub fn ecard_buy_href(cx: &PageCx, cinema: &CinemaDetail, card: &CinemaECard) -> Option<String> {
    let tunnel = cx.data.settings.settings.tunnel_url.as_deref();
    match (
        tunnel.and_then(site::escape::content_url),
        card.ref_cmd.as_deref(),
    ) {
        (Some(tunnel), Some(reference)) if !reference.trim().is_empty() => Some(format!(
            "{}/{}/{}/ecards/{}",
            tunnel.trim_end_matches('/'),
            cx.page.site.code(),
            urlencoding(&cinema.cinema.vista_ref),
            urlencoding(reference)
        )),
        _ => cx
            .path(PageKind::Ecards5)
            .or_else(|| cx.path(PageKind::Ecards3)),
    }
}

/// A path segment: letters, digits and `-._~` as they are, every other byte percent-encoded.
fn urlencoding(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for b in segment.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
