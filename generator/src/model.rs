//! Everything the pages of one site need, fetched from the content API: per language, the
//! lists and every detail item, plus the site's settings. Detail calls for one language run
//! concurrently; a failure anywhere fails the build with the URL that failed. Schedules and
//! seasons are kept in the compact form of `schedule`: they are most of a country's data.
//! Schedules kept from the last build (a 304) are read only when a page or feed is made
//! (`SiteData::load_schedules`): a rebuild with nothing changed reads none of them. Seasons
//! kept from the last build are read from their compact form (the screenings pages print).

use crate::fetch::{Answer, FetchError, Fetcher, Lazy};
use crate::schedule::{
    read_and_compact_season, read_compact_schedule_as, read_compact_season, read_schedule_for,
    CinemaSchedule, Place, SeasonPage, ShowId, Tables, VersionLabels,
};
use futures_util::future::try_join_all;
use site::content::*;
use site::{Lang, Site};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, OnceLock};

/// Next showtimes per show and cinema on a season page; the cinema page has the others (only
/// these are kept when a season is fetched).
pub const SEASON_SHOWTIMES_PER_SHOW: usize = 3;

pub struct SiteData {
    pub site: Site,
    pub settings: SiteSettings,
    pub locales: BTreeMap<Lang, LocaleData>,
    /// Shows taken down for good: their old addresses answer 410.
    pub gone_shows: Vec<String>,
    /// Where visitors' browsers reach the site's identity provider (the pages' CSP).
    pub sign_in_origins: Vec<String>,
    /// Hash of every answer fetched for the site (`Fetcher::content_hash`): the same hash, the
    /// same content.
    pub content_hash: u64,
}

impl SiteData {
    /// Reads the schedules kept from the last build (a 304 leaves them unread): before any
    /// page or feed of the site is made. A rebuild that keeps every page never calls it.
    ///
    /// `parallel` (on rayon's threads) only from outside rayon's tasks, as the fetch task of a
    /// targeted build does: `build` also calls it inside a `OnceLock`'s initialisation from a
    /// page task, where a thread waiting for its parallel parts could steal another page task
    /// asking for the same lock.
    pub fn load_schedules(&self, parallel: bool) -> Result<(), FetchError> {
        if parallel {
            use rayon::prelude::*;
            self.locales
                .par_iter()
                .try_for_each(|(_, locale)| locale.load_schedules(true))
        } else {
            self.locales
                .values()
                .try_for_each(|locale| locale.load_schedules(false))
        }
    }
}

#[derive(serde::Deserialize)]
struct SignInOrigins {
    origins: Vec<String>,
}

pub struct LocaleData {
    pub lang: Lang,
    pub cinemas: Vec<CinemaDetail>,
    /// Listed cinemas whose detail the API does not have.
    pub cinemas_without_data: Vec<String>,
    /// The schedules, their tables and index once read (`SiteData::load_schedules`), and
    /// until then what reads them.
    loaded: OnceLock<Schedules>,
    pending: Mutex<Option<PendingSchedules>>,
    /// What the locale's pages link with, made once (`pages::PageCx::show_path_at`).
    pub(crate) links: LocaleLinks,
    pub cities: Vec<CityDetail>,
    pub shows: Vec<Show>,
    pub events: EventsPage,
    pub seasons: Vec<SeasonPage>,
    pub experiences: Vec<Experience>,
    pub experience_groups: Vec<ExperienceGroup>,
    pub news: NewsList,
    pub offers_page: Option<OffersPageHeader>,
    pub temporary_offers: Vec<TemporaryOffer>,
    pub promotions: Vec<Promotion>,
    pub master_templates: Vec<MasterTemplate>,
    pub faq: FaqCategories,
    pub footer: Footer,
    pub footer_faq: Vec<FooterFaqItem>,
    pub alerts: AlertsPage,
    pub ecards: Vec<ECard>,
    /// Films to watch at home (`/vod`): listed on the shows page where the site offers VOD.
    pub vod: Vec<ShowVod>,
    /// Tag titles: the schedule filters' labels.
    pub tags: Vec<Tag>,
    pub subscription: Option<Subscription>,
    /// The header push (spec §9): the permanent auto-promotion, on every page's header.
    pub header_push: Option<Promotion>,
    /// Show slug → index in `shows`.
    pub show_by_slug: HashMap<String, usize>,
    /// Cinema slug → index in `cinemas`.
    pub cinema_by_slug: HashMap<String, usize>,
}

