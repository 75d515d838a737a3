//! The context of each page: the chrome shared by every page of a locale (built once per
//! locale, spec §2 page chrome) and the page's own data, SEO and JSON-LD.

use crate::fragments::{self, Labels, ScheduleShow, ShowRef};
use crate::injections::PageInjections;
use crate::model::{LocaleData, SiteData};
use crate::pages::{Item, Page, SitePages};
use crate::schedule::{DayShow, Place, Screening};
use crate::seo::{self, JsonLd, SeoArgs};
use serde::Serialize;
use serde_json::{json, Value};
use site::brand::Brand;
use site::content::*;
use site::routes::{Menu, PageKind, Params, RouteTable, ShowsTab};
use site::{Lang, Site};

/// Days of showtimes described as ScreeningEvent JSON-LD on a cinema page.
const JSON_LD_DAYS: usize = 2;

/// Days of showtimes per cinema on a show page; the cinema page has them all.
const SHOW_PAGE_DAYS: usize = 3;

/// Next showtimes per show and cinema on a season page; the cinema page has the others (only
/// these are kept when a season is fetched).
pub const SEASON_SHOWTIMES_PER_SHOW: usize = 3;

/// Everything a page of one site and language shares.
pub struct LocaleChrome {
    pub value: Value,
    pub base_url: String,
    /// Paths of the site's hashed assets.
    pub assets: Value,
    /// Hash of `value` and `assets`, for the inputs of each page.
    pub hash: u64,
    /// The shows of each list page, sorted once rather than for each page.
    pub lists: ShowLists,
}

#[derive(Serialize)]
struct Link {
    key: &'static str,
    href: String,
    menu: Option<&'static str>,
    external: bool,
    mobile_only: bool,
}

/// `injections`: the site's page injections, checked once per site (`crate::injections`).
pub fn chrome(
    table: &RouteTable,
    brand: &Brand,
    data: &SiteData,
    locale: &LocaleData,
    year: i32,
    assets: Value,
    injections: &PageInjections,
) -> LocaleChrome {
    let site = data.site;
    let lang = locale.lang;
    let features = &data.settings.site_features_resolved;
    let path = |kind: PageKind| table.path(kind, site, lang, &Params::new(), false);
    let mut header = Vec::new();
    let mut link = |key, href: Option<String>, menu, external, mobile_only| {
        if let Some(href) = href {
            header.push(Link {
                key,
                href,
                menu,
                external,
                mobile_only,
            });
        }
    };
    // Spec §2 header links and their rules.
    link(
        "movies",
        path(PageKind::Shows),
        Some("movies"),
        false,
        false,
    );
    link(
        "cinemas",
        path(PageKind::Cinemas),
        Some("cinemas"),
        false,
        false,
    );
    if features.offers_menu_displayed {
        link("offers", path(PageKind::Offers), None, false, false);
    }
    link("club", path(PageKind::Club), None, false, false);
    link(
        "moreFromBrand",
        path(PageKind::ExperienceLanding),
        None,
        false,
        false,
    );
    if features.business_site_enabled {
        link(
            "businessSite",
            Some(format!("https://business.{}", bare_domain(brand, site))),
            None,
            true,
            false,
        );
    }
    if features.home_video_enabled {
        link(
            "homeVideo",
            Some(format!("https://vod.{}", bare_domain(brand, site))),
            None,
            true,
            false,
        );
    }
    if features.wallet_enabled {
        let client = data
            .settings
            .settings
            .client_url
            .clone()
            .unwrap_or_default();
        link(
            "wallet",
            Some(format!("{client}/bookings?redirect=wallet")),
            None,
            true,
            true,
        );
    }
    let client_url = data
        .settings
        .settings
        .client_url
        .clone()
        .unwrap_or_default();
    // Account links point to the client area: benefits on FR, favourite cinemas elsewhere.
    let mut account = vec![json!({"key": "account", "href": format!("{client_url}/account")})];
    if site == Site::Fr {
        account.push(json!({"key": "benefits", "href": format!("{client_url}/benefits")}));
    } else {
        account.push(
            json!({"key": "favouriteCinemas", "href": format!("{client_url}/favourite-cinemas")}),
        );
    }
    account.push(json!({"key": "bookings", "href": format!("{client_url}/bookings")}));

    let show_links: Vec<Value> = ShowsTab::ALL
        .iter()
        .filter_map(|tab| {
            table
                .path(
                    PageKind::ShowsTab,
                    site,
                    lang,
                    &Params::new().with("tab", tab.key()),
                    false,
                )
                .map(|href| json!({"key": tab.key(), "href": href}))
        })
        .collect();
    // Cinema links: the spec's cities on FR and NL, the cinemas list elsewhere.
    let featured_cities: &[&str] = match site {
        Site::Fr => &["paris", "lyon", "marseille", "toulouse", "nice"],
        Site::Nl => &["amsterdam", "rotterdam", "den-haag", "utrecht", "tilburg"],
        _ => &[],
    };
    let city_links: Vec<Value> = featured_cities
        .iter()
        .filter_map(|slug| locale.cities.iter().find(|c| c.city.slug == *slug))
        .filter_map(|c| {
            city_href(table, site, lang, c).map(|href| json!({"title": c.city.name, "href": href}))
        })
        .collect();
    let footer_links: Vec<Value> = [
        (PageKind::Help, "help"),
        (PageKind::App, "app"),
        (PageKind::GeneralTerms, "generalTerms"),
        (PageKind::Cvd, "cvd"),
        (PageKind::Sitemap, "sitemap"),
    ]
    .iter()
    .filter_map(|(kind, key)| path(*kind).map(|href| json!({"key": key, "href": href})))
    .collect();
    let value = json!({
        "site": site.code(),
        "lang": lang.code(),
        "brand": brand.name,
        "home": path(PageKind::Home),
        "search_href": path(PageKind::Shows),
        "header": header,
        "account": account,
        "auth_enabled": features.authentication_enabled,
        "show_links": show_links,
        "city_links": city_links,
        "cinemas_href": path(PageKind::Cinemas),
        "footer": locale.footer,
        "footer_faq": locale.footer_faq,
        "footer_links": footer_links,
        "alerts": locale.alerts.alerts,
        "year": year,
        "base_url": format!("https://{}", domain(brand, site)),
        "apps": brand.apps,
        // Settings-driven extras, each off unless configured.
        "injections": injections,
        "feedback_widget": brand.feedback_widget_on(site),
        // The help centre's "still need help?" block: only with a usable agent chat (spec §5);
        // the contact link is the client area's contact form.
        "help_chat": site::rules::agent_chat(&data.settings.settings).map(|_| json!({"contact": format!("{client_url}/contact")})),
    });
    let mut hasher = HashWriter(xxhash_rust::xxh3::Xxh3::new());
    serde_json::to_writer(&mut hasher, &[&value, &assets]).expect("hashing never fails");
    LocaleChrome {
        value,
        base_url: format!("https://{}", domain(brand, site)),
        assets,
        hash: hasher.0.digest(),
        lists: ShowLists::new(locale),
    }
}

