//! What a page is, independent of where it lives: the page kinds of spec §2 and, per kind, the
//! properties every site and language share (layout, SEO key, tracking page type, active
//! menu, parameters, whether URL filters apply, whether a webview variant exists).
//!
//! Where the spec names a value (tracking types, `Seo.Default`, the active menus) it is used
//! as written; the other values are ours and listed in `docs/decisions.md`.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::sites::Lang;

/// Every page of the site. The doc comment of each variant says which spec line it comes from
/// when the spec names it; the others are detail pages the spec implies but does not name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PageKind {
    /// Home: the empty path under the language prefix.
    Home,
    /// Cinemas list.
    Cinemas,
    /// Cinema light view `{cinemas}/l/{slug}`.
    CinemaLight,
    /// One cinema (pattern ours: `{cinemas}/{slug}`).
    Cinema,
    /// City `{cinemas}/{city}/{slug}`.
    City,
    /// City light list `{cinemas}/{city}-list/{slug}`.
    CityLight,
    /// Shows (films and events) list.
    Shows,
    /// A fragment tab of the shows list (param `tab`, see [`ShowsTab`]).
    ShowsTab,
    /// One show (pattern ours: `film/{slug}`, `movie/{slug}`).
    Show,
    /// Entertainment / events list.
    Events,
    /// One show that is an event (pattern ours: `evenement/{slug}`, `event/{slug}`).
    Event,
    /// Season `{season}/{slug}`.
    Season,
    /// Special event `event-special/{slug}` or `evenementen-{brand}/{slug}`.
    SpecialEvent,
    /// Subscription offers (FR, NL, CH only).
    Subscription,
    /// Club page (NL only, from the header links).
    Club,
    /// "More from the brand" experience landing (NL only, from the header links).
    ExperienceLanding,
    /// Experiences list.
    Experiences,
    /// One experience / technology (pattern ours: `{experiences}/{slug}`).
    Experience,
    /// Experience article `specials/{slug}`.
    ExperienceArticle,
    /// Experience group `{experiences}/rubrique|category/{slug}`.
    ExperienceGroup,
    /// Offers list.
    Offers,
    /// One offer (pattern ours: `{offers}/{slug}`).
    Offer,
    /// News list.
    News,
    /// One news item (pattern ours: `{news}/{slug}`).
    NewsItem,
    /// Help centre home (FR and NL sites only).
    Help,
    /// Help article by id `{help}/article/id/{id}`.
    HelpArticleById,
    /// Help article by slug `{help}/article/slug/{slug}`.
    HelpArticleBySlug,
    /// Help search results.
    HelpSearch,
    /// Help category (topic) `{id}`.
    HelpCategory,
    /// E-cards, 5 seats (FR, NL, BE).
    Ecards5,
    /// E-cards, 3 seats (FR only).
    Ecards3,
    /// Mobile app page.
    App,
    /// Compliance page `cvd`.
    Cvd,
    /// General terms (FR only).
    GeneralTerms,
    /// Sitemap.
    Sitemap,
    /// Voucher checker (shown only when `voucherCheckerEnabled` is on: the caller checks the flag).
    Voucher,
    /// Gift card.
    GiftCard,
    /// Gift card child route: the balance check, open in the page (issue 13).
    GiftCardBalance,
    /// Master template (generic info page) `info/{slug}`.
    MasterTemplate,
    /// Sign-in return page.
    Callback,
    /// The visitor's kept evening cards, from this browser's storage (issue 17): not indexed.
    Evenings,
    /// Error page `/404`.
    NotFound,
    /// Error page `/404_NOT_FOUND`.
    NotFoundAlias,
    /// Error page `/410_GONE`.
    Gone,
}

/// The page chrome a page is rendered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Layout {
    /// Header, footer and page body.
    Default,
    /// Light views (cinema light view, city light list): header and footer around a page
    /// for slow connections (today only, no posters); copies of the full pages, not indexed.
    Light,
    /// Webview variants under `m/`: no header, no footer (spec §2).
    Webview,
    /// Error pages: header and footer, not indexed.
    Error,
    /// Technical pages with nothing of their own to show (the sign-in return page): header and
    /// footer around a short message, not indexed.
    Bare,
}

/// The header menu entry shown active on a page (spec §2, "Page chrome").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Menu {
    Movies,
    Cinemas,
    None,
}

/// The fragment tabs of the shows list. Paths carry the localized name; [`crate::routes::Params`]
/// carry [`ShowsTab::key`] so callers never deal with the translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShowsTab {
    Book,
    Presales,
    Kids,
    Special,
    Upcoming,
}