/// What every page of a locale links with, made at the first page that needs it: a cinema's
/// schedule links each of its shows once a day, a show's page each of its cinemas.
#[derive(Default)]
pub(crate) struct LocaleLinks {
    /// The page of each show in `shows`.
    pub show_paths: OnceLock<Vec<Option<String>>>,
    /// The page of each cinema in `cinemas`.
    pub cinema_paths: OnceLock<Vec<Option<String>>>,
    /// Each cinema's city and name folded (`site::text::fold`): the order of a show page's
    /// cinemas.
    pub cinema_order: OnceLock<Vec<(String, String)>>,
}

/// A locale's schedules as pages read them.
struct Schedules {
    /// Schedule of each cinema, in the order of `cinemas`.
    schedules: Vec<Option<CinemaSchedule>>,
    /// Versions, badges and show slugs the schedules and seasons refer to.
    tables: Tables,
    /// Where each show plays, by index in `shows`: built once so a show page does not scan
    /// every cinema's schedule.
    show_index: Vec<Vec<Place>>,
    /// Show of each `ShowId` of the tables, when the locale has it.
    show_of: Vec<Option<usize>>,
}

/// The schedules as fetched: those read on arrival, and those kept from the last build, in
/// the order of `cinemas`; the tables hold what the seasons and the read ones named.
struct PendingSchedules {
    answers: Vec<Option<Lazy<CinemaSchedule>>>,
    tables: Tables,
    /// The versions' labels in this language, when the schedules were asked for in another
    /// (`fetch_site`).
    labels: Option<VersionLabels>,
}

const NOT_LOADED: &str = "schedules are read once SiteData::load_schedules has run";

impl LocaleData {
    fn schedules_loaded(&self) -> &Schedules {
        self.loaded.get().expect(NOT_LOADED)
    }

    /// Schedule of each cinema, in the order of `cinemas` (after `SiteData::load_schedules`).
    pub fn schedules(&self) -> &[Option<CinemaSchedule>] {
        &self.schedules_loaded().schedules
    }

    /// Versions, badges and show slugs the schedules and seasons refer to.
    pub fn tables(&self) -> &Tables {
        &self.schedules_loaded().tables
    }

    /// Where each show plays, by index in `shows`.
    pub fn show_index(&self) -> &[Vec<Place>] {
        &self.schedules_loaded().show_index
    }

    /// The show a schedule or a season names, when the locale has it.
    pub fn show_of(&self, id: ShowId) -> Option<&Show> {
        self.show_at(id).map(|i| &self.shows[i])
    }

    /// The index in `shows` of the show a schedule or a season names, when the locale has it.
    pub fn show_at(&self, id: ShowId) -> Option<usize> {
        self.schedules_loaded().show_of[id.0 as usize]
    }

    /// Reads the schedules kept from the last build, once (`parallel`: on rayon's threads).
    fn load_schedules(&self, parallel: bool) -> Result<(), FetchError> {
        if self.loaded.get().is_some() {
            return Ok(());
        }
        let mut pending = self
            .pending
            .lock()
            .expect("no panics while holding the lock");
        let Some(PendingSchedules {
            answers,
            tables,
            labels,
        }) = pending.take()
        else {
            // Read by another thread meanwhile.
            return Ok(());
        };
        let tables = Mutex::new(tables);
        let read = |answer: Option<Lazy<CinemaSchedule>>| match answer {
            None => Ok(None),
            Some(Lazy::Parsed(schedule)) => Ok(Some(schedule)),
            Some(Lazy::Kept(kept)) => kept
                .read(
                    |compact| read_compact_schedule_as(compact, &tables, labels.as_ref()),
                    |body| {
                        read_schedule_for(body, &[(&tables, labels.as_ref())])
                            .map(|(mut read, compact)| (read.pop().expect("one reader"), compact))
                    },
                )
                .map(Some),
        };
        let schedules = if parallel {
            use rayon::prelude::*;
            answers
                .into_par_iter()
                .map(read)
                .collect::<Result<Vec<_>, _>>()?
        } else {
            answers
                .into_iter()
                .map(read)
                .collect::<Result<Vec<_>, _>>()?
        };
        let tables = tables
            .into_inner()
            .expect("no panics while holding the lock");
        let _ = self.loaded.set(self.index_schedules(schedules, tables));
        Ok(())
    }