/// The domain without its `www.`, for the brand's other services (business, home video).
fn bare_domain(brand: &Brand, site: Site) -> String {
    let domain = domain(brand, site);
    domain
        .strip_prefix("www.")
        .map(str::to_string)
        .unwrap_or(domain)
}

fn domain(brand: &Brand, site: Site) -> String {
    brand
        .domains
        .get(&site)
        .cloned()
        .unwrap_or_else(|| format!("{}.localhost", site.code()))
}

/// A city link goes to the cinema when the city has one, else to the city page (spec §2).
pub fn city_href(table: &RouteTable, site: Site, lang: Lang, city: &CityDetail) -> Option<String> {
    match city.cinemas.as_slice() {
        [only] => table.path(
            PageKind::Cinema,
            site,
            lang,
            &Params::new().with("slug", &only.slug),
            false,
        ),
        _ => table.path(
            PageKind::City,
            site,
            lang,
            &Params::new().with("slug", &city.city.slug),
            false,
        ),
    }
}

/// A page's own context: `page` (kind, paths, SEO, alternates), `data` and `json_ld`.
pub struct PageContext {
    pub template: &'static str,
    pub context: tera::Context,
    /// HTML written in Rust, spliced at the template's `slot(n=…)` markers after minifying.
    pub fragments: Vec<String>,
    /// Hash of everything the page is made from (with the template set's own fingerprint,
    /// this decides whether the page must be rendered again).
    pub inputs: u64,
}

