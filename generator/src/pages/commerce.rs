//! What the chain sells besides tickets: offers, e-cards and the subscription.

use super::cx::Linked;
use super::cx::{Built, PageCx};
use super::listings::offer_links;
use serde::Serialize;
use site::content::*;
use site::routes::PageKind;

#[derive(Serialize)]
struct OffersView<'a> {
    header: &'a Option<OffersPageHeader>,
    offers: Vec<Linked<'a, Offer>>,
    temporary: &'a [TemporaryOffer],
    promotions: &'a [Promotion],
    ecards: &'a [ECard],
}

pub fn offers(cx: &PageCx) -> Built {
    let locale = cx.locale;
    Built::new(&OffersView {
        header: &locale.offers_page,
        offers: offer_links(cx, &locale.news.offers),
        temporary: &locale.temporary_offers,
        promotions: &locale.promotions,
        ecards: &locale.ecards,
    })
}

#[derive(Serialize)]
struct EcardsView<'a> {
    ecards: Vec<&'a ECard>,
}

/// The e-cards of 5 seats, or of 3.
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
            .collect(),
    })
}

#[derive(Serialize)]
struct SubscriptionView<'a> {
    subscription: &'a Option<Subscription>,
}

pub fn subscription(cx: &PageCx) -> Built {
    Built::new(&SubscriptionView {
        subscription: &cx.locale.subscription,
    })
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
