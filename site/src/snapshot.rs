//! The content snapshot: everything the content API serves, for all sites and languages, in
//! one JSON file. The demo content writes one; a CMS export in the same shape can replace it.
//!
//! Text is stored already localized: one [`LocaleContent`] per site and language, as an
//! editor would publish it. Items that are the same thing in several languages share a
//! `reference` (shows, articles, seasons…), which is how the `/translate` calls answer.
//! What does not depend on the language (showtimes, gone shows) is stored once per site.
//! Values the API can derive (a city's cinemas, nearby cinemas, schedules, showtime status)
//! are not stored: the API derives them, so they can never disagree.

use crate::content::*;
use crate::{Lang, Site};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::Path;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub meta: SnapshotMeta,
    pub settings: Settings,
    pub sites: Vec<SiteContent>,
}

/// Where a snapshot comes from: enough to make it again.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotMeta {
    pub source: String,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub scale: u32,
    /// First day of the schedules.
    pub today: NaiveDate,
    pub brand: String,
}

/// One country site.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteContent {
    pub site: Site,
    pub locales: Vec<LocaleContent>,
    /// Showtimes of every cinema of the site, as the ticketing system gives them (status
    /// available or soldout; the API turns past ones into locked at request time).
    #[serde(default)]
    pub showtimes: Vec<Showtime>,
    /// Shows that were taken down for good: the API answers 410 Gone for them.
    #[serde(default)]
    pub gone_shows: Vec<String>,
}

/// Everything of one site in one language.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocaleContent {
    pub language: Option<Lang>,
    #[serde(default)]
    pub cinemas: Vec<CinemaDetail>,
    /// Cities with their detail; `cinemas` and `nearby` are filled in by the API.
    #[serde(default)]
    pub cities: Vec<CityDetail>,
    /// Movies and events (`isMovie` false).
    #[serde(default)]
    pub shows: Vec<Show>,
    /// Seasons and special events (`type` says which); the events page lists them.
    #[serde(default)]
    pub seasons: Vec<SeasonDetail>,
    /// Show slugs of each season or special event, by the season's reference.
    #[serde(default)]
    pub season_shows: std::collections::BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub experiences: Vec<Experience>,
    #[serde(default)]
    pub experience_groups: Vec<ExperienceGroup>,
    #[serde(default)]
    pub technologies: Vec<Technology>,
    #[serde(default)]
    pub tags: Vec<Tag>,
    #[serde(default)]
    pub versions: Vec<Version>,
    /// News, event and experience articles.
    #[serde(default)]
    pub articles: Vec<Article>,
    #[serde(default)]
    pub experience_articles: Vec<ExperienceArticle>,
    #[serde(default)]
    pub offers: Vec<Offer>,
    #[serde(default)]
    pub offers_page: Option<OffersPageHeader>,
    #[serde(default)]
    pub temporary_offers: Vec<TemporaryOffer>,
    #[serde(default)]
    pub promotions: Vec<Promotion>,
    #[serde(default)]
    pub faq_articles: Vec<FaqArticle>,
    #[serde(default)]
    pub faq_categories: Vec<FaqCategory>,
    #[serde(default)]
    pub master_templates: Vec<MasterTemplate>,
    #[serde(default)]
    pub footer: Option<Footer>,
    #[serde(default)]
    pub alerts: Vec<Alert>,
    #[serde(default)]
    pub cinema_alerts: Vec<CinemaAlert>,
    #[serde(default)]
    pub ecards: Vec<ECard>,
    #[serde(default)]
    pub subscription: Option<Subscription>,
    #[serde(default)]
    pub vod: Vec<ShowVod>,
    #[serde(default)]
    pub zones: Vec<Zone>,
    #[serde(default)]
    pub native_ad: Option<Promotion>,
    #[serde(default)]
    pub permanent_autopromo: Option<Promotion>,
    #[serde(default)]
    pub youtube_latest: Vec<Video>,
}