pub fn page_context(
    table: &RouteTable,
    chrome: &LocaleChrome,
    plan: &SitePages,
    locale: &LocaleData,
    labels: &Labels,
    page: &Page,
) -> PageContext {
    let base = &chrome.base_url;
    let url = format!("{base}{}", page.path);
    let alternates: Vec<Value> = plan
        .alternates
        .get(&(page.kind, page.key.clone(), page.webview))
        .map(|list| {
            list.iter()
                .map(|(lang, path)| json!({"lang": lang.code(), "hreflang": lang.locale_on(page.site), "href": format!("{base}{path}"), "path": path}))
                .collect()
        })
        .unwrap_or_default();
    let default_lang = page.site.default_language();
    let x_default = plan
        .alternates
        .get(&(page.kind, page.key.clone(), page.webview))
        .and_then(|list| list.iter().find(|(l, _)| *l == default_lang))
        .map(|(_, p)| format!("{base}{p}"));
    let mut fragments = Vec::new();
    let (template, data_value, args, json_ld) =
        page_data(table, chrome, locale, labels, page, &url, &mut fragments);
    let route = table.route(page.kind, page.site, page.lang, page.webview);
    let page_value = json!({
        "kind": page.kind.name(),
        "key": seo::string_key(page),
        "path": page.path,
        "url": url,
        "lang": page.lang.code(),
        "html_lang": page.lang.locale_on(page.site),
        "og_locale": seo::og_locale(page.lang, page.site),
        "og_alternates": page.site.languages().iter().filter(|l| **l != page.lang).map(|l| seo::og_locale(*l, page.site)).collect::<Vec<_>>(),
        "alternates": alternates,
        "x_default": x_default,
        "webview": page.webview,
        "menu": match route.map(|r| r.menu()) { Some(Menu::Movies) => "movies", Some(Menu::Cinemas) => "cinemas", _ => "" },
        "tracking_type": route.map(|r| r.tracking_type()).unwrap_or(""),
        "noindex": matches!(page.kind, PageKind::NotFound | PageKind::NotFoundAlias | PageKind::Gone | PageKind::Callback | PageKind::CinemaLight | PageKind::CityLight) || page.webview,
    });
    let json_ld: Vec<Value> = json_ld
        .into_iter()
        .map(|block| Value::String(block.0))
        .collect();
    let seo = serde_json::to_value(args).expect("SEO arguments are plain strings");
    // What the page is made from; the chrome counts by its hash, computed once per locale.
    let mut hasher = HashWriter(xxhash_rust::xxh3::Xxh3::new());
    hasher.0.update(template.as_bytes());
    hasher.0.update(&chrome.hash.to_le_bytes());
    serde_json::to_writer(&mut hasher, &[&page_value, &seo, &data_value])
        .expect("hashing never fails");
    serde_json::to_writer(&mut hasher, &json_ld).expect("hashing never fails");
    for fragment in &fragments {
        hasher.0.update(&(fragment.len() as u64).to_le_bytes());
        hasher.0.update(fragment.as_bytes());
    }
    let inputs = hasher.0.digest();
    // One object moved into the context: the page's data is converted once, never cloned.
    let whole = serde_json::Map::from_iter([
        ("chrome".to_string(), chrome.value.clone()),
        ("page".to_string(), page_value),
        ("seo".to_string(), seo),
        ("data".to_string(), data_value),
        ("json_ld".to_string(), Value::Array(json_ld)),
        ("assets".to_string(), chrome.assets.clone()),
    ]);
    let context =
        tera::Context::from_value(Value::Object(whole)).expect("an object is a valid context");
    PageContext {
        template,
        context,
        fragments,
        inputs,
    }
}