    fn index_schedules(&self, schedules: Vec<Option<CinemaSchedule>>, tables: Tables) -> Schedules {
        if !tables.unlabelled.is_empty() {
            tracing::warn!(
                site = ?tables.site,
                language = self.lang.code(),
                versions = ?tables.unlabelled,
                "/versions does not name these versions in this language: \
                 their schedules show the default language's label"
            );
        }
        let show_of: Vec<Option<usize>> = tables
            .show_slugs
            .iter()
            .map(|slug| self.show_by_slug.get(&**slug).copied())
            .collect();
        let mut index = vec![Vec::new(); self.shows.len()];
        for (c, schedule) in schedules.iter().enumerate() {
            for (d, day) in schedule.iter().flat_map(|s| s.days.iter()).enumerate() {
                for (e, entry) in day.shows.iter().enumerate() {
                    if let Some(show) = show_of[entry.show.0 as usize] {
                        index[show].push(Place {
                            cinema: c as u32,
                            day: d as u32,
                            entry: e as u32,
                        });
                    }
                }
            }
        }
        Schedules {
            schedules,
            tables,
            show_index: index,
            show_of,
        }
    }

    pub fn cinema(&self, slug: &str) -> Option<&CinemaDetail> {
        self.cinema_by_slug.get(slug).map(|&i| &self.cinemas[i])
    }

    fn index(mut self) -> LocaleData {
        self.show_by_slug = self
            .shows
            .iter()
            .enumerate()
            .map(|(i, s)| (s.slug.clone(), i))
            .collect();
        self.cinema_by_slug = self
            .cinemas
            .iter()
            .enumerate()
            .map(|(i, c)| (c.cinema.slug.clone(), i))
            .collect();
        // Read now when nothing is kept from the last build (no file to read later).
        let all_read = self
            .pending
            .get_mut()
            .expect("no panics while holding the lock")
            .as_ref()
            .is_some_and(|p| {
                !p.answers
                    .iter()
                    .flatten()
                    .any(|a| matches!(a, Lazy::Kept(_)))
            });
        if all_read {
            self.load_schedules(false)
                .expect("schedules read on arrival need no file");
        }
        self
    }
}

pub async fn fetch_site(
    fetcher: &Fetcher,
    site: Site,
    langs: &[Lang],
) -> Result<SiteData, FetchError> {
    // Settings first: an API that cannot be reached fails on them, named. Then the schedules,
    // once a site (`fetch_schedules`: each language's locale reads them), then every other
    // call at once: none depends on another (a rebuild with nothing changed is mostly waiting
    // for answers).
    // The calls of the last build revalidated in bulk first (a few requests instead of one a
    // call, when nothing changed).
    fetcher.revalidate(site).await;
    let settings: SiteSettings = fetcher.get(site, None, "/settings").await?;
    let mut schedules = fetch_schedules(fetcher, site, langs).await?;
    let (gone_shows, locales, sign_in) = tokio::try_join!(
        fetcher.get::<Vec<String>>(site, Some(site.default_language()), "/shows/gone"),
        try_join_all(langs.iter().map(|&lang| {
            let schedules = schedules
                .remove(&lang)
                .expect("schedules for every language");
            fetch_locale(fetcher, site, lang, schedules)
        })),
        fetcher.get::<SignInOrigins>(site, None, "/sign-in-origins"),
    )?;
    Ok(SiteData {
        site,
        settings,
        locales: locales.into_iter().map(|l| (l.lang, l)).collect(),
        gone_shows,
        sign_in_origins: sign_in.origins,
        content_hash: fetcher.content_hash(site),
    })
}

async fn optional<T: serde::de::DeserializeOwned>(
    fetcher: &Fetcher,
    site: Site,
    lang: Lang,
    path: &'static str,
) -> Result<Option<T>, FetchError> {
    Ok(match fetcher.get_detail(site, Some(lang), path).await? {
        Answer::Found(v) => Some(v),
        Answer::NotFound | Answer::Gone => None,
    })
}

