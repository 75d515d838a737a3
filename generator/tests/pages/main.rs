//! What the pages say, checked against the real content API (one test binary, one module per
//! page family). A small build (FR, NL and CH in every language: every page kind, both help
//! centres, a site with and one without a prefix at its root) is written into the folder the
//! test API's preview serves ([`support::SMALL`]); each page kind is compared with the API's
//! JSON fetched over HTTP (no expected value is written here); the chrome of every page is
//! checked (header, active menu, footer, language switch, images, islands); builds of a
//! modified snapshot prove hostile strings give safe pages, images with variants get
//! `srcset` and `<picture>`, and the settings-driven extras appear as configured; the
//! generated nginx configuration must pass `nginx -t` and serve the build the way the
//! preview does. Pages are read with an HTML5 parser (`common::html`).

#[path = "../common/mod.rs"]
mod common;
mod support;

/// Issue 13, articles: author, news tag, date, sharing, way back and featured show by flag.
mod articles;
/// The chrome of every page: header, active menu, footer, language switch, UI strings.
mod chrome;
/// Cinema pages and their light view.
mod cinema;
/// Issue 13, the cinema page's surfaces: alerts, e-cards, cinepass items, itinerary and
/// service accordions, nearby cities, sharing pictures of cinema and news pages.
mod cinema_surfaces;
/// City pages.
mod city;
/// E-cards, subscription, app, voucher, gift card, and the remaining single pages (colour
/// vision, sitemap page, error pages).
mod commerce;
/// Articles: news, offers, experiences and their groups.
mod editorial;
/// Settings-driven extras: page injections, the help centre's chat, the feedback widget.
mod extras;
/// The help centre, with its webview variants.
mod help;
/// Hostile content: a snapshot with hostile strings gives safe, valid pages.
mod hostile;
/// Images: sizes and priority on every page, variants as `srcset` and `<picture>`.
mod images;
/// Islands in pages (islands/README.md, "The page contract").
mod islands;
/// Lists of shows: the home rail, the shows page and its tabs, events and seasons.
mod listings;
/// Issue 13: the modals island's triggers and sections, the header push and pass link.
mod modals;
/// Issue 13: the offers page's blocks, e-card order forms, the subscription page (partners,
/// current shows, promotions) and every block of the master templates.
mod offers_surfaces;
/// Issue 13, registration and email pages only on FR and NL: their strings only there.
mod registration;
/// The generated nginx configuration: `nginx -t`, and serving as the preview does.
mod serving;
/// Show (film and event) pages, their rating and release-date rules.
mod show;
/// Issue 13: news list (type filter, paging, highlighted, pushed offers), help accordions and
/// the FAQ category guard, the gift-card page and its balance page.
mod surfaces;
/// Issue 13, language and sharing: plurals, prices, sharing tags, icons, the error code.
mod text;
/// Issue 13, tracking: the show's rating (default 'tout public'), scheme and flagged dimensions.
mod tracking;
/// Issue 13, films at home: the VOD offer on show pages and the list on the shows page.
mod vod;