type PageData = (&'static str, Value, SeoArgs, Vec<JsonLd>);

/// What the schedule island's filters offer (islands/README.md, "schedule"): the versions,
/// tags and genres found in the days written, each `{value, label}` with the URL filter's
/// value. Versions in the order they first play, tags and genres by label.
fn schedule_filters(
    schedule: &crate::schedule::CinemaSchedule,
    days: usize,
    locale: &LocaleData,
) -> Value {
    let mut versions: Vec<u32> = Vec::new();
    let mut tags: Vec<&str> = Vec::new();
    let mut genres: Vec<&str> = Vec::new();
    for entry in schedule.days.iter().take(days).flat_map(|d| &d.shows) {
        for s in &entry.screenings {
            if !versions.contains(&s.version) {
                versions.push(s.version);
            }
            for tag in locale.tables.tags(s) {
                if !tags.contains(&tag.as_str()) {
                    tags.push(tag);
                }
            }
        }
        if let Some(show) = locale.show_of(entry.show) {
            for tag in &show.tags {
                if !tags.contains(&tag.as_str()) {
                    tags.push(tag);
                }
            }
            for genre in &show.genres {
                if !genres.contains(&genre.as_str()) {
                    genres.push(genre);
                }
            }
        }
    }
    let option = |value: String, label: &str| json!({"value": value, "label": label});
    let versions: Vec<Value> = versions
        .iter()
        .map(|&v| &locale.tables.versions[v as usize])
        .filter(|v| site::filters::is_valid_item(&v.slug))
        .map(|v| option(v.slug.clone(), &v.label))
        .collect();
    // A tag the content has no title for is unknown (spec §8): not offered.
    let mut tags: Vec<(String, &str)> = tags
        .iter()
        .filter_map(|slug| {
            locale
                .tags
                .iter()
                .find(|t| t.slug == *slug)
                .and_then(|t| Some((t.slug.to_lowercase(), t.title.as_deref()?)))
        })
        .filter(|(slug, _)| site::filters::is_valid_item(slug))
        .collect();
    tags.sort_by_key(|a| site::text::fold(a.1));
    tags.dedup_by(|a, b| a.0 == b.0);
    let mut genres: Vec<(String, &str)> = genres
        .iter()
        .map(|g| (site::text::genre_key(g), *g))
        .filter(|(k, _)| site::filters::is_valid_item(k))
        .collect();
    genres.sort();
    genres.dedup_by(|a, b| a.0 == b.0);
    json!({
        "versions": versions,
        "tags": tags.into_iter().map(|(v, l)| option(v, l)).collect::<Vec<_>>(),
        "genres": genres.into_iter().map(|(v, l)| option(v, l)).collect::<Vec<_>>(),
    })
}

fn page_data(
    table: &RouteTable,
    chrome: &LocaleChrome,
    locale: &LocaleData,
    labels: &Labels,
    page: &Page,
    url: &str,
    fragments: &mut Vec<String>,
) -> PageData {
    let base = chrome.base_url.as_str();
    let site = page.site;
    let lang = page.lang;
    let href = |kind: PageKind, slug: &str| {
        table.path(kind, site, lang, &Params::new().with("slug", slug), false)
    };
    let home = (
        String::from("Home"),
        format!(
            "{base}{}",
            table
                .path(PageKind::Home, site, lang, &Params::new(), false)
                .unwrap_or_default()
        ),
    );
    let mut args = SeoArgs::default();
    match page.item {
        Item::Cinema(i) => {
            let cinema = &locale.cinemas[i];
            let schedule = locale.schedules[i].as_ref();
            args.name = cinema.cinema.name.clone();
            args.city = cinema.cinema.city.clone();
            let show_href = |show: &Show| {
                href(
                    if show.is_movie {
                        PageKind::Show
                    } else {
                        PageKind::Event
                    },
                    &show.slug,
                )
            };
            let mut ld: Vec<JsonLd> = vec![seo::movie_theater(cinema, url, base).into()];
            // The light view is not indexed: no structured data to compute.
            if let Some(schedule) = schedule.filter(|_| page.kind == PageKind::Cinema) {
                // Search engines show the next few days; the full schedule stays in the HTML.
                let described: Vec<(&DayShow, &Show, String)> = schedule
                    .days
                    .iter()
                    .take(JSON_LD_DAYS)
                    .flat_map(|d| &d.shows)
                    .filter_map(|entry| {
                        let show = locale.show_of(entry.show)?;
                        Some((entry, show, format!("{base}{}", show_href(show)?)))
                    })
                    .collect();
                let showtimes = described.iter().flat_map(|(entry, show, show_url)| {
                    entry
                        .screenings
                        .iter()
                        .map(move |s| (s, *show, show_url.as_str()))
                });
                ld.extend(seo::screenings(
                    showtimes,
                    &locale.tables,
                    &cinema.cinema,
                    url,
                ));
            }
            ld.push(
                seo::breadcrumbs(&[home, (cinema.cinema.name.clone(), url.to_string())]).into(),
            );
            // The light view is today's schedule; the cinema page has every day.
            let (template, days) = if page.kind == PageKind::CinemaLight {
                ("pages/cinema_light.html", 1)
            } else {
                ("pages/cinema.html", usize::MAX)
            };
            // The light view is for slow connections: no posters. On the cinema page the
            // first poster is the largest image when the cinema has no backdrop above it.
            let light = page.kind == PageKind::CinemaLight;
            let first_poster = if cinema.cinema.backdrop.is_some() {
                fragments::Loading::Lazy
            } else {
                fragments::Loading::Priority
            };
            let schedule_html = schedule
                .map(|sc| {
                    fragments::cinema_schedule(
                        sc,
                        &locale.tables,
                        days,
                        labels,
                        first_poster,
                        |id| match locale.show_of(id) {
                            Some(show) => ScheduleShow {
                                slug: &show.slug,
                                title: &show.title,
                                href: show_href(show),
                                genres: &show.genres,
                                tags: &show.tags,
                                bookable: show.bookable,
                                poster: if light { None } else { show.poster.as_ref() },
                                duration: show.duration,
                                flag: show.flag.as_ref(),
                            },
                            // A show the list lacks: its showtimes still book; nothing to filter on.
                            None => ScheduleShow {
                                slug: locale.tables.slug(id),
                                title: locale.tables.slug(id),
                                href: None,
                                genres: &[],
                                tags: &[],
                                bookable: true,
                                poster: None,
                                duration: None,
                                flag: None,
                            },
                        },
                    )
                })
                .unwrap_or_default();
            fragments.push(schedule_html);
            let nearby: Vec<Value> = cinema
                .nearby_cinemas
                .iter()
                .map(|n| json!({"name": n.name, "distance": n.distance, "href": href(PageKind::Cinema, &n.slug)}))
                .collect();
            // The schedule island's day links (islands/README.md): the day sections written.
            let schedule_days: Vec<Value> = schedule
                .map(|sc| sc.days.iter().take(days).map(|d| json!({"date": d.date.to_string(), "label": labels.day_tab(d.date)})).collect())
                .unwrap_or_default();
            let schedule_filters = schedule
                .map(|sc| schedule_filters(sc, days, locale))
                .unwrap_or(Value::Null);
            (
                template,
                json!({"cinema": cinema, "nearby": nearby, "schedule_days": schedule_days, "schedule_filters": schedule_filters}),
                args,
                ld,
            )
        }
        Item::City(i) => {
            let city = &locale.cities[i];
            args.city = city.city.name.clone();
            args.name = city.city.name.clone();
            let cinemas: Vec<Value> = city
                .cinemas
                .iter()
                .map(|c| json!({"cinema": c, "href": href(PageKind::Cinema, &c.slug)}))
                .collect();
            // The light list is the same list of cinemas, without indexing (noindex).
            (
                "pages/city.html",
                json!({"city": city, "cinemas": cinemas}),
                args,
                vec![seo::breadcrumbs(&[home, (city.city.name.clone(), url.to_string())]).into()],
            )
        }
        Item::Show(i) => {
            let show = &locale.shows[i];
            args.title = show.title.clone();
            args.teaser = show.synopsis.clone().unwrap_or_default();
            let showtimes = show_showtimes(table, locale, site, lang, i);
            let has_showtimes = !showtimes.is_empty();
            fragments.push(fragments::cinemas_showtimes(
                &showtimes,
                &locale.tables,
                labels,
            ));
            let warning = show
                .content_rating
                .as_ref()
                .and_then(site::rules::rating_warning);
            (
                "pages/show.html",
                json!({
                    "show": show,
                    "duration": show.duration.map(site::rules::format_duration),
                    "release_year": site::rules::release_year(&show.releases, show.original_release),
                    "release_date": show.releases.iter().map(|r| r.date).filter(|d| !site::rules::is_unknown_date(*d)).min().map(site::rules::format_release_date),
                    "rating_warning": warning,
                    "has_showtimes": has_showtimes,
                }),
                args,
                {
                    // Search engines want an Event with a date and a place: the next screening.
                    let described = if show.is_movie {
                        Some(seo::movie(show, url, base))
                    } else {
                        first_showtime(locale, i)
                            .map(|(s, c)| seo::show_event(show, url, base, s, c))
                    };
                    described
                        .into_iter()
                        .chain([seo::breadcrumbs(&[
                            home,
                            (show.title.clone(), url.to_string()),
                        ])])
                        .map(JsonLd::from)
                        .collect()
                },
            )
        }
        Item::Season(i) => {
            let season = &locale.seasons[i];
            args.title = season.season.title.clone();
            args.description = seo::truncate(
                season.season.description.as_deref().unwrap_or(""),
                seo::SEASON_DESCRIPTION_MAX,
            );
            let cinemas: Vec<fragments::SeasonCinema> = season
                .cinemas
                .iter()
                .filter_map(|c| {
                    let cinema = locale.cinema(&c.cinema)?;
                    let shows = c
                        .shows
                        .iter()
                        .map(|(id, list)| {
                            let title = locale
                                .show_of(*id)
                                .map(|s| s.title.as_str())
                                .unwrap_or(locale.tables.slug(*id));
                            (ShowRef { title }, list.as_slice())
                        })
                        .collect();
                    Some(fragments::SeasonCinema {
                        name: &cinema.cinema.name,
                        href: href(PageKind::Cinema, &c.cinema),
                        shows,
                        more: c.more,
                    })
                })
                .collect();
            fragments.push(fragments::season_screenings(
                &cinemas,
                &locale.tables,
                labels,
            ));
            let first = season
                .first()
                .and_then(|(s, cinema)| Some((s, &locale.cinema(cinema)?.cinema)));
            let ld = match first {
                Some((first, place)) => {
                    vec![seo::event(&season.season, url, base, first, place).into()]
                }
                None => Vec::new(),
            };
            (
                "pages/season.html",
                json!({"season": season.season, "prices": season.prices}),
                args,
                ld,
            )
        }
        Item::Experience(i) => {
            let e = &locale.experiences[i];
            args.title = e.title.clone();
            (
                "pages/experience.html",
                json!({"experience": e}),
                args,
                vec![seo::breadcrumbs(&[home, (e.title.clone(), url.to_string())]).into()],
            )
        }
        Item::ExperienceGroup(i) => {
            let g = &locale.experience_groups[i];
            args.title = g.experience.title.clone();
            let articles: Vec<Value> = g.articles.iter().map(|a| json!({"article": a, "href": href(PageKind::ExperienceArticle, &a.article.slug)})).collect();
            (
                "pages/experience_group.html",
                json!({"group": g, "articles": articles}),
                args,
                Vec::new(),
            )
        }
        Item::ExperienceArticle(g, a) => {
            let article = &locale.experience_groups[g].articles[a];
            args.title = article.article.title.clone();
            args.teaser = article.article.teaser.clone().unwrap_or_default();
            (
                "pages/article.html",
                json!({"article": article.article, "body": sanitize(article.article.content.as_deref())}),
                args,
                Vec::new(),
            )
        }
        Item::Offer(i) => {
            let offer = &locale.news.offers[i];
            args.title = offer.article.title.clone();
            args.teaser = offer.article.teaser.clone().unwrap_or_default();
            (
                "pages/article.html",
                json!({"article": offer.article, "offer": offer, "body": sanitize(offer.article.content.as_deref())}),
                args,
                Vec::new(),
            )
        }
        Item::News(i) => {
            let a = &locale.news.news[i];
            args.title = a.title.clone();
            args.teaser = a.teaser.clone().unwrap_or_default();
            let back = table.path(PageKind::News, site, lang, &Params::new(), false);
            (
                "pages/article.html",
                json!({"article": a, "body": sanitize(a.content.as_deref()), "back": back}),
                args,
                vec![seo::breadcrumbs(&[home, (a.title.clone(), url.to_string())]).into()],
            )
        }
        Item::FaqArticle(c, a) => {
            let article = &locale.faq[c].articles[a];
            args.title = article.title.clone();
            args.teaser = article.teaser.clone().unwrap_or_default();
            let related: Vec<Value> = locale.faq[c]
                .articles
                .iter()
                .filter(|x| x.id != article.id)
                .take(5)
                .map(|x| json!({"title": x.title, "href": table.path(PageKind::HelpArticleBySlug, site, lang, &Params::new().with("slug", &x.slug), page.webview)}))
                .collect();
            (
                "pages/help_article.html",
                json!({"article": article, "body": sanitize(Some(&article.content)), "related": related}),
                args,
                vec![seo::faq_page(&[article]).into()],
            )
        }
        Item::FaqCategory(c) => {
            let category = &locale.faq[c];
            args.title = category.title.clone();
            let articles: Vec<Value> = category
                .articles
                .iter()
                .map(|x| json!({"title": x.title, "teaser": x.teaser, "href": table.path(PageKind::HelpArticleBySlug, site, lang, &Params::new().with("slug", &x.slug), page.webview)}))
                .collect();
            let refs: Vec<&FaqArticle> = category.articles.iter().collect();
            (
                "pages/help_category.html",
                json!({"category": category, "articles": articles}),
                args,
                vec![seo::faq_page(&refs).into()],
            )
        }
        Item::MasterTemplate(i) => {
            let m = &locale.master_templates[i];
            args.title = m.title.clone();
            args.description = m
                .header
                .as_ref()
                .and_then(|h| h.subtitle.clone())
                .unwrap_or_else(|| m.title.clone());
            (
                "pages/master.html",
                json!({"page": m, "explanation": m.explanation.as_ref().map(|e| sanitize(e.content.as_deref()))}),
                args,
                Vec::new(),
            )
        }
        Item::ShowsTab(tab) => (
            "pages/shows.html",
            shows_list(table, chrome, locale, site, lang, Some(tab), fragments),
            args,
            Vec::new(),
        ),
        Item::None => listing(table, chrome, locale, page, args, home, url, fragments),
    }
}

#[allow(clippy::too_many_arguments)]
fn listing(
    table: &RouteTable,
    chrome: &LocaleChrome,
    locale: &LocaleData,
    page: &Page,
    args: SeoArgs,
    home: (String, String),
    url: &str,
    fragments: &mut Vec<String>,
) -> PageData {
    let site = page.site;
    let lang = page.lang;
    let path = |kind: PageKind, slug: &str| {
        table.path(kind, site, lang, &Params::new().with("slug", slug), false)
    };
    match page.kind {
        PageKind::Home => {
            // A rail of the first shows and a link to all of them: a home page listing a
            // whole chain's catalogue would be as long as the shows page and as slow to load.
            let showing = chrome.lists.get(None);
            // The hero: the first shows of the list with a backdrop to show.
            let featured: Vec<Value> = showing
                .iter()
                .map(|&i| &locale.shows[i])
                .filter(|s| s.backdrop.is_some())
                .take(HOME_FEATURED_SHOWS)
                .map(|s| {
                    let kind = if s.is_movie {
                        PageKind::Show
                    } else {
                        PageKind::Event
                    };
                    json!({
                        "title": s.title,
                        "href": path(kind, &s.slug),
                        "backdrop": s.backdrop,
                        "poster": s.poster,
                        "flag": s.flag,
                        "duration": s.duration.map(site::rules::format_duration),
                        "genres": s.genres,
                        "synopsis": s.synopsis,
                    })
                })
                .collect();
            let rail = showing.iter().take(HOME_RAIL_SHOWS);
            fragments.push(fragments::show_cards(
                rail.map(|&i| show_card(table, site, lang, &locale.shows[i])),
                featured.is_empty(),
            ));
            let upcoming = chrome.lists.get(Some(ShowsTab::Upcoming));
            fragments.push(fragments::show_cards(
                upcoming
                    .iter()
                    .take(HOME_UPCOMING_SHOWS)
                    .map(|&i| show_card(table, site, lang, &locale.shows[i])),
                false,
            ));
            let value = json!({
                "featured": featured,
                "has_upcoming": !upcoming.is_empty(),
                "upcoming_href": table.path(PageKind::ShowsTab, site, lang, &Params::new().with("tab", ShowsTab::Upcoming.key()), false),
                "all_href": table.path(PageKind::Shows, site, lang, &Params::new(), false),
                "news": locale.news.news.iter().take(3).map(|a| json!({"article": a, "href": path(PageKind::NewsItem, &a.slug)})).collect::<Vec<_>>(),
                "offers": locale.news.offers.iter().take(3).map(|o| json!({"offer": o, "href": path(PageKind::Offer, &o.article.slug)})).collect::<Vec<_>>(),
            });
            ("pages/home.html", value, args, Vec::new())
        }
        PageKind::Shows => (
            "pages/shows.html",
            shows_list(table, chrome, locale, site, lang, None, fragments),
            args,
            Vec::new(),
        ),
        PageKind::Cinemas => {
            let cities = locale
                .cities
                .iter()
                .map(|c| (c, city_href(table, site, lang, c)));
            fragments.push(fragments::cities_and_cinemas(cities, |slug| {
                path(PageKind::Cinema, slug)
            }));
            (
                "pages/cinemas.html",
                json!({}),
                args,
                vec![seo::breadcrumbs(&[home, (String::from("Cinemas"), url.to_string())]).into()],
            )
        }
        PageKind::Events => {
            let seasons: Vec<Value> = locale
                .events
                .seasons
                .iter()
                .map(|s| {
                    let kind = if s.kind.as_deref() == Some("special-event") {
                        PageKind::SpecialEvent
                    } else {
                        PageKind::Season
                    };
                    json!({"season": s, "href": path(kind, &s.slug)})
                })
                .collect();
            let cards = locale.events.shows.iter().map(|s| fragments::Card {
                title: &s.title,
                poster: s.poster.as_ref(),
                flag: s.flag.as_ref(),
                duration: None,
                href: path(PageKind::Event, &s.slug),
            });
            fragments.push(fragments::show_cards(cards, seasons.is_empty()));
            (
                "pages/events.html",
                json!({"seasons": seasons}),
                args,
                Vec::new(),
            )
        }
        PageKind::Experiences | PageKind::ExperienceLanding => {
            let list: Vec<Value> = locale
                .experiences
                .iter()
                .map(|e| json!({"experience": e, "href": path(PageKind::Experience, &e.slug)}))
                .collect();
            let groups: Vec<Value> = locale.experience_groups.iter().map(|g| json!({"group": g.experience, "href": path(PageKind::ExperienceGroup, &g.experience.slug)})).collect();
            (
                "pages/experiences.html",
                json!({"experiences": list, "groups": groups}),
                args,
                Vec::new(),
            )
        }
        PageKind::Offers => {
            let offers: Vec<Value> = locale
                .news
                .offers
                .iter()
                .map(|o| json!({"offer": o, "href": path(PageKind::Offer, &o.article.slug)}))
                .collect();
            (
                "pages/offers.html",
                json!({"header": locale.offers_page, "offers": offers, "temporary": locale.temporary_offers, "promotions": locale.promotions, "ecards": locale.ecards}),
                args,
                Vec::new(),
            )
        }
        PageKind::News => {
            let news: Vec<Value> = locale
                .news
                .news
                .iter()
                .map(|a| json!({"article": a, "href": path(PageKind::NewsItem, &a.slug)}))
                .collect();
            ("pages/news.html", json!({"news": news}), args, Vec::new())
        }
        PageKind::Help | PageKind::HelpSearch => {
            let categories: Vec<Value> = locale
                .faq
                .iter()
                .map(|c| json!({"category": {"id": c.id, "title": c.title}, "count": c.articles.len(), "href": table.path(PageKind::HelpCategory, site, lang, &Params::new().with("id", &c.id), page.webview)}))
                .collect();
            let template = if page.kind == PageKind::Help {
                "pages/help.html"
            } else {
                "pages/help_search.html"
            };
            let search_href = table.path(
                PageKind::HelpSearch,
                site,
                lang,
                &Params::new(),
                page.webview,
            );
            (
                template,
                json!({"categories": categories, "search_href": search_href}),
                args,
                Vec::new(),
            )
        }
        PageKind::Ecards5 | PageKind::Ecards3 => {
            let seats = if page.kind == PageKind::Ecards5 { 5 } else { 3 };
            let cards: Vec<&ECard> = locale.ecards.iter().filter(|e| e.seats == seats).collect();
            (
                "pages/ecards.html",
                json!({"ecards": cards}),
                args,
                Vec::new(),
            )
        }
        PageKind::Subscription => (
            "pages/subscription.html",
            json!({"subscription": locale.subscription}),
            args,
            Vec::new(),
        ),
        PageKind::NotFound | PageKind::NotFoundAlias | PageKind::Gone => (
            "pages/error.html",
            json!({"gone": page.kind == PageKind::Gone}),
            args,
            Vec::new(),
        ),
        PageKind::App => ("pages/app.html", json!({}), args, Vec::new()),
        PageKind::Sitemap => (
            "pages/sitemap.html",
            json!({"links": sitemap_links(table, locale, site, lang)}),
            args,
            Vec::new(),
        ),
        _ => ("pages/static.html", json!({}), args, Vec::new()),
    }
}

/// Shows on the home page's rail, in the shows page's order; that page has them all.
const HOME_RAIL_SHOWS: usize = 12;

/// Shows on the home page's "coming soon" rail: one row on a desktop screen.
const HOME_UPCOMING_SHOWS: usize = 6;

/// Shows in the home page's hero: one large, two beside it on wide screens.
const HOME_FEATURED_SHOWS: usize = 3;

/// The shows of each list page (the shows page when the tab is none) as indexes in
/// `LocaleData::shows`, in the content's default order.
pub struct ShowLists(Vec<(Option<ShowsTab>, Vec<usize>)>);

impl ShowLists {
    fn new(locale: &LocaleData) -> ShowLists {
        let tabs = std::iter::once(None).chain(ShowsTab::ALL.iter().copied().map(Some));
        ShowLists(
            tabs.map(|tab| (tab, ShowLists::listed(locale, tab)))
                .collect(),
        )
    }

    fn listed(locale: &LocaleData, tab: Option<ShowsTab>) -> Vec<usize> {
        let keep = |s: &Show| match tab {
            None | Some(ShowsTab::Book) => s.bookable && !s.coming_soon,
            Some(ShowsTab::Presales) => s.bookable && s.coming_soon,
            Some(ShowsTab::Kids) => s.kids,
            Some(ShowsTab::Special) => !s.is_movie || s.premiere,
            Some(ShowsTab::Upcoming) => s.coming_soon,
        };
        let mut shows: Vec<usize> = (0..locale.shows.len())
            .filter(|&i| keep(&locale.shows[i]))
            .collect();
        shows.sort_by_key(|&i| locale.shows[i].orders.default);
        shows
    }

    fn get(&self, tab: Option<ShowsTab>) -> &[usize] {
        self.0
            .iter()
            .find(|(t, _)| *t == tab)
            .map(|(_, list)| list.as_slice())
            .unwrap_or_default()
    }
}

fn show_card<'a>(table: &RouteTable, site: Site, lang: Lang, s: &'a Show) -> fragments::Card<'a> {
    let kind = if s.is_movie {
        PageKind::Show
    } else {
        PageKind::Event
    };
    fragments::Card {
        title: &s.title,
        poster: s.poster.as_ref(),
        flag: s.flag.as_ref(),
        duration: s.duration,
        href: table.path(
            kind,
            site,
            lang,
            &Params::new().with("slug", &s.slug),
            false,
        ),
    }
}

