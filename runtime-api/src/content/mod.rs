//! The content store: the snapshot in memory with an index per site and language, and the
//! values the API derives rather than stores (a city's cinemas, nearby cinemas, schedules
//! with live showtime status, translations).

pub mod index;
pub mod known_tags;
pub mod live_cache;
pub mod schedule;

pub use index::LocaleIndex;

use chrono::{DateTime, Utc};
use site::content::*;
use site::snapshot::Snapshot;
use site::{Lang, Site};
use std::collections::{HashMap, HashSet};

pub struct ContentStore {
    pub settings: Settings,
    locales: HashMap<(Site, Lang), LocaleIndex>,
    sites: HashMap<Site, SiteShowtimes>,
}

/// Language-independent data of a site.
pub struct SiteShowtimes {
    pub showtimes: Vec<Showtime>,
    by_cinema: HashMap<String, Vec<usize>>,
    by_show: HashMap<String, Vec<usize>>,
    pub gone_shows: HashSet<String>,
    /// When each bookable showtime stops being bookable (`rules::effective_status`), in
    /// order: the instants at which an answer made of the site's showtimes may change.
    ends: Vec<DateTime<Utc>>,
}

impl ContentStore {
    pub fn new(snapshot: Snapshot) -> ContentStore {
        let mut locales = HashMap::new();
        let mut sites = HashMap::new();
        for site_content in snapshot.sites {
            let site = site_content.site;
            for locale in site_content.locales {
                if let Some(lang) = locale.language {
                    locales.insert((site, lang), LocaleIndex::new(locale));
                }
            }
            let mut by_cinema: HashMap<String, Vec<usize>> = HashMap::new();
            let mut by_show: HashMap<String, Vec<usize>> = HashMap::new();
            let mut showtimes = site_content.showtimes;
            showtimes.sort_by(|a, b| a.datetime.cmp(&b.datetime).then_with(|| a.id.cmp(&b.id)));
            for (i, s) in showtimes.iter().enumerate() {
                by_cinema.entry(s.cinema.clone()).or_default().push(i);
                by_show.entry(s.show.clone()).or_default().push(i);
            }
            let mut ends: Vec<DateTime<Utc>> = showtimes
                .iter()
                .filter(|s| s.status == ShowtimeStatus::Available)
                .map(|s| {
                    s.reservability_end
                        .unwrap_or(s.datetime)
                        .with_timezone(&Utc)
                })
                .collect();
            ends.sort_unstable();
            sites.insert(
                site,
                SiteShowtimes {
                    showtimes,
                    by_cinema,
                    by_show,
                    gone_shows: site_content.gone_shows.into_iter().collect(),
                    ends,
                },
            );
        }
        ContentStore {
            settings: snapshot.settings,
            locales,
            sites,
        }
    }

    /// The content of a site in a language. Every (site, language) the snapshot checks for
    /// exists, so a missing one is a bug of the snapshot loader.
    pub fn locale(&self, site: Site, lang: Lang) -> &LocaleIndex {
        self.locales
            .get(&(site, lang))
            .expect("snapshot checked: every site has every language")
    }

    pub fn site(&self, site: Site) -> &SiteShowtimes {
        self.sites
            .get(&site)
            .expect("snapshot checked: every site is present")
    }

    /// A showtime as a visitor must see it now: live status, labelled version, booking URL.
    pub fn present_showtime(
        &self,
        site: Site,
        locale: &LocaleIndex,
        showtime: &Showtime,
        now: DateTime<Utc>,
    ) -> Showtime {
        let mut s = showtime.clone();
        s.status = site::rules::effective_status(showtime, now);
        if let Some(v) = locale
            .content
            .versions
            .iter()
            .find(|v| v.slug == s.version.slug)
        {
            s.version.label = v.label.clone();
        }
        let cinema = locale.cinema(&s.cinema);
        let times = site::rules::film_times(
            site,
            s.datetime,
            cinema.and_then(|c| c.pre_show_minutes),
            locale.show(&s.show).and_then(|show| show.duration),
        );
        s.film_start = Some(times.start);
        s.film_end = times.end;
        if s.booking_url.is_none() {
            if let (Some(tunnel), Some(cinema)) =
                (&self.settings.tunnel_url, locale.cinema(&s.cinema))
            {
                s.booking_url = Some(format!(
                    "{tunnel}/{}/{}/{}",
                    site.code(),
                    cinema.cinema.vista_ref,
                    s.id
                ));
            }
        }
        s
    }
}

impl SiteShowtimes {
    /// The last instant up to which every showtime of the site keeps the status it has at
    /// `at` (a status changes once `now` is past a showtime's end: `rules::effective_status`);
    /// `None` when no status changes after `at`.
    pub fn unchanged_until(&self, at: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.ends
            .get(self.ends.partition_point(|end| *end < at))
            .copied()
    }

    pub fn of_cinema(&self, slug: &str) -> impl Iterator<Item = &Showtime> {
        self.by_cinema
            .get(slug)
            .into_iter()
            .flatten()
            .map(|&i| &self.showtimes[i])
    }

    pub fn of_show(&self, slug: &str) -> impl Iterator<Item = &Showtime> {
        self.by_show
            .get(slug)
            .into_iter()
            .flatten()
            .map(|&i| &self.showtimes[i])
    }
}
