//! Everything the pages of one site need, fetched from the content API: per language, the
//! lists and every detail item, plus the site's settings. Detail calls for one language run
//! concurrently; a failure anywhere fails the build with the URL that failed.

use crate::fetch::{Answer, FetchError, Fetcher};
use futures_util::future::try_join_all;
use site::content::*;
use site::{Lang, Site};
use std::collections::{BTreeMap, HashMap};

pub struct SiteData {
    pub site: Site,
    pub settings: SiteSettings,
    pub locales: BTreeMap<Lang, LocaleData>,
    /// Shows taken down for good: their old addresses answer 410.
    pub gone_shows: Vec<String>,
}

pub struct LocaleData {
    pub lang: Lang,
    pub cinemas: Vec<CinemaDetail>,
    /// Listed cinemas whose detail the API does not have.
    pub cinemas_without_data: Vec<String>,
    /// Schedule of each cinema, by cinema slug.
    pub schedules: HashMap<String, Schedule>,
    pub cities: Vec<CityDetail>,
    pub shows: Vec<Show>,
    pub events: EventsPage,
    pub seasons: Vec<SeasonDetail>,
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
    pub subscription: Option<Subscription>,
    /// Show slug → index in `shows`.
    pub show_by_slug: HashMap<String, usize>,
    /// Show slug → where it plays: (index in `cinemas`, day, index of its entry that day).
    /// Built once so a show page does not scan every cinema's schedule.
    pub show_index: HashMap<String, Vec<(usize, chrono::NaiveDate, usize)>>,
}

impl LocaleData {
    pub fn show(&self, slug: &str) -> Option<&Show> {
        self.show_by_slug.get(slug).map(|&i| &self.shows[i])
    }

    fn index(mut self) -> LocaleData {
        self.show_by_slug = self.shows.iter().enumerate().map(|(i, s)| (s.slug.clone(), i)).collect();
        let mut index: HashMap<String, Vec<(usize, chrono::NaiveDate, usize)>> = HashMap::new();
        for (c, cinema) in self.cinemas.iter().enumerate() {
            if let Some(schedule) = self.schedules.get(&cinema.cinema.slug) {
                for (day, entries) in &schedule.days {
                    for (e, entry) in entries.iter().enumerate() {
                        index.entry(entry.show.clone()).or_default().push((c, *day, e));
                    }
                }
            }
        }
        self.show_index = index;
        self
    }
}

pub async fn fetch_site(fetcher: &Fetcher, site: Site, langs: &[Lang]) -> Result<SiteData, FetchError> {
    let settings: SiteSettings = fetcher.get(site, None, "/settings").await?;
    let gone_shows: Vec<String> = fetcher.get(site, Some(site.default_language()), "/shows/gone").await?;
    let locales = try_join_all(langs.iter().map(|&lang| fetch_locale(fetcher, site, lang))).await?;
    Ok(SiteData { site, settings, locales: locales.into_iter().map(|l| (l.lang, l)).collect(), gone_shows })
}

async fn optional<T: serde::de::DeserializeOwned>(fetcher: &Fetcher, site: Site, lang: Lang, path: &'static str) -> Result<Option<T>, FetchError> {
    Ok(match fetcher.get_detail(site, Some(lang), path).await? {
        Answer::Found(v) => Some(v),
        Answer::NotFound | Answer::Gone => None,
    })
}

async fn fetch_locale(f: &Fetcher, site: Site, lang: Lang) -> Result<LocaleData, FetchError> {
    let l = Some(lang);
    let (cinemas, cities, shows, events, experiences, news) = tokio::try_join!(
        f.get::<Vec<Cinema>>(site, l, "/cinemas"),
        f.get::<Vec<City>>(site, l, "/cities"),
        f.get::<Vec<ShowSummary>>(site, l, "/shows"),
        f.get::<EventsPage>(site, l, "/events"),
        f.get::<Vec<Experience>>(site, l, "/gpxp"),
        f.get::<NewsList>(site, l, "/news"),
    )?;
    let experience_groups = f.get::<Vec<ExperienceGroup>>(site, l, "/experience-groups").await?;
    let (offers_page, temporary_offers, promotions, master_templates, faq) = tokio::try_join!(
        optional::<OffersPageHeader>(f, site, lang, "/offers/page"),
        f.get::<Vec<TemporaryOffer>>(site, l, "/offers/temporary"),
        f.get::<Vec<Promotion>>(site, l, "/offers/promotion"),
        f.get::<Vec<MasterTemplate>>(site, l, "/master-template/pages"),
        f.get::<FaqCategories>(site, l, "/faq/categories"),
    )?;
    let (footer, footer_faq, alerts, ecards, subscription) = tokio::try_join!(
        f.get::<Footer>(site, l, "/footer"),
        f.get::<Vec<FooterFaqItem>>(site, l, "/footer/faq"),
        f.get::<AlertsPage>(site, l, "/alerts"),
        f.get::<Vec<ECard>>(site, l, "/ecards"),
        optional::<Subscription>(f, site, lang, "/cinepass"),
    )?;
    // A listed cinema whose detail is missing is not a failure: its page redirects to the
    // cinemas list (spec §4 "a cinema with no data").
    let cinema_details = try_join_all(cinemas.iter().map(|c| f.get_detail::<CinemaDetail>(site, l, format!("/cinema/{}", c.slug))));
    let schedules = try_join_all(cinemas.iter().map(|c| f.get_detail::<Schedule>(site, l, format!("/cinema/{}/shows?embed=false", c.slug))));
    let city_details = try_join_all(cities.iter().map(|c| f.get::<CityDetail>(site, l, format!("/city/{}", c.slug))));
    let show_details = try_join_all(shows.iter().map(|s| f.get::<Show>(site, l, format!("/show/{}", s.slug))));
    let seasons = try_join_all(events.seasons.iter().map(|s| f.get::<SeasonDetail>(site, l, format!("/event/{}", s.slug))));
    let (cinema_details, schedules, city_details, show_details, seasons) =
        tokio::try_join!(cinema_details, schedules, city_details, show_details, seasons)?;
    let mut with_data = Vec::new();
    let mut without_data = Vec::new();
    let mut schedule_map = HashMap::new();
    for ((listed, detail), schedule) in cinemas.iter().zip(cinema_details).zip(schedules) {
        match detail {
            Answer::Found(detail) => {
                if let Answer::Found(schedule) = schedule {
                    schedule_map.insert(listed.slug.clone(), schedule);
                }
                with_data.push(detail);
            }
            Answer::NotFound | Answer::Gone => without_data.push(listed.slug.clone()),
        }
    }
    Ok(LocaleData {
        lang,
        schedules: schedule_map,
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
        subscription,
        show_by_slug: HashMap::new(),
        show_index: HashMap::new(),
    }
    .index())
}
