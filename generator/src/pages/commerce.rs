//! What the chain sells besides tickets: offers, e-cards and the subscription.

use super::cx::Linked;
use super::cx::{Built, PageCx};
use super::listings::offer_links;
use crate::fragments::{self, Card};
use serde::Serialize;
use site::content::*;
use site::routes::PageKind;

/// The offers page's blocks when the header gives no order (spec §3 blockOrder).
const DEFAULT_BLOCKS: [OfferBlock; 4] = [
    OfferBlock::Promotion,
    OfferBlock::Event,
    OfferBlock::Temporary,
    OfferBlock::Ecards,
];

#[derive(Serialize)]
struct OffersView<'a> {
    header: &'a Option<OffersPageHeader>,
    /// The blocks in the header's `blockOrder`, each once, the empty ones left out.
    blocks: Vec<OfferSection<'a>>,
}

/// A block of the offers page: `kind` names it (`promotion`, `event`, `temporary`, `ecards`).
#[derive(Serialize)]
struct OfferSection<'a> {
    kind: OfferBlock,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    promotions: &'a [Promotion],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    offers: Vec<Linked<'a, Offer>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    events: Vec<Linked<'a, Season>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    temporary: Vec<&'a TemporaryOffer>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    ecards: Vec<EcardLink<'a>>,
}

impl<'a> OfferSection<'a> {
    fn new(kind: OfferBlock) -> OfferSection<'a> {
        OfferSection {
            kind,
            promotions: &[],
            offers: Vec::new(),
            events: Vec::new(),
            temporary: Vec::new(),
            ecards: Vec::new(),
        }
    }

    fn is_empty(&self) -> bool {
        self.promotions.is_empty()
            && self.offers.is_empty()
            && self.events.is_empty()
            && self.temporary.is_empty()
            && self.ecards.is_empty()
    }
}

/// An e-card of the offers page with the page where it is bought.
#[derive(Serialize)]
struct EcardLink<'a> {
    ecard: &'a ECard,
    href: Option<String>,
}

/// The offers page (issue 13): the header, then its blocks in the header's `blockOrder` —
/// promotions (the promotions and the offers), events (seasons and special events),
/// temporary offers (by `ordering`), e-cards (each leading to its page, where it is bought).
pub fn offers(cx: &PageCx) -> Built {
    let locale = cx.locale;
    let order: &[OfferBlock] = match &locale.offers_page {
        Some(h) if !h.block_order.is_empty() => &h.block_order,
        _ => &DEFAULT_BLOCKS,
    };
    let mut seen = Vec::new();
    let mut blocks = Vec::new();
    for &kind in order {
        if seen.contains(&kind) {
            continue;
        }
        seen.push(kind);
        let mut block = OfferSection::new(kind);
        match kind {
            OfferBlock::Promotion => {
                block.promotions = &locale.promotions;
                block.offers = offer_links(cx, &locale.news.offers);
            }
            OfferBlock::Event => {
                block.events = locale
                    .events
                    .seasons
                    .iter()
                    .map(|s| {
                        cx.linked("season", PageKind::of_season(s), [s], |s| &s.slug)
                            .remove(0)
                    })
                    .collect();
            }
            OfferBlock::Temporary => {
                let mut temporary: Vec<&TemporaryOffer> = locale.temporary_offers.iter().collect();
                temporary.sort_by_key(|o| o.ordering);
                block.temporary = temporary;
            }
            OfferBlock::Ecards => {
                block.ecards = locale
                    .ecards
                    .iter()
                    .map(|e| EcardLink {
                        ecard: e,
                        href: cx.path(if e.seats == 3 {
                            PageKind::Ecards3
                        } else {
                            PageKind::Ecards5
                        }),
                    })
                    .collect();
            }
        }
        if !block.is_empty() {
            blocks.push(block);
        }
    }
    Built::new(&OffersView {
        header: &locale.offers_page,
        blocks,
    })
}

#[derive(Serialize)]
struct EcardsView<'a> {
    ecards: Vec<EcardBuy<'a>>,
}

/// An e-card with where it is bought: the booking tunnel's e-card order with its `typeId` (a
/// link: the pages' CSP has `form-action 'self'`, so no form to another origin).
#[derive(Serialize)]
struct EcardBuy<'a> {
    ecard: &'a ECard,
    buy_href: Option<String>,
}

/// Where an e-card is ordered: `{tunnelUrl}/{site}/ecards?typeId=…` (docs/decisions.md);
/// none when the settings have no tunnel.
pub(crate) fn ecard_order_url(cx: &PageCx, ecard: &ECard) -> Option<String> {
    let tunnel = cx.data.settings.settings.tunnel_url.as_deref()?;
    let tunnel = site::escape::content_url(tunnel)?;
    let mut type_id = String::new();
    for b in ecard.type_id.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            type_id.push(char::from(b));
        } else {
            type_id.push_str(&format!("%{b:02X}"));
        }
    }
    Some(format!(
        "{}/{}/ecards?typeId={type_id}",
        tunnel.trim_end_matches('/'),
        cx.page.site.code()
    ))
}