impl ShowsTab {
    pub const ALL: [ShowsTab; 5] = [
        ShowsTab::Book,
        ShowsTab::Presales,
        ShowsTab::Kids,
        ShowsTab::Special,
        ShowsTab::Upcoming,
    ];

    /// The language-neutral value of the `tab` parameter.
    pub fn key(self) -> &'static str {
        match self {
            ShowsTab::Book => "book",
            ShowsTab::Presales => "presales",
            ShowsTab::Kids => "kids",
            ShowsTab::Special => "special",
            ShowsTab::Upcoming => "upcoming",
        }
    }

    /// Key of the tab page's title and description in the locales (see [`PageKind::seo_key`]).
    pub fn seo_key(self) -> &'static str {
        match self {
            ShowsTab::Book => "showsBook",
            ShowsTab::Presales => "showsPresales",
            ShowsTab::Kids => "showsKids",
            ShowsTab::Special => "showsSpecial",
            ShowsTab::Upcoming => "showsUpcoming",
        }
    }

    pub fn from_key(key: &str) -> Option<ShowsTab> {
        ShowsTab::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The path segment in a language (spec §2 names).
    pub fn localized(self, lang: Lang) -> &'static str {
        use ShowsTab::*;
        match (lang, self) {
            (_, Kids) => "kids",
            (_, Special) => "special",
            (Lang::En, Book) => "book",
            (Lang::En, Presales) => "presales",
            (Lang::En, Upcoming) => "upcoming",
            (Lang::Fr, Book) => "reserver",
            (Lang::Fr, Presales) => "preventes",
            (Lang::Fr, Upcoming) => "prochainement",
            (Lang::De, Book) => "buchen",
            (Lang::De, Presales) => "vorverkauf",
            (Lang::De, Upcoming) => "kommenden",
            (Lang::Nl, Book) => "boek",
            (Lang::Nl, Presales) => "presales",
            (Lang::Nl, Upcoming) => "aankomende",
        }
    }
}

impl PageKind {
    /// The page of a season: a special event's or a season's.
    pub fn of_season(season: &crate::content::Season) -> PageKind {
        if season.is_special_event() {
            PageKind::SpecialEvent
        } else {
            PageKind::Season
        }
    }

    pub const ALL: [PageKind; 44] = [
        PageKind::Home,
        PageKind::Cinemas,
        PageKind::CinemaLight,
        PageKind::Cinema,
        PageKind::City,
        PageKind::CityLight,
        PageKind::Shows,
        PageKind::ShowsTab,
        PageKind::Show,
        PageKind::Events,
        PageKind::Event,
        PageKind::Season,
        PageKind::SpecialEvent,
        PageKind::Subscription,
        PageKind::Club,
        PageKind::ExperienceLanding,
        PageKind::Experiences,
        PageKind::Experience,
        PageKind::ExperienceArticle,
        PageKind::ExperienceGroup,
        PageKind::Offers,
        PageKind::Offer,
        PageKind::News,
        PageKind::NewsItem,
        PageKind::Help,
        PageKind::HelpArticleById,
        PageKind::HelpArticleBySlug,
        PageKind::HelpSearch,
        PageKind::HelpCategory,
        PageKind::Ecards5,
        PageKind::Ecards3,
        PageKind::App,
        PageKind::Cvd,
        PageKind::GeneralTerms,
        PageKind::Sitemap,
        PageKind::Voucher,
        PageKind::GiftCard,
        PageKind::GiftCardBalance,
        PageKind::MasterTemplate,
        PageKind::Callback,
        PageKind::Evenings,
        PageKind::NotFound,
        PageKind::NotFoundAlias,
        PageKind::Gone,
    ];

