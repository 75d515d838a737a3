//! The list of pages to build: every page kind of the route table, for every site and
//! language where it exists, times every item of its kind — plus the redirects the spec asks
//! for (a one-cinema city, moved seasons and articles, gone shows).

use crate::model::{LocaleData, SiteData};
use site::routes::{PageKind, Params, RouteTable, ShowsTab};
use site::{Lang, Site};
use std::collections::HashMap;

/// Which item of the locale's data a page shows (indexes into `LocaleData`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    None,
    Cinema(usize),
    City(usize),
    Show(usize),
    Season(usize),
    Experience(usize),
    ExperienceGroup(usize),
    /// Group index, article index in that group.
    ExperienceArticle(usize, usize),
    Offer(usize),
    News(usize),
    /// Category index, article index in that category.
    FaqArticle(usize, usize),
    FaqCategory(usize),
    MasterTemplate(usize),
    ShowsTab(ShowsTab),
    /// A page of the news list: type filter (none: every type) and page number from 1.
    NewsList(Option<site::content::ArticleType>, usize),
}

#[derive(Clone, Debug)]
pub struct Page {
    pub site: Site,
    pub lang: Lang,
    pub kind: PageKind,
    pub webview: bool,
    pub path: String,
    pub item: Item,
    /// Identity of the page across languages (a reference, a vista ref, an id…).
    pub key: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    pub from: String,
    pub to: String,
    /// 301 moved, or 410 gone (then `to` is the gone page, served without changing the address).
    pub status: u16,
}

pub struct SitePages {
    pub pages: Vec<Page>,
    pub redirects: Vec<Redirect>,
    /// (kind, key, webview) → path per language: the alternates of every page.
    pub alternates: HashMap<(PageKind, String, bool), Vec<(Lang, String)>>,
    /// What the site's pages may load (their security headers: `site::security`).
    pub policy: site::security::PagePolicy,
}

pub fn plan(table: &RouteTable, data: &SiteData) -> SitePages {
    let site = data.site;
    let mut pages = Vec::new();
    let mut redirects = Vec::new();
    for (&lang, locale) in &data.locales {
        plan_locale(table, data, site, lang, locale, &mut pages, &mut redirects);
    }
    let mut alternates: HashMap<(PageKind, String, bool), Vec<(Lang, String)>> = HashMap::new();
    for page in &pages {
        alternates
            .entry((page.kind, page.key.clone(), page.webview))
            .or_default()
            .push((page.lang, page.path.clone()));
    }
    for list in alternates.values_mut() {
        list.sort_by_key(|(lang, _)| site.languages().iter().position(|l| l == lang));
    }
    redirects.sort_by(|a, b| a.from.cmp(&b.from));
    redirects.dedup_by(|a, b| a.from == b.from);
    SitePages {
        pages,
        redirects,
        alternates,
        policy: Default::default(),
    }
}