/// The e-cards of 5 seats, or of 3, each with a link to buy it.
pub fn ecards(cx: &PageCx) -> Built {
    let seats = if cx.page.kind == PageKind::Ecards5 {
        5
    } else {
        3
    };
    Built::new(&EcardsView {
        ecards: cx
            .locale
            .ecards
            .iter()
            .filter(|e| e.seats == seats)
            .map(|e| EcardBuy {
                ecard: e,
                buy_href: ecard_order_url(cx, e),
            })
            .collect(),
    })
}

#[derive(Serialize)]
struct SubscriptionView<'a> {
    subscription: &'a Option<Subscription>,
    /// Partner cinemas a visitor can use (spec §5: no temporary one, none without theaters),
    /// by city then name, with our cinema's page when the partner is one of ours.
    partners: Vec<PartnerLink<'a>>,
    /// The current shows, as cards in the page's first slot.
    has_current_shows: bool,
    /// The partner search's inline script (`partner_search`).
    partner_search_script: &'static str,
}

#[derive(Serialize)]
struct PartnerLink<'a> {
    partner: &'a PartnerCinema,
    href: Option<String>,
}

/// The partner cinemas a subscriber can go to: spec §5 "a temporary cinema or partner
/// without theaters is ignored".
pub(crate) fn listed_partners(partners: &[PartnerCinema]) -> Vec<&PartnerCinema> {
    let mut listed: Vec<&PartnerCinema> = partners
        .iter()
        .filter(|p| !p.temporary && !p.theaters.is_empty())
        .collect();
    listed.sort_by(|a, b| {
        site::text::fold(&a.city)
            .cmp(&site::text::fold(&b.city))
            .then_with(|| site::text::fold(&a.name).cmp(&site::text::fold(&b.name)))
    });
    listed
}

pub fn subscription(cx: &PageCx) -> Built {
    let locale = cx.locale;
    let sub = locale.subscription.as_ref();
    let partners = sub
        .map(|s| listed_partners(&s.partner_cinemas))
        .unwrap_or_default()
        .into_iter()
        .map(|p| PartnerLink {
            partner: p,
            href: p
                .slug
                .as_deref()
                .filter(|slug| locale.cinema_by_slug.contains_key(*slug))
                .and_then(|slug| cx.href(PageKind::Cinema, slug)),
        })
        .collect();
    let shows: &[ShowSummary] = sub.map(|s| s.current_shows.as_slice()).unwrap_or(&[]);
    let cards = fragments::show_cards(shows.iter().map(|s| summary_card(cx, s)), false);
    Built::new(&SubscriptionView {
        subscription: &locale.subscription,
        partners,
        has_current_shows: !cards.is_empty(),
        partner_search_script: super::inline_scripts::PARTNER_SEARCH,
    })
    .fragment_if_any(cards)
}

/// A show card from a show's summary, linked to its page when the site has the show.
pub(crate) fn summary_card<'a>(cx: &PageCx<'a>, s: &'a ShowSummary) -> Card<'a> {
    let show = cx
        .locale
        .show_by_slug
        .get(&s.slug)
        .map(|&i| &cx.locale.shows[i]);
    Card {
        title: &s.title,
        poster: s.poster.as_ref(),
        flag: show.and_then(|s| s.flag.as_ref()),
        duration: s.duration,
        href: show.and_then(|s| cx.show_href(s)),
    }
}

#[derive(Serialize)]
struct GiftCardView {
    /// The balance page (gift-card child route), from the gift-card page.
    balance_href: Option<String>,
    /// The gift-card page, from the balance page.
    gift_card_href: Option<String>,
    /// Where a gift card is bought: the 5-seat e-cards when the site sells them, else the offers.
    buy_href: Option<String>,
}

/// The gift-card page and its balance page (issue 13): the balance check as an island, in a
/// dialog on the first and open in the page on the second; links between them and to buying.
pub fn gift_card(cx: &PageCx) -> Built {
    let balance = cx.page.kind == PageKind::GiftCardBalance;
    let buy = if cx.locale.ecards.iter().any(|e| e.seats == 5) {
        cx.path(PageKind::Ecards5)
    } else {
        cx.path(PageKind::Offers)
    };
    Built::new(&GiftCardView {
        balance_href: (!balance)
            .then(|| cx.path(PageKind::GiftCardBalance))
            .flatten(),
        gift_card_href: balance.then(|| cx.path(PageKind::GiftCard)).flatten(),
        buy_href: buy,
    })
}