/// Each cinema's schedule, asked for once, in the site's default language, and read for each
/// of `langs`: only its versions' labels differ between languages, and `/versions` gives them
/// in each (docs/decisions.md, "One schedule a cinema, not one a language"). The default
/// language's list of cinemas, which names the schedules, goes to its locale (not asked twice).
async fn fetch_schedules(
    fetcher: &Fetcher,
    site: Site,
    langs: &[Lang],
) -> Result<BTreeMap<Lang, LocaleSchedules>, FetchError> {
    let default = site.default_language();
    let labels = try_join_all(
        langs
            .iter()
            .filter(|&&l| l != default)
            .map(|&lang| async move {
                let list = fetcher
                    .get::<Vec<VersionLabel>>(site, Some(lang), "/versions")
                    .await?;
                let labels: VersionLabels = list.into_iter().map(|v| (v.slug, v.label)).collect();
                Ok::<_, FetchError>((lang, labels))
            }),
    );
    let listed = fetcher.get::<Vec<Cinema>>(site, Some(default), "/cinemas");
    let (labels, listed) = tokio::try_join!(labels, listed)?;
    let mut listed = Some(listed);
    let mut labels: BTreeMap<Lang, VersionLabels> = labels.into_iter().collect();
    let mut tables: BTreeMap<Lang, Mutex<Tables>> = langs
        .iter()
        .map(|&lang| {
            let mut tables = Tables::default();
            tables.site = Some(site);
            (lang, Mutex::new(tables))
        })
        .collect();
    let readers: Vec<(&Mutex<Tables>, Option<&VersionLabels>)> = langs
        .iter()
        .map(|lang| (&tables[lang], labels.get(lang)))
        .collect();
    // Schedules (and seasons, in `fetch_locale`) are read into their compact form as each
    // answer arrives, so at most a few are ever held in the API's form.
    let schedules = try_join_all(listed.iter().flatten().map(|c| {
        let readers = &readers;
        async move {
            let answer = fetcher
                .get_lazily(
                    site,
                    Some(default),
                    format!("/cinema/{}/shows?embed=false", c.slug),
                    |body| read_schedule_for(body, readers),
                )
                .await?;
            Ok::<_, FetchError>((c.slug.as_str(), answer))
        }
    }))
    .await?;
    drop(readers);
    // Each language's answers by cinema: read now, or kept from the last build and read by
    // each language when a page needs them.
    let mut by_lang: BTreeMap<Lang, HashMap<String, Lazy<CinemaSchedule>>> = BTreeMap::new();
    for (slug, answer) in schedules {
        match answer {
            Answer::Found(Lazy::Parsed(read)) => {
                for (lang, schedule) in langs.iter().zip(read) {
                    by_lang
                        .entry(*lang)
                        .or_default()
                        .insert(slug.to_string(), Lazy::Parsed(schedule));
                }
            }
            Answer::Found(Lazy::Kept(kept)) => {
                for lang in langs {
                    by_lang
                        .entry(*lang)
                        .or_default()
                        .insert(slug.to_string(), Lazy::Kept(kept.clone()));
                }
            }
            Answer::NotFound | Answer::Gone => {}
        }
    }
    Ok(langs
        .iter()
        .map(|&lang| {
            let schedules = LocaleSchedules {
                tables: tables.remove(&lang).expect("tables for every language"),
                answers: by_lang.remove(&lang).unwrap_or_default(),
                labels: labels.remove(&lang),
                listed: (lang == default).then(|| listed.take()).flatten(),
            };
            (lang, schedules)
        })
        .collect())
}

/// A version as `/versions` lists it.
#[derive(serde::Deserialize)]
struct VersionLabel {
    slug: String,
    label: String,
}

/// A language's schedules as `fetch_site` asked for them: its tables (the seasons' screenings
/// go there too), each cinema's answer by slug and the versions' labels to read them with;
/// for the default language, its list of cinemas too (the schedules' list, not asked twice).
struct LocaleSchedules {
    tables: Mutex<Tables>,
    answers: HashMap<String, Lazy<CinemaSchedule>>,
    labels: Option<VersionLabels>,
    listed: Option<Vec<Cinema>>,
}

