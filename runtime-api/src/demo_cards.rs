//! Demo vouchers and gift cards, written into the store at start when `seed_demo_cards` is on
//! (local use and tests; off in production, where cards come from the ticketing system).
//! Idempotent: seeding again replaces the same rows.

use client_store::{ClientStore, GiftCard, Voucher, VoucherStatus};
use site::Site;

/// A valid voucher on every site: `DEMO-{SITE}-VALID`; a used one: `DEMO-{SITE}-USED`.
pub fn voucher_code(site: Site, valid: bool) -> String {
    format!(
        "DEMO-{}-{}",
        site.code().to_ascii_uppercase(),
        if valid { "VALID" } else { "USED" }
    )
}

/// The demo gift card of every site: number `6006{nn}00001234`, PIN `4321`.
pub fn gift_card_number(site: Site) -> String {
    format!(
        "6006{:02}00001234",
        Site::ALL.iter().position(|s| *s == site).unwrap_or(0)
    )
}

pub const GIFT_CARD_PIN: &str = "4321";

pub async fn seed(
    store: &dyn ClientStore,
    today: chrono::NaiveDate,
) -> Result<(), client_store::StoreError> {
    for site in Site::ALL {
        for valid in [true, false] {
            store
                .put_voucher(&Voucher {
                    code: voucher_code(site, valid),
                    site: site.code().to_string(),
                    label: "Cinécarte 5 places".into(),
                    kind: "cinecarte-5".into(),
                    valid_until: Some(today + chrono::Duration::days(365)),
                    balance_cents: None,
                    status: if valid {
                        VoucherStatus::Valid
                    } else {
                        VoucherStatus::Used
                    },
                })
                .await?;
        }
        store
            .put_gift_card(&GiftCard {
                number: gift_card_number(site),
                pin: GIFT_CARD_PIN.into(),
                site: site.code().to_string(),
                balance_cents: 5000,
                currency: site.currency().to_string(),
                valid_until: Some(today + chrono::Duration::days(365)),
            })
            .await?;
    }
    Ok(())
}