fn plan_locale(
    table: &RouteTable,
    data: &SiteData,
    site: Site,
    lang: Lang,
    locale: &LocaleData,
    pages: &mut Vec<Page>,
    redirects: &mut Vec<Redirect>,
) {
    let features = &data.settings.site_features_resolved;
    let mut news_pages = Vec::new();
    let mut add = |kind: PageKind, params: Params, item: Item, key: String| {
        for webview in [false, true] {
            if let Some(path) = table.path(kind, site, lang, &params, webview) {
                pages.push(Page {
                    site,
                    lang,
                    kind,
                    webview,
                    path,
                    item,
                    key: key.clone(),
                });
            }
        }
    };
    let slug = |s: &str| Params::new().with("slug", s);
    for kind in PageKind::ALL {
        use PageKind::*;
        match kind {
            Home | Cinemas | Shows | Events | Experiences | Offers | Help | HelpSearch | App
            | Cvd | GeneralTerms | Sitemap | Callback | Evenings | NotFound | NotFoundAlias
            | Gone | Club | ExperienceLanding => {
                add(kind, Params::new(), Item::None, String::new())
            }
            // One page per type filter and page number (issue 13, `news_list.rs`).
            News => {
                use crate::news_list;
                let filters = std::iter::once(None)
                    .chain(news_list::types(&locale.news).into_iter().map(Some));
                for filter in filters {
                    let count = news_list::entries(&locale.news, filter).len();
                    for number in 1..=news_list::page_count(count) {
                        let suffix = news_list::suffix(filter, number);
                        for webview in [false, true] {
                            let Some(base) = table.path(kind, site, lang, &Params::new(), webview)
                            else {
                                continue;
                            };
                            let path = format!("{base}{suffix}");
                            // A news item whose slug looks like a list page keeps its address.
                            if !suffix.is_empty()
                                && locale.news.news.iter().any(|a| {
                                    table.path(NewsItem, site, lang, &slug(&a.slug), webview)
                                        == Some(path.clone())
                                })
                            {
                                continue;
                            }
                            news_pages.push(Page {
                                site,
                                lang,
                                kind,
                                webview,
                                path,
                                item: Item::NewsList(filter, number),
                                key: suffix.clone(),
                            });
                        }
                    }
                }
            }
            Ecards5 | Ecards3 if !locale.ecards.is_empty() => {
                add(kind, Params::new(), Item::None, String::new())
            }
            Voucher if features.voucher_checker_enabled => {
                add(kind, Params::new(), Item::None, String::new())
            }
            GiftCard | GiftCardBalance if features.gift_card_enabled => {
                add(kind, Params::new(), Item::None, String::new())
            }
            Subscription if locale.subscription.is_some() => {
                add(kind, Params::new(), Item::None, String::new())
            }
            ShowsTab => {
                for tab in site::routes::ShowsTab::ALL {
                    add(
                        kind,
                        Params::new().with("tab", tab.key()),
                        Item::ShowsTab(tab),
                        tab.key().to_string(),
                    );
                }
            }
            Cinema | CinemaLight => {
                let list = table.path(Cinemas, site, lang, &Params::new(), false);
                for (i, c) in locale.cinemas.iter().enumerate() {
                    match &c.redirect_slug {
                        // A cinema that moved to another slug.
                        Some(to) => {
                            if let (Some(from), Some(to)) = (
                                table.path(kind, site, lang, &slug(&c.cinema.slug), false),
                                table.path(kind, site, lang, &slug(to), false),
                            ) {
                                redirects.push(Redirect {
                                    from,
                                    to,
                                    status: 301,
                                });
                            }
                        }
                        None => add(
                            kind,
                            slug(&c.cinema.slug),
                            Item::Cinema(i),
                            c.cinema.vista_ref.clone(),
                        ),
                    }
                }
                // A cinema with no data goes to the cinemas list (spec §4).
                for missing in &locale.cinemas_without_data {
                    if let (Some(from), Some(to)) = (
                        table.path(kind, site, lang, &slug(missing), false),
                        list.clone(),
                    ) {
                        redirects.push(Redirect {
                            from,
                            to,
                            status: 301,
                        });
                    }
                }
            }
            City => {
                for (i, c) in locale.cities.iter().enumerate() {
                    // A city with one cinema is that cinema's page (spec §4).
                    if let [only] = c.cinemas.as_slice() {
                        if let (Some(from), Some(to)) = (
                            table.path(City, site, lang, &slug(&c.city.slug), false),
                            table.path(Cinema, site, lang, &slug(&only.slug), false),
                        ) {
                            redirects.push(Redirect {
                                from,
                                to,
                                status: 301,
                            });
                        }
                    } else {
                        add(kind, slug(&c.city.slug), Item::City(i), c.city.slug.clone());
                    }
                }
            }
            CityLight => {
                for (i, c) in locale.cities.iter().enumerate() {
                    add(kind, slug(&c.city.slug), Item::City(i), c.city.slug.clone());
                }
            }
            Show | Event => {
                for (i, s) in locale.shows.iter().enumerate() {
                    if s.is_movie == (kind == Show) {
                        add(kind, slug(&s.slug), Item::Show(i), s.reference.clone());
                    }
                }
                if kind == Show {
                    for gone in &data.gone_shows {
                        if let (Some(from), Some(to)) = (
                            table.path(Show, site, lang, &slug(gone), false),
                            table.path(Gone, site, lang, &Params::new(), false),
                        ) {
                            redirects.push(Redirect {
                                from,
                                to,
                                status: 410,
                            });
                        }
                    }
                }
            }
            Season | SpecialEvent => {
                for (i, s) in locale.seasons.iter().enumerate() {
                    if PageKind::of_season(&s.season) != kind {
                        continue;
                    }
                    match &s.season.redirect_slug {
                        // A moved season redirects to its new slug (spec §2 season guard).
                        Some(to) => {
                            if let (Some(from), Some(to)) = (
                                table.path(kind, site, lang, &slug(&s.season.slug), false),
                                table.path(kind, site, lang, &slug(to), false),
                            ) {
                                redirects.push(Redirect {
                                    from,
                                    to,
                                    status: 301,
                                });
                            }
                        }
                        None => add(
                            kind,
                            slug(&s.season.slug),
                            Item::Season(i),
                            s.season.reference.clone(),
                        ),
                    }
                }
            }
            Experience => {
                for (i, e) in locale.experiences.iter().enumerate() {
                    add(
                        kind,
                        slug(&e.slug),
                        Item::Experience(i),
                        e.reference.clone(),
                    );
                }
            }
            ExperienceGroup => {
                for (i, g) in locale.experience_groups.iter().enumerate() {
                    add(
                        kind,
                        slug(&g.experience.slug),
                        Item::ExperienceGroup(i),
                        g.experience.reference.clone(),
                    );
                }
            }
            ExperienceArticle => {
                for (g, group) in locale.experience_groups.iter().enumerate() {
                    for (a, article) in group.articles.iter().enumerate() {
                        add(
                            kind,
                            slug(&article.article.slug),
                            Item::ExperienceArticle(g, a),
                            article.article.reference.clone(),
                        );
                    }
                }
            }
            Offer => {
                for (i, o) in locale.news.offers.iter().enumerate() {
                    add(
                        kind,
                        slug(&o.article.slug),
                        Item::Offer(i),
                        o.article.reference.clone(),
                    );
                }
            }
            NewsItem => {
                for (i, a) in locale.news.news.iter().enumerate() {
                    add(kind, slug(&a.slug), Item::News(i), a.reference.clone());
                }
            }
            HelpArticleById | HelpArticleBySlug => {
                for (c, category) in locale.faq.iter().enumerate() {
                    for (a, article) in category.articles.iter().enumerate() {
                        let params = if kind == HelpArticleById {
                            Params::new().with("id", &article.id)
                        } else {
                            slug(&article.slug)
                        };
                        add(kind, params, Item::FaqArticle(c, a), article.id.clone());
                    }
                }
            }
            HelpCategory => {
                // Spec §2 FAQ category guard: a category without articles is not found.
                for (c, category) in locale.faq.iter().enumerate() {
                    if category.articles.is_empty() {
                        continue;
                    }
                    add(
                        kind,
                        Params::new().with("id", &category.id),
                        Item::FaqCategory(c),
                        category.id.clone(),
                    );
                }
            }
            MasterTemplate => {
                for (i, m) in locale.master_templates.iter().enumerate() {
                    add(
                        kind,
                        slug(&m.slug),
                        Item::MasterTemplate(i),
                        m.reference.clone(),
                    );
                }
            }
            Ecards5 | Ecards3 | Voucher | GiftCard | GiftCardBalance | Subscription => {}
        }
    }
    pages.extend(news_pages);
    // Articles that moved: the old slug redirects to the new one (spec §2 article redirect).
    for (old, new) in &locale.news.moved {
        if let (Some(from), Some(to)) = (
            table.path(PageKind::NewsItem, site, lang, &slug(old), false),
            table.path(PageKind::NewsItem, site, lang, &slug(new), false),
        ) {
            redirects.push(Redirect {
                from,
                to,
                status: 301,
            });
        }
    }
}

impl Redirect {
    /// Whether the rule can be written into `_redirects` (space-separated fields) and the
    /// nginx maps (quoted strings where `$` would read a variable and a leading `~` a regular
    /// expression): a path of the site from, a path of the site or an https:// URL to, no
    /// blank, control character or `$` in either. A rule built from hostile content is left
    /// out rather than written as another rule.
    pub fn is_writable(&self) -> bool {
        let plain = |s: &str| {
            !s.is_empty()
                && !s
                    .chars()
                    .any(|c| c.is_whitespace() || c.is_control() || c == '$')
        };
        let local = |s: &str| s.starts_with('/') && !s.starts_with("//") && !s.contains('\\');
        plain(&self.from)
            && plain(&self.to)
            && local(&self.from)
            && (local(&self.to) || self.to.starts_with("https://"))
    }
}

impl SitePages {
    /// The redirects alone, kept after a site's pages are written (for the server config).
    pub fn redirects_only(&self) -> SitePages {
        SitePages {
            pages: Vec::new(),
            redirects: self.redirects.clone(),
            alternates: HashMap::new(),
            policy: self.policy.clone(),
        }
    }
}
