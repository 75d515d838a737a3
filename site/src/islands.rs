//! The props the generator gives each island (islands/README.md), one type per island. They
//! are exported to TypeScript (`site/tests/ts_types.rs` writes them into
//! `islands/src/generated/api-types.ts`), so the islands read exactly what the pages write:
//! renaming a field breaks the islands' type check, not a visitor's page.
//!
//! Every island's props also carry `site`, `lang`, `brand` and its `labels` (added by the
//! generator; `IslandProps` in the islands).

use crate::content::{AgentChatConfig, LocatorLimits, SubscriptionOption, VideoProvider};
use serde::Serialize;

/// An island that needs nothing but the common props (alerts, callback, voucher, gift card).
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NoProps {}

/// A link of the header's account menu, named by its UI-string key under `header.`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountLink {
    pub key: String,
    pub href: String,
}

/// The same page in another language of the site.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LanguagePath {
    #[cfg_attr(feature = "ts", ts(type = "Lang"))]
    pub lang: String,
    pub path: String,
}

/// What a client gains by signing in on this site (the sign-in dialog's list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Benefit {
    Booking,
    Movies,
    Favourites,
    Cards,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HeaderProps {
    pub auth_enabled: bool,
    pub account: Vec<AccountLink>,
    pub benefits: Vec<Benefit>,
    pub alternates: Vec<LanguagePath>,
    /// How many favourite cinemas a client may keep on this site (`Site::favourite_limit`).
    pub favourite_limit: usize,
    /// Where the header's cinemas link leads after the locator's choice (spec §2); absent on a
    /// site of one cinema or without a cinema list.
    pub cinemas_link: Option<CinemasLinkPaths>,
}

/// The pages the header's cinemas link may lead to (spec §2 "Cinemas link target"): the
/// cinema list, a cinema page and a light city page (`{slug}` in place of the item's).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinemasLinkPaths {
    pub list: String,
    pub cinema: String,
    pub city_light: String,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TrackingProps {
    /// The page view's fields the page knows (the island adds the platform type).
    pub page: TrackedPage,
    pub auth_enabled: bool,
    /// On a show or event page: the show (`rules::tracked_show`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub show: Option<TrackedShow>,
    /// The subscription-pass dimension (tracking flag): the client's pass, once known.
    pub track_subscription_pass: bool,
}

/// A page view as the data layer names it (spec §9 tracking), pushed as it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct TrackedPage {
    /// The page type of spec §2 (`PageKind::tracking_type`).
    pub page_type: String,
    /// The site's country, upper-cased (`FR`).
    pub country: String,
    pub language: String,
    /// The environment of the site's host (`rules::environment_of`).
    pub environment: String,
}

/// A show as the data layer describes it (spec §9 tracking: the default rating, the flags),
/// named as the data layer names it: the island pushes these fields as they are.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct TrackedShow {
    pub show_slug: String,
    /// The content rating's label lower-cased, `tout public` when the show has none.
    pub content_rating: String,
    /// The site's classification scheme (`france`, `belgium-netherlands`, `default`).
    pub rating_scheme: String,
    /// Every genre with the multiple-categories flag, else the first.
    pub show_categories: Vec<String>,
    /// Whether the show plays in 4DX (with the 4DX flag).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub experience_4dx: Option<bool>,
    /// Whether the show plays in Dolby Cinema (with the Dolby flag).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub experience_dolby_cinema: Option<bool>,
    /// Cinemas playing the show (with the copy-count flag).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub show_copy_count: Option<u32>,
}

/// The favourite button of a cinema page.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FavouriteProps {
    /// The cinema's slug and name.
    pub cinema: String,
    pub name: String,
    pub benefits: Vec<Benefit>,
    /// How many favourite cinemas a client may keep on this site (`Site::favourite_limit`).
    pub favourite_limit: usize,
}

/// A day of a schedule written in the page: its date and its tab's label.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScheduleDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub label: String,
}

/// A choice of a schedule filter: the URL filter's value and its label.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FilterOption {
    pub value: String,
    pub label: String,
}

/// What the schedule's filters offer: what plays in the days written.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScheduleFilters {
    pub versions: Vec<FilterOption>,
    pub tags: Vec<FilterOption>,
    pub genres: Vec<FilterOption>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScheduleProps {
    pub days: Vec<ScheduleDay>,
    pub filters: ScheduleFilters,
    /// The runtime API's showtimes of the cinema (`?date=` a day); of the city, experience
    /// or show on those pages.
    pub showtimes: String,
    /// On a show page: the cinemas playing the show, so the island follows the locator's
    /// choice (its cookie names a cinema by `vistaRef`, a city by slug).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub places: Option<Vec<SchedulePlace>>,
}

