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