impl Snapshot {
    /// Reads and checks a snapshot; the error names the file and what is wrong in it.
    pub fn read(path: &Path) -> Result<Snapshot, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        Snapshot::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn from_slice(bytes: &[u8]) -> Result<Snapshot, String> {
        let snapshot: Snapshot = serde_json::from_slice(bytes)
            .map_err(|e| format!("malformed content snapshot: {e}"))?;
        let problems = snapshot.problems();
        if !problems.is_empty() {
            let shown: Vec<_> = problems.iter().take(20).cloned().collect();
            return Err(format!(
                "inconsistent content snapshot ({} problem(s)):\n  {}",
                problems.len(),
                shown.join("\n  ")
            ));
        }
        Ok(snapshot)
    }

    /// Compact, deterministic JSON (field order is the types' order, maps are sorted).
    pub fn to_vec(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a snapshot always serialises")
    }

    pub fn site(&self, site: Site) -> Option<&SiteContent> {
        self.sites.iter().find(|s| s.site == site)
    }

    pub fn locale(&self, site: Site, lang: Lang) -> Option<&LocaleContent> {
        self.site(site)?
            .locales
            .iter()
            .find(|l| l.language == Some(lang))
    }

    /// Everything that would make the API answer wrongly: missing sites or languages,
    /// duplicate slugs, showtimes of unknown cinemas or shows.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for site in Site::ALL {
            let Some(content) = self.site(site) else {
                problems.push(format!("site {site} is missing"));
                continue;
            };
            for &lang in site.languages() {
                if !content.locales.iter().any(|l| l.language == Some(lang)) {
                    problems.push(format!("site {site}: language {lang} is missing"));
                }
            }
            for locale in &content.locales {
                let Some(lang) = locale.language else {
                    problems.push(format!("site {site}: a locale has no language"));
                    continue;
                };
                if !site.supports(lang) {
                    problems.push(format!("site {site}: language {lang} is not offered there"));
                }
                let at = format!("site {site}, language {lang}");
                duplicates(
                    &mut problems,
                    &at,
                    "cinema",
                    locale.cinemas.iter().map(|c| c.cinema.slug.as_str()),
                );
                duplicates(
                    &mut problems,
                    &at,
                    "city",
                    locale.cities.iter().map(|c| c.city.slug.as_str()),
                );
                duplicates(
                    &mut problems,
                    &at,
                    "show",
                    locale.shows.iter().map(|s| s.slug.as_str()),
                );
                duplicates(
                    &mut problems,
                    &at,
                    "season",
                    locale.seasons.iter().map(|s| s.season.slug.as_str()),
                );
                duplicates(
                    &mut problems,
                    &at,
                    "article",
                    locale.articles.iter().map(|a| a.slug.as_str()),
                );
                duplicates(
                    &mut problems,
                    &at,
                    "offer",
                    locale.offers.iter().map(|o| o.article.slug.as_str()),
                );
                let cities: HashSet<&str> =
                    locale.cities.iter().map(|c| c.city.slug.as_str()).collect();
                for cinema in &locale.cinemas {
                    if !cities.contains(cinema.cinema.city_slug.as_str()) {
                        problems.push(format!(
                            "{at}: cinema {} is in unknown city {}",
                            cinema.cinema.slug, cinema.cinema.city_slug
                        ));
                    }
                }
            }
            if let Some(first) = content.locales.first() {
                let cinemas: HashSet<&str> = first
                    .cinemas
                    .iter()
                    .map(|c| c.cinema.slug.as_str())
                    .collect();
                let shows: HashSet<&str> = first.shows.iter().map(|s| s.slug.as_str()).collect();
                for showtime in &content.showtimes {
                    if !cinemas.contains(showtime.cinema.as_str())
                        || !shows.contains(showtime.show.as_str())
                    {
                        problems.push(format!(
                            "site {site}: showtime {} refers to unknown cinema {} or show {}",
                            showtime.id, showtime.cinema, showtime.show
                        ));
                    }
                }
            }
        }
        problems
    }
}

fn duplicates<'a>(
    problems: &mut Vec<String>,
    at: &str,
    what: &str,
    slugs: impl Iterator<Item = &'a str>,
) {
    let mut seen = HashSet::new();
    for slug in slugs {
        if !seen.insert(slug) {
            problems.push(format!("{at}: {what} slug {slug:?} appears twice"));
        }
    }
}