/// The shows page and its tabs: every show of the tab, as cards written in Rust.
fn shows_list(
    table: &RouteTable,
    chrome: &LocaleChrome,
    locale: &LocaleData,
    site: Site,
    lang: Lang,
    tab: Option<ShowsTab>,
    fragments: &mut Vec<String>,
) -> Value {
    let shows = chrome
        .lists
        .get(tab)
        .iter()
        .map(|&i| show_card(table, site, lang, &locale.shows[i]));
    fragments.push(fragments::show_cards(shows, true));
    let tabs: Vec<Value> = ShowsTab::ALL
        .iter()
        .map(|t| json!({"key": t.key(), "href": table.path(PageKind::ShowsTab, site, lang, &Params::new().with("tab", t.key()), false), "active": Some(*t) == tab}))
        .collect();
    json!({"tabs": tabs, "tab": tab.map(|t| t.key())})
}

/// The earliest showtime of a show (index in `shows`) in the site, with its cinema.
fn first_showtime(locale: &LocaleData, show: usize) -> Option<(&Screening, &Cinema)> {
    locale.show_index[show]
        .iter()
        .filter_map(|place| {
            let entry = entry_at(locale, place)?;
            entry
                .screenings
                .first()
                .map(|s| (s, &locale.cinemas[place.cinema as usize].cinema))
        })
        .min_by_key(|(s, _)| s.start)
}