async fn fetch_locale(
    f: &Fetcher,
    site: Site,
    lang: Lang,
    schedules: LocaleSchedules,
) -> Result<LocaleData, FetchError> {
    let LocaleSchedules {
        tables,
        answers: mut schedule_answers,
        labels,
        listed,
    } = schedules;
    let l = Some(lang);
    let (cinemas, cities, shows, events, experiences, news) = tokio::try_join!(
        async {
            match listed {
                Some(list) => Ok(list),
                None => f.get::<Vec<Cinema>>(site, l, "/cinemas").await,
            }
        },
        f.get::<Vec<City>>(site, l, "/cities"),
        f.get::<Vec<ShowSummary>>(site, l, "/shows"),
        f.get::<EventsPage>(site, l, "/events"),
        f.get::<Vec<Experience>>(site, l, "/gpxp"),
        f.get::<NewsList>(site, l, "/news"),
    )?;
    // The other lists, asked for with the details below (they depend on none of them).
    let other_lists = async {
        tokio::try_join!(
            async {
                tokio::try_join!(
                    f.get::<Vec<ExperienceGroup>>(site, l, "/experience-groups"),
                    f.get::<Vec<Tag>>(site, l, "/tags"),
                    f.get::<Vec<ShowVod>>(site, l, "/vod"),
                )
            },
            async {
                tokio::try_join!(
                    optional::<OffersPageHeader>(f, site, lang, "/offers/page"),
                    f.get::<Vec<TemporaryOffer>>(site, l, "/offers/temporary"),
                    f.get::<Vec<Promotion>>(site, l, "/offers/promotion"),
                    f.get::<Vec<MasterTemplate>>(site, l, "/master-template/pages"),
                    f.get::<FaqCategories>(site, l, "/faq/categories"),
                )
            },
            async {
                tokio::try_join!(
                    f.get::<Footer>(site, l, "/footer"),
                    f.get::<Vec<FooterFaqItem>>(site, l, "/footer/faq"),
                    f.get::<AlertsPage>(site, l, "/alerts"),
                    f.get::<Vec<ECard>>(site, l, "/ecards"),
                    optional::<Subscription>(f, site, lang, "/cinepass"),
                    f.get::<Option<Promotion>>(site, l, "/permanent-autopromo"),
                )
            },
        )
    };
    // A listed cinema whose detail is missing is not a failure: its page redirects to the
    // cinemas list (spec §4 "a cinema with no data").
    let cinema_details = try_join_all(
        cinemas
            .iter()
            .map(|c| f.get_detail::<CinemaDetail>(site, l, format!("/cinema/{}", c.slug))),
    );
    // A cinema the default language does not list, or without a schedule: none, as a 404.
    let schedules = async {
        Ok::<_, FetchError>(
            cinemas
                .iter()
                .map(|c| match schedule_answers.remove(&c.slug) {
                    Some(answer) => Answer::Found(answer),
                    None => Answer::NotFound,
                })
                .collect::<Vec<_>>(),
        )
    };
    let city_details = try_join_all(
        cities
            .iter()
            .map(|c| f.get::<CityDetail>(site, l, format!("/city/{}", c.slug))),
    );
    let show_details = try_join_all(
        shows
            .iter()
            .map(|s| f.get::<Show>(site, l, format!("/show/{}", s.slug))),
    );
    let seasons = try_join_all(events.seasons.iter().map(|s| {
        f.get_compact(
            site,
            l,
            format!("/event/{}", s.slug),
            |compact| read_compact_season(compact, &tables),
            |body| read_and_compact_season(body, SEASON_SHOWTIMES_PER_SHOW, &tables),
        )
    }));
    let (other_lists, cinema_details, schedules, city_details, show_details, seasons) = tokio::try_join!(
        other_lists,
        cinema_details,
        schedules,
        city_details,
        show_details,
        seasons
    )?;
    let (
        (experience_groups, tags, vod),
        (offers_page, temporary_offers, promotions, master_templates, faq),
        (footer, footer_faq, alerts, ecards, subscription, header_push),
    ) = other_lists;
    let mut with_data = Vec::new();
    let mut without_data = Vec::new();
    let mut schedule_list = Vec::new();
    for ((listed, detail), schedule) in cinemas.iter().zip(cinema_details).zip(schedules) {
        match detail {
            Answer::Found(detail) => {
                schedule_list.push(match schedule {
                    Answer::Found(schedule) => Some(schedule),
                    Answer::NotFound | Answer::Gone => None,
                });

                with_data.push(detail);
            }
            Answer::NotFound | Answer::Gone => without_data.push(listed.slug.clone()),
        }
    }
    Ok(LocaleData {
        lang,
        loaded: OnceLock::new(),
        links: LocaleLinks::default(),
        pending: Mutex::new(Some(PendingSchedules {
            answers: schedule_list,
            tables: tables
                .into_inner()
                .expect("no panics while holding the lock"),
            labels,
        })),
        cinemas: with_data,
        cinemas_without_data: without_data,
        cities: city_details,
        shows: show_details,
        events,
        seasons,
        experiences,
        experience_groups,
        news,
        offers_page,
        temporary_offers,
        promotions,
        master_templates,
        faq,
        footer,
        footer_faq,
        alerts,
        ecards,
        vod,
        tags,
        subscription,
        header_push,
        show_by_slug: HashMap::new(),
        cinema_by_slug: HashMap::new(),
    }
    .index())
}
