//! Content types of spec §3, as the content API serves them for one site and language.
//!
//! Every type is the JSON of the content API (text already in the page language), read by
//! the generator and by the islands. Field names are the spec's, in camelCase. Optional
//! fields may be absent (a real CMS omits things); lists default to empty.
//!
//! Names we chose where the spec gives a field only by description:
//! - Cinema: "maps url" → `mapsUrl`; nearby cinemas and cities → `nearbyCinemas`,
//!   `nearbyCities`; pricing complements → `complements` (`parent`, `children`), legend
//!   index → `termsIndex`; push background colour → `backgroundColour`.
//! - City: region key → `region`; highlight top shows → `topShows`.
//! - Show: special event → `specialEvent`; orders → `orders {default, home, upcoming, kids,
//!   specialAndEvent}`; feelings counts → `feelings`; `vodAvailability` is a bool.
//! - Showtime: tunnel/booking URL → `bookingUrl`; auditorium name → `auditorium`;
//!   capacity → `seatCount`; reservability end time → `reservabilityEnd`; 3D flag →
//!   `flags.threeD`; special details modal title → `modalTitle`, source → `source`
//!   (`tag` | `showtime`).
//! - Schedule: a show of a day is `{show, data, resume, showtimes}` (`data` = the embedded
//!   show summary, as the spec calls it).
//! - Tag: kind → `type` (`experience` | `accessibility`); display flags → `display
//!   {cinema, cinemaFilters, showFilters, showtime, accessibility, show}`; icon → `icon
//!   {type: sprite|image|text, value}`; flag colours → `labelFlagColour`,
//!   `backgroundFlagColour` (numbers 1..=5).
//! - Client / account: mail-communication flag → `mailCommunication`.
//! - Settings: home-video flag → `homeVideoEnabled`; business-site flag →
//!   `businessSiteEnabled`; tracking flags → `tracking4dxExperience`,
//!   `trackingDolbyCinemaExperience`, `trackingMultipleShowCategories`,
//!   `trackingShowCopyCount`, `trackingSubscriptionPass`; per-site overrides →
//!   `siteFeatures {websiteCode: {...}}`; locator limits → `locator`.
//! - A `type` field is `kind` in Rust everywhere (serialised `type`); Content rating `ref`
//!   is `reference` in Rust (serialised `ref`).
//!
//! TypeScript: with the feature `ts` every type here derives `ts_rs::TS`; the islands' types
//! (`islands/src/generated/api-types.ts`) are generated from them by `site/tests/ts_types.rs`,
//! which lists them — add a new type there too.
//!
//! Cross-language identity: `Show`, `Article` (so `Offer`, news items, experience articles),
//! `Experience`, `Season`, `MasterTemplate` and `FaqArticle` carry `reference`, the same in
//! every language of an item whose slug is translated.

mod alert;
mod article;
mod cinema;
mod city;
mod client;
mod commerce;
mod common;
mod experience;
mod faq;
mod footer;
mod locator;
mod master_template;
mod media;
mod offer;
mod pages;
mod schedule;
mod search;
mod season;
mod settings;
mod show;
mod showtime;
mod tag;

pub use alert::{Alert, AlertLevel};
pub use article::{Article, ArticleType, ExperienceArticle, NewsList};
pub use cinema::{
    Address, Cinema, CinemaAlert, CinemaDetail, CinemaECard, CinemaLink, CinemaPremium,
    CinepassItem, CityLink, Price, PriceComplement, Pricing, Service, SessionsNearby, Statistics,
};
pub use city::{City, CityDetail, CityHighlight, Zone};
pub use client::{
    AccountCinema, AccountCinemasBody, AccountPayload, AccountSubscription, AuthEndpoints, Client,
    ClientSubscription, ClientSubscriptions, Downgrade, Emotion, EmotionRequest, Feelings,
    FeelingsRequest, IdentityProvider, IntentionRequest, TokenClient,
};
pub use commerce::{
    ECard, GiftCard, GiftCardResult, PartnerCinema, SelectedPlan, Subscription, SubscriptionOffer,
    SubscriptionOption, VoucherCard, VoucherResult,
};
pub use common::{
    ContentError, Cta, CtaType, DateCriteria, DateRange, Flag, GpsPosition, Guest, Image,
    ImageVariant, Promotion, Push, Release, Route, Seo, Tracking, Translations,
};
pub use experience::{Experience, ExperienceGroup, ExperienceService, Technology};
pub use faq::{FaqArticle, FaqCategory, FaqCategoryRef};
pub use footer::{Footer, FooterColumn, FooterFaqItem, FooterLink, SocialLink};
pub use locator::{LocalisationKind, LocatorCookie, LocatorType, LocatorValue};
pub use master_template::{MasterTemplate, MosaicTile, TemplateBlock, TemplateHeader};
pub use media::{Video, VideoProvider};
pub use offer::{Offer, OfferBlock, OffersPageHeader, TemporaryOffer};
pub use pages::{AlertsPage, EventsPage, FaqCategories, SiteSettings};
pub use schedule::{Schedule, ScheduleResume, ScheduleShow, UpsellPush};
pub use search::{
    CinemaPayload, HistoryItem, PayloadAddress, PayloadCinema, SearchResult, SearchResultType,
    ShowPayload,
};
pub use season::{Season, SeasonDetail};
pub use settings::{
    AgentChatConfig, CookieNames, FeatureFlags, FeatureOverrides, Injection, LocatorLimits,
    Settings,
};
pub use show::{Cinecheck, ContentRating, FeelingsCounts, Show, ShowOrders, ShowSummary, ShowVod};
pub use showtime::{
    Showtime, ShowtimeFlags, ShowtimeStatus, SpecialShowtimeDetails, SpecialShowtimeSource, Version,
};
pub use tag::{Tag, TagDisplay, TagIcon, TagIconKind, TagKind, TagOrders, TooltipBadge};