fn entry_at<'a>(locale: &'a LocaleData, place: &Place) -> Option<&'a DayShow> {
    locale.schedules[place.cinema as usize]
        .as_ref()?
        .days
        .get(place.day as usize)?
        .shows
        .get(place.entry as usize)
}

/// A show's showtimes (index in `shows`), by cinema then day (the schedules' first days).
fn show_showtimes<'a>(
    table: &RouteTable,
    locale: &'a LocaleData,
    site: Site,
    lang: Lang,
    show: usize,
) -> Vec<fragments::CinemaDays<'a>> {
    let mut by_cinema: std::collections::BTreeMap<u32, Vec<(chrono::NaiveDate, &'a [Screening])>> =
        std::collections::BTreeMap::new();
    for place in locale.show_index[show]
        .iter()
        .filter(|p| (p.day as usize) < SHOW_PAGE_DAYS)
    {
        if let Some(entry) = entry_at(locale, place) {
            let date = locale.schedules[place.cinema as usize]
                .as_ref()
                .map(|s| s.days[place.day as usize].date)
                .expect("an entry has its day");
            by_cinema
                .entry(place.cinema)
                .or_default()
                .push((date, &entry.screenings));
        }
    }
    by_cinema
        .into_iter()
        .map(|(c, days)| {
            let cinema = &locale.cinemas[c as usize].cinema;
            fragments::CinemaDays {
                name: &cinema.name,
                href: table.path(
                    PageKind::Cinema,
                    site,
                    lang,
                    &Params::new().with("slug", &cinema.slug),
                    false,
                ),
                days,
            }
        })
        .collect()
}

fn sitemap_links(table: &RouteTable, locale: &LocaleData, site: Site, lang: Lang) -> Vec<Value> {
    let mut links = Vec::new();
    for kind in [
        PageKind::Home,
        PageKind::Shows,
        PageKind::Cinemas,
        PageKind::Events,
        PageKind::Experiences,
        PageKind::Offers,
        PageKind::News,
        PageKind::Help,
    ] {
        if let Some(href) = table.path(kind, site, lang, &Params::new(), false) {
            links.push(json!({"kind": kind.name(), "href": href}));
        }
    }
    for c in &locale.cinemas {
        if let Some(href) = table.path(
            PageKind::Cinema,
            site,
            lang,
            &Params::new().with("slug", &c.cinema.slug),
            false,
        ) {
            links.push(json!({"kind": "Cinema", "title": c.cinema.name, "href": href}));
        }
    }
    links
}

/// Allow-list sanitising of HTML from the content API (FAQ answers, article bodies).
pub fn sanitize(html: Option<&str>) -> String {
    html.map(ammonia::clean).unwrap_or_default()
}

struct HashWriter(xxhash_rust::xxh3::Xxh3);

impl std::io::Write for HashWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
