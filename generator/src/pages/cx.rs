//! What the page families share: the page's context (`PageCx`), what a family builds for a
//! page (`Built`, with what its islands need), and what the base template reads as `page`.

use super::chrome::LocaleChrome;
use crate::fragments::Labels;
use crate::model::{LocaleData, SiteData};
use crate::plan::Page;
use crate::seo::{self, JsonLd, SeoArgs};
use serde::Serialize;
use serde_json::Value;
use site::content::{Show, Video};
use site::islands::{CinemaChoice, ScheduleDay, ScheduleFilters, SeasonProps};
use site::routes::{PageKind, Params, RouteTable};

/// What every page family reads: the site's routes and data, the locale's chrome, the page.
pub struct PageCx<'a> {
    pub table: &'a RouteTable,
    pub data: &'a SiteData,
    pub chrome: &'a LocaleChrome,
    pub locale: &'a LocaleData,
    pub labels: &'a Labels,
    pub page: &'a Page,
    /// The page's canonical address.
    pub url: String,
    /// The instant the build is made as of: which showtimes have started.
    pub now: chrono::DateTime<chrono::Utc>,
}

impl PageCx<'_> {
    /// The site's address, without a trailing slash.
    pub fn base(&self) -> &str {
        &self.chrome.base_url
    }

    /// The path of a page of `kind` with one `slug` parameter, in the page's language.
    pub fn href(&self, kind: PageKind, slug: &str) -> Option<String> {
        self.table.path(
            kind,
            self.page.site,
            self.page.lang,
            &Params::new().with("slug", slug),
            false,
        )
    }

    /// The path of a page of `kind` without parameters, in the page's language.
    pub fn path(&self, kind: PageKind) -> Option<String> {
        self.table
            .path(kind, self.page.site, self.page.lang, &Params::new(), false)
    }

    /// A show's page: an event's when the show is no film.
    pub fn show_href(&self, show: &Show) -> Option<String> {
        match self.locale.show_by_slug.get(&show.slug) {
            Some(&i) if std::ptr::eq(&self.locale.shows[i], show) => {
                self.show_path_at(i).map(str::to_string)
            }
            _ => self.href(show_kind(show), &show.slug),
        }
    }

    /// The first link of every breadcrumb trail: the home page, named in the page's language.
    pub fn home_crumb(&self) -> (String, String) {
        let home = self.path(PageKind::Home).unwrap_or_default();
        (
            self.labels.breadcrumb_home.clone(),
            format!("{}{home}", self.base()),
        )
    }

    /// A two-step breadcrumb trail: home, then this page under `name`.
    pub fn breadcrumbs(&self, name: &str) -> JsonLd {
        seo::breadcrumbs(&[self.home_crumb(), (name.to_string(), self.url.clone())]).into()
    }
}

impl<'a> PageCx<'a> {
    /// The page of the locale's show at `index` in `shows` (`show_href`), made once per
    /// locale: every page of the locale links with the same paths.
    pub fn show_path_at(&self, index: usize) -> Option<&'a str> {
        let locale: &'a LocaleData = self.locale;
        locale
            .links
            .show_paths
            .get_or_init(|| {
                locale
                    .shows
                    .iter()
                    .map(|s| self.href(show_kind(s), &s.slug))
                    .collect()
            })
            .get(index)?
            .as_deref()
    }

    /// The page of the locale's cinema at `index` in `cinemas`, made once per locale.
    pub fn cinema_path_at(&self, index: usize) -> Option<&'a str> {
        let locale: &'a LocaleData = self.locale;
        locale
            .links
            .cinema_paths
            .get_or_init(|| {
                locale
                    .cinemas
                    .iter()
                    .map(|c| self.href(PageKind::Cinema, &c.cinema.slug))
                    .collect()
            })
            .get(index)?
            .as_deref()
    }

    /// The city's and the name of the locale's cinema at `index`, folded: the order in which
    /// a show page lists cinemas.
    pub fn cinema_order_at(&self, index: usize) -> &'a (String, String) {
        let locale: &'a LocaleData = self.locale;
        &locale.links.cinema_order.get_or_init(|| {
            locale
                .cinemas
                .iter()
                .map(|c| {
                    (
                        site::text::fold(&c.cinema.city),
                        site::text::fold(&c.cinema.name),
                    )
                })
                .collect()
        })[index]
    }
}

/// An item of a list with the address of its page, as templates read it: the item under
/// `key` (`{"cinema": …, "href": …}`), so each list keeps the name its template uses.
pub struct Linked<'a, T> {
    key: &'static str,
    item: &'a T,
    href: Option<String>,
}

impl<T: Serialize> Serialize for Linked<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(self.key, self.item)?;
        map.serialize_entry("href", &self.href)?;
        map.end()
    }
}