/// A cinema of a schedule across cinemas (a show page's), as the locator names it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SchedulePlace {
    pub slug: String,
    pub vista_ref: String,
    pub city_slug: String,
}

/// The labels of the cinema page's information links.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CinemaInfoLinks {
    pub info: String,
    pub pricing: String,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CinemaInfoProps {
    pub links: CinemaInfoLinks,
}

/// A cinema, by slug and name.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CinemaChoice {
    pub slug: String,
    pub name: String,
}

/// Where a locator's choice leads: page addresses with `{slug}` in place of the item's.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocatorPaths {
    pub cinema: Option<String>,
    pub city: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LocatorProps {
    /// The cinema of the page, on a cinema page.
    pub cinema_page: Option<CinemaChoice>,
    pub paths: LocatorPaths,
    pub limits: LocatorLimits,
    /// Whether a choice filters the page's schedule rather than leading to its page.
    pub filter: bool,
    /// The cinema list page: with a choice of the visitor's, go to its first cinema (spec §4).
    pub redirect: bool,
    /// How many favourite cinemas a client may keep on this site (`Site::favourite_limit`).
    pub favourite_limit: usize,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShowFeelingsProps {
    /// The show's slug.
    pub show: String,
    pub benefits: Vec<Benefit>,
}

/// The video a trailer plays.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TrailerVideo {
    pub id: String,
    /// The show's main trailer (else its first is played).
    pub main: bool,
    pub provider: VideoProvider,
    pub url: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TrailerProps {
    pub video: TrailerVideo,
    /// Where the link leads without the island: the provider's page of the video.
    pub href: String,
    /// The show's title.
    pub title: String,
}

/// An offer of the subscription page, as the page writes it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionOfferProps {
    pub id: String,
    pub title: String,
    pub description: Option<String>,
    pub monthly_price: f64,
    pub commitment_months: u32,
    /// "{price} / month" in the page's language.
    pub price_label: String,
    pub options: Vec<SubscriptionOption>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionProps {
    pub offers: Vec<SubscriptionOfferProps>,
    /// ISO 4217 code.
    pub currency: String,
    /// BCP 47 locale for formatting prices, e.g. `fr-FR`.
    pub locale: String,
    /// The client area's subscription form.
    pub subscribe_url: String,
}

/// The agent chat's four settings, all set (the island is written only then, spec §5).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AgentChat {
    pub organization_id: String,
    pub deployment_name: String,
    pub site_url: String,
    pub scrt_url: String,
}

impl AgentChat {
    /// The settings' agent chat, when all four settings are set.
    pub fn of(config: &AgentChatConfig) -> Option<AgentChat> {
        Some(AgentChat {
            organization_id: config.organization_id.clone()?,
            deployment_name: config.deployment_name.clone()?,
            site_url: config.site_url.clone()?,
            scrt_url: config.scrt_url.clone()?,
        })
    }
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HelpChatProps {
    pub chat: AgentChat,
    /// The client area's contact form.
    pub contact: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FaqSearchProps {
    /// The help centre's search page.
    pub action: Option<String>,
    pub input_id: String,
    /// The id of the element the results are written into, on the search page.
    pub results: Option<String>,
}

/// A show of a list "at my cinema" narrows to: its slug and page.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ListedShow {
    pub slug: String,
    pub href: String,
}

/// The "at my cinema" island of the home and shows lists: with a choice in the locator, the
/// list shows only the shows playing there. `shows` is the whole list in the spec's order
/// (`site::rules::ordering`), when the page shows only its first `limit`; empty when the page
/// lists them all (the island narrows the page's own cards).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AtCinemaProps {
    /// The `id` of the list (`ul`) it narrows.
    pub list: String,
    pub shows: Vec<ListedShow>,
    pub limit: Option<usize>,
}

/// A show of a season, as the season island names it (the API's schedule answers slugs).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeasonShow {
    pub slug: String,
    pub title: String,
}

/// The season island (season and special-event pages): where it asks the screenings of the
/// cinema the visitor chose (`{showtimes}?cinema=`), and the season's shows. The cinemas to
/// choose from are the page's `<select>` options (slug, `data-ref`, city `data-city`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeasonProps {
    /// `/api/event/{slug}/showtimes`.
    pub showtimes: String,
    pub shows: Vec<SeasonShow>,
}

/// The gift-card island (issue 13): on the gift-card page a button opens the balance check in
/// a dialog (spec §4 gift-card modal); on its balance page (`GiftCardBalance`) the form is
/// open in the page.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GiftCardProps {
    pub inline: bool,
}
