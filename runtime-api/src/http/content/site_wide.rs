//! Site-wide content: `/settings`, `/alerts`, `/footer`, `/footer/faq`, `/cinepass`,
//! `/cinepass/current-shows`, `/ecards`, `/cms/1.0.0/ecards`,
//! `/cms/1.0.0/subscription/subscription-offers`.

use super::answer::{found, locale_of};
use crate::http::doc::ApiRouter;
use crate::http::error::ApiResult;
use crate::http::locale::{Locale, SiteOnly};
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use site::content::*;

pub fn router() -> ApiRouter {
    ApiRouter::new("site")
        .get(
            "/settings",
            settings,
            "Settings and resolved features of the site",
        )
        .unlocalized()
        .answers::<SiteSettings>()
        .get("/alerts", alerts, "Alerts to show")
        .answers::<AlertsPage>()
        .get("/footer", footer, "Footer columns and links")
        .answers::<Footer>()
        .get("/footer/faq", footer_faq, "Questions shown in the footer")
        .answers::<Vec<FooterFaqItem>>()
        .get("/cinepass", cinepass, "Subscription (cinepass) page")
        .answers::<Subscription>()
        .get(
            "/cinepass/current-shows",
            cinepass_shows,
            "Shows included in the subscription",
        )
        .answers::<Vec<ShowSummary>>()
        .get("/ecards", ecards, "E-cards")
        .answers::<Vec<ECard>>()
        .get("/cms/1.0.0/ecards", ecards, "E-cards (CMS path)")
        .answers::<Vec<ECard>>()
        .get(
            "/cms/1.0.0/subscription/subscription-offers",
            subscription_offers,
            "Subscription offers of a catalog",
        )
        .query(&["catalog"])
        .answers::<Vec<SubscriptionOffer>>()
}

async fn settings(State(app): State<AppState>, SiteOnly(site): SiteOnly) -> Json<SiteSettings> {
    let settings = app.content.settings.clone();
    let resolved = settings.features_for(site);
    Json(SiteSettings {
        settings,
        website: site.website_code().to_string(),
        site_features_resolved: resolved,
    })
}

async fn alerts(State(app): State<AppState>, locale: Locale) -> Json<AlertsPage> {
    let content = &locale_of(&app, locale).content;
    Json(AlertsPage {
        alerts: content.alerts.clone(),
        cinema_alerts: content.cinema_alerts.clone(),
    })
}

async fn footer(State(app): State<AppState>, locale: Locale) -> ApiResult<Json<Footer>> {
    Ok(Json(found(
        locale_of(&app, locale).content.footer.clone(),
        "footer",
        "",
    )?))
}

/// Only questions with both a title and a description are shown (spec §5).
async fn footer_faq(State(app): State<AppState>, locale: Locale) -> Json<Vec<FooterFaqItem>> {
    let items = locale_of(&app, locale)
        .content
        .footer
        .as_ref()
        .map(|f| f.faq.clone())
        .unwrap_or_default();
    Json(
        site::rules::footer_faq(&items)
            .into_iter()
            .cloned()
            .collect(),
    )
}

async fn cinepass(State(app): State<AppState>, locale: Locale) -> ApiResult<Json<Subscription>> {
    Ok(Json(found(
        locale_of(&app, locale).content.subscription.clone(),
        "subscription",
        locale.site.code(),
    )?))
}

async fn cinepass_shows(
    State(app): State<AppState>,
    locale: Locale,
) -> ApiResult<Json<Vec<ShowSummary>>> {
    let subscription = found(
        locale_of(&app, locale).content.subscription.as_ref(),
        "subscription",
        locale.site.code(),
    )?;
    Ok(Json(subscription.current_shows.clone()))
}

async fn subscription_offers(
    State(app): State<AppState>,
    locale: Locale,
) -> ApiResult<Json<Vec<SubscriptionOffer>>> {
    let subscription = found(
        locale_of(&app, locale).content.subscription.as_ref(),
        "subscription",
        locale.site.code(),
    )?;
    Ok(Json(subscription.offers.clone()))
}

/// Empty labels and terms are served as null (spec §5).
async fn ecards(State(app): State<AppState>, locale: Locale) -> Json<Vec<ECard>> {
    Json(
        locale_of(&app, locale)
            .content
            .ecards
            .iter()
            .cloned()
            .map(site::rules::normalise_ecard)
            .collect(),
    )
}