impl PageCx<'_> {
    /// `items`, each under `key` with the address of its page of `kind` (`slug` gives its
    /// parameter).
    pub fn linked<'a, T>(
        &self,
        key: &'static str,
        kind: PageKind,
        items: impl IntoIterator<Item = &'a T>,
        slug: impl Fn(&T) -> &str,
    ) -> Vec<Linked<'a, T>>
    where
        T: 'a,
    {
        items
            .into_iter()
            .map(|item| Linked {
                key,
                href: self.href(kind, slug(item)),
                item,
            })
            .collect()
    }
}

/// The page kind of a show's page.
pub fn show_kind(show: &Show) -> PageKind {
    if show.is_movie {
        PageKind::Show
    } else {
        PageKind::Event
    }
}

/// What a page family builds for one page.
#[derive(Default)]
pub struct Built {
    /// The page's typed view, serialised: what its template reads as `data`.
    pub data: Value,
    /// Values for the placeholders of the page's title and description.
    pub seo: SeoArgs,
    pub json_ld: Vec<JsonLd>,
    /// HTML written in Rust, spliced at the template's `slot(n=…)` markers after minifying.
    pub fragments: Vec<String>,
    /// What the page's islands need from its item.
    pub islands: PageIslands,
}

impl Built {
    /// A page whose template reads `view` as `data`.
    pub fn new(view: &impl Serialize) -> Built {
        Built {
            data: serde_json::to_value(view).expect("a page view serialises to JSON"),
            ..Built::default()
        }
    }

    pub fn seo(mut self, seo: SeoArgs) -> Built {
        self.seo = seo;
        self
    }

    pub fn json_ld(mut self, json_ld: Vec<JsonLd>) -> Built {
        self.json_ld = json_ld;
        self
    }

    pub fn fragment(mut self, html: String) -> Built {
        self.fragments.push(html);
        self
    }

    /// A fragment that may be empty (a schedule without showtimes): no fragment then.
    pub fn fragment_if_any(self, html: String) -> Built {
        if html.is_empty() {
            self
        } else {
            self.fragment(html)
        }
    }

    pub fn islands(mut self, islands: PageIslands) -> Built {
        self.islands = islands;
        self
    }
}

/// A page without data of its own (static pages, the app page, error pages' base).
#[derive(Serialize)]
pub struct NoData {}

/// What a page family tells its islands about its item.
#[derive(Default)]
pub struct PageIslands {
    /// The cinema of a cinema page (favourite, schedule, locator).
    pub cinema: Option<CinemaChoice>,
    /// The cinema has practical information or prices to open in a dialog.
    pub cinema_info: bool,
    /// The schedule's days written in the page; the schedule island needs at least one.
    pub schedule_days: Vec<ScheduleDay>,
    pub schedule_filters: Option<ScheduleFilters>,
    /// The show of a show page (feelings, trailer).
    pub show: Option<ShowIslands>,
    /// The season island's props, on a season page with cinemas.
    pub season: Option<SeasonProps>,
    /// The schedule's API path when it is not the page's cinema's (city, experience, show).
    pub schedule_api: Option<String>,
    /// A show page's cinemas, for the schedule to follow the locator.
    pub schedule_places: Option<Vec<site::islands::SchedulePlace>>,
}

/// What a show page's islands read of the show.
pub struct ShowIslands {
    pub slug: String,
    pub title: String,
    pub trailer: Option<Video>,
    /// The show as the data layer describes it (the tracking island's props).
    pub tracked: Option<site::islands::TrackedShow>,
}

impl ShowIslands {
    pub fn of(show: &Show) -> ShowIslands {
        // The main trailer, else the first.
        let trailer = show
            .trailers
            .iter()
            .find(|t| t.main)
            .or(show.trailers.first())
            .cloned();
        ShowIslands {
            slug: show.slug.clone(),
            title: show.title.clone(),
            trailer,
            tracked: None,
        }
    }

    pub fn tracked(mut self, tracked: site::islands::TrackedShow) -> ShowIslands {
        self.tracked = Some(tracked);
        self
    }
}

/// The language versions of the page, for `<link rel="alternate">` and the language menu.
#[derive(Serialize)]
pub struct Alternate<'a> {
    pub lang: &'static str,
    pub hreflang: String,
    pub href: String,
    pub path: &'a str,
}

/// What the base template reads as `page`.
#[derive(Serialize)]
pub struct PageView<'a> {
    pub kind: &'static str,
    pub key: &'static str,
    pub path: &'a str,
    pub url: &'a str,
    pub lang: &'static str,
    pub html_lang: String,
    pub og_locale: String,
    pub og_alternates: Vec<String>,
    pub alternates: Vec<Alternate<'a>>,
    pub x_default: Option<String>,
    pub webview: bool,
    pub layout: String,
    /// The site's header and footer surround the page (its layout says so).
    pub with_chrome: bool,
    pub menu: &'static str,
    pub tracking_type: &'static str,
    pub noindex: bool,
}

/// Allow-list sanitising of HTML from the content API (FAQ answers, article bodies).
pub fn sanitize(html: Option<&str>) -> String {
    html.map(ammonia::clean).unwrap_or_default()
}