    /// The variant name, as used in templates (`page_kind`) and in `docs/routes.md`.
    pub fn name(self) -> &'static str {
        use PageKind::*;
        match self {
            Home => "Home",
            Cinemas => "Cinemas",
            CinemaLight => "CinemaLight",
            Cinema => "Cinema",
            City => "City",
            CityLight => "CityLight",
            Shows => "Shows",
            ShowsTab => "ShowsTab",
            Show => "Show",
            Events => "Events",
            Event => "Event",
            Season => "Season",
            SpecialEvent => "SpecialEvent",
            Subscription => "Subscription",
            Club => "Club",
            ExperienceLanding => "ExperienceLanding",
            Experiences => "Experiences",
            Experience => "Experience",
            ExperienceArticle => "ExperienceArticle",
            ExperienceGroup => "ExperienceGroup",
            Offers => "Offers",
            Offer => "Offer",
            News => "News",
            NewsItem => "NewsItem",
            Help => "Help",
            HelpArticleById => "HelpArticleById",
            HelpArticleBySlug => "HelpArticleBySlug",
            HelpSearch => "HelpSearch",
            HelpCategory => "HelpCategory",
            Ecards5 => "Ecards5",
            Ecards3 => "Ecards3",
            App => "App",
            Cvd => "Cvd",
            GeneralTerms => "GeneralTerms",
            Sitemap => "Sitemap",
            Voucher => "Voucher",
            GiftCard => "GiftCard",
            GiftCardBalance => "GiftCardBalance",
            MasterTemplate => "MasterTemplate",
            Callback => "Callback",
            Evenings => "Evenings",
            NotFound => "NotFound",
            NotFoundAlias => "NotFoundAlias",
            Gone => "Gone",
        }
    }

    pub fn from_name(name: &str) -> Option<PageKind> {
        PageKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Layout of the regular (non-webview) page. Webview variants always use
    /// [`Layout::Webview`]; ask [`crate::routes::Route::layout`] for the layout of a route.
    pub fn layout(self) -> Layout {
        use PageKind::*;
        match self {
            CinemaLight | CityLight => Layout::Light,
            NotFound | NotFoundAlias | Gone => Layout::Error,
            Callback | Evenings => Layout::Bare,
            _ => Layout::Default,
        }
    }

    /// Key of the page's title and description under `seo.` (and its heading under `pages.`)
    /// in `locales/*.json`; `seo.default` (spec §2 `Seo.Default`) fills what a key lacks. The
    /// shows list's tabs each have their own: ask [`ShowsTab::seo_key`] for a tab's page.
    pub fn seo_key(self) -> &'static str {
        use PageKind::*;
        match self {
            Home => "home",
            Cinemas => "cinemas",
            CinemaLight => "cinemaLight",
            Cinema => "cinema",
            City => "city",
            CityLight => "cityLightList",
            Shows => "shows",
            ShowsTab => self::ShowsTab::Book.seo_key(),
            Show => "show",
            Events => "events",
            Event => "event",
            Season => "season",
            SpecialEvent => "specialEvent",
            Subscription => "subscription",
            Club => "club",
            ExperienceLanding | Experiences => "experiences",
            Experience => "experience",
            ExperienceArticle => "experienceArticle",
            ExperienceGroup => "experienceGroup",
            Offers => "offers",
            Offer => "offer",
            News => "news",
            NewsItem => "newsItem",
            Help => "help",
            HelpArticleById | HelpArticleBySlug => "helpArticle",
            // The static search page has no query yet (the search island fills it in), so it
            // is titled as the help centre.
            HelpSearch => "help",
            HelpCategory => "helpCategory",
            Ecards5 => "ecards5",
            Ecards3 => "ecards3",
            App => "app",
            Cvd => "cvd",
            GeneralTerms => "generalTerms",
            Sitemap => "sitemap",
            Voucher => "voucher",
            GiftCard => "giftCard",
            GiftCardBalance => "giftCardBalance",
            MasterTemplate => "masterTemplate",
            Callback => "callback",
            Evenings => "evenings",
            NotFound | NotFoundAlias => "notFound",
            Gone => "gone",
        }
    }

    /// The Tera template of the page, under `templates/`.
    pub fn template(self) -> &'static str {
        use PageKind::*;
        match self {
            Home => "pages/home.html",
            Cinemas => "pages/cinemas.html",
            CinemaLight => "pages/cinema_light.html",
            Cinema => "pages/cinema.html",
            City | CityLight => "pages/city.html",
            Shows | ShowsTab => "pages/shows.html",
            Show | Event => "pages/show.html",
            Events => "pages/events.html",
            Season | SpecialEvent => "pages/season.html",
            Subscription => "pages/subscription.html",
            ExperienceLanding | Experiences => "pages/experiences.html",
            Experience => "pages/experience.html",
            ExperienceGroup => "pages/experience_group.html",
            ExperienceArticle | Offer | NewsItem => "pages/article.html",
            Offers => "pages/offers.html",
            News => "pages/news.html",
            Help => "pages/help.html",
            HelpArticleById | HelpArticleBySlug => "pages/help_article.html",
            HelpSearch => "pages/help_search.html",
            HelpCategory => "pages/help_category.html",
            Ecards5 | Ecards3 => "pages/ecards.html",
            App => "pages/app.html",
            Sitemap => "pages/sitemap.html",
            MasterTemplate => "pages/master.html",
            NotFound | NotFoundAlias | Gone => "pages/error.html",
            Club | Cvd | GeneralTerms | Voucher | Callback | Evenings => "pages/static.html",
            GiftCard | GiftCardBalance => "pages/gift_card.html",
        }
    }

    /// Whether search engines may index the page and the sitemaps list it: not the error
    /// pages, the sign-in return page, nor the light views (copies of the cinema and city
    /// pages). Webview variants never are either (see [`crate::routes::Route::indexed`]).
    pub fn indexed(self) -> bool {
        !matches!(self.layout(), Layout::Light | Layout::Error | Layout::Bare)
    }

    /// Page type pushed to the tracking data layer. The spec §2 list is used as written; kinds
    /// it does not list (club, landing, app, voucher, gift card, master template, callback)
    /// get a name in the same style.
    pub fn tracking_type(self) -> &'static str {
        use PageKind::*;
        match self {
            Home => "home",
            Cinemas => "cinemas",
            Cinema | CinemaLight => "cinema",
            City => "city",
            CityLight => "light city",
            Shows | ShowsTab => "shows",
            // An event detail is a show detail: the spec has no separate type for it.
            Show | Event => "movie",
            Events | SpecialEvent => "entertainment",
            Season => "season",
            Subscription => "subscription offers",
            Club => "club",
            ExperienceLanding | Experiences => "experiences",
            Experience | ExperienceArticle => "experience",
            ExperienceGroup => "experience group",
            Offers => "offers",
            Offer => "offer",
            News => "news",
            NewsItem => "news item",
            Help => "FAQ",
            HelpArticleById => "FAQ article by id",
            HelpArticleBySlug => "FAQ article by slug",
            HelpSearch => "FAQ results",
            HelpCategory => "FAQ category",
            Ecards5 => "e-cards",
            Ecards3 => "e-cards 3 seats",
            App => "app",
            Cvd => "cvd",
            GeneralTerms => "general conditions",
            Sitemap => "sitemap",
            Voucher => "voucher",
            GiftCard => "gift card",
            GiftCardBalance => "gift card balance",
            MasterTemplate => "master template",
            Callback => "callback",
            Evenings => "evenings",
            NotFound | NotFoundAlias | Gone => "not found",
        }
    }

    /// Header entry shown active: movies on home, show and entertainment pages, cinemas on
    /// cinema and city pages (spec §2; cities count as cinema pages since they list cinemas).
    pub fn menu(self) -> Menu {
        use PageKind::*;
        match self {
            Home | Shows | ShowsTab | Show | Events | Event | Season | SpecialEvent => Menu::Movies,
            Cinemas | Cinema | CinemaLight | City | CityLight => Menu::Cinemas,
            _ => Menu::None,
        }
    }

    /// Names of the path parameters, in path order.
    pub fn params(self) -> &'static [&'static str] {
        use PageKind::*;
        match self {
            ShowsTab => &["tab"],
            HelpArticleById | HelpCategory => &["id"],
            CinemaLight | Cinema | City | CityLight | Show | Event | Season | SpecialEvent
            | Experience | ExperienceArticle | ExperienceGroup | Offer | NewsItem
            | HelpArticleBySlug | MasterTemplate => &["slug"],
            _ => &[],
        }
    }

    /// Whether a `/filters/...` part may follow the path: the pages that show a schedule or a
    /// list of shows, whose filter selection is written to the URL (spec §2, §4 "Schedule").
    pub fn accepts_filters(self) -> bool {
        use PageKind::*;
        matches!(
            self,
            Home | Shows
                | ShowsTab
                | Show
                | Cinema
                | City
                | Events
                | Event
                | Season
                | SpecialEvent
                | Experience
        )
    }

    /// Whether the page also exists as a webview variant under `m/` (spec §2: every help
    /// centre page, and the news list).
    pub fn has_webview(self) -> bool {
        use PageKind::*;
        matches!(
            self,
            Help | HelpArticleById | HelpArticleBySlug | HelpSearch | HelpCategory | News
        )
    }
}

impl fmt::Display for PageKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Layout {
    /// Whether the page has the site's header and footer: every layout but the webview's.
    pub fn has_chrome(self) -> bool {
        self != Layout::Webview
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl fmt::Display for Menu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
