//! Showtimes as the pages use them. A country's schedules are hundreds of thousands of
//! showtimes, each a dozen strings in the API's form (`site::content::Showtime`); held whole
//! they were most of a build's memory. They are read straight from the API's bytes into this
//! compact form instead: what the cinema, show and season pages print and describe (time,
//! status, version, badges, video format, booking link), versions and badge lists stored
//! once per language, shows referred to by number. Fields no page uses are never built.

use chrono::{DateTime, FixedOffset, NaiveDate};
use serde::de::{Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use site::content::{Price, Season, ShowtimeFlags, ShowtimeStatus, Version};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// One showtime.
pub struct Screening {
    /// The showtime's booking link, then its id unless the link ends with it (the API's do):
    /// one allocation for both, hundreds of thousands of showtimes being held at once (see
    /// `id` and `booking_url`).
    text: Box<str>,
    /// The link's length in `text`, plus one (0: no link).
    booking: u32,
    /// Where the id starts in `text`.
    id_start: u32,
    /// With the cinema's offset, as the content gives it.
    pub start: DateTime<FixedOffset>,
    /// The film's own start and end (after the cinema's pre-show; no end without the show's
    /// duration), as the API derives them (`site::rules::film_times`).
    pub film_start: Option<DateTime<FixedOffset>>,
    pub film_end: Option<DateTime<FixedOffset>>,
    /// The hall, as the calendar feeds name it (the same event text as the API's file): its
    /// index in `Tables::auditoriums` plus one (0: none). A cinema has a dozen.
    auditorium: u32,
    pub status: ShowtimeStatus,
    pub format: VideoFormat,
    /// Index in `Tables::versions`.
    pub version: u32,
    /// Index in `Tables::badges`: the experience icons.
    pub badges: u32,
    /// Index in `Tables::tag_lists`: the showtime's tag slugs (the schedule filters read them),
    /// then its accessibility icons the tags lack (`pmr`: issue 17, the access sheet).
    pub tags: u32,
}

impl Screening {
    /// `text`, `booking` and `id_start` for a showtime's id and link.
    fn text_of(id: &str, booking_url: Option<&str>) -> (Box<str>, u32, u32) {
        let Some(url) = booking_url else {
            return (id.into(), 0, 0);
        };
        let booking = url.len() as u32 + 1;
        if url.ends_with(id) {
            let id_start = (url.len() - id.len()) as u32;
            return (url.into(), booking, id_start);
        }
        (
            [url, id].concat().into_boxed_str(),
            booking,
            url.len() as u32,
        )
    }

    /// The showtime's id: the schedule island asks the API for its details by it.
    pub fn id(&self) -> &str {
        &self.text[self.id_start as usize..]
    }

    /// The booking tunnel.
    pub fn booking_url(&self) -> Option<&str> {
        let len = (self.booking as usize).checked_sub(1)?;
        Some(&self.text[..len])
    }
}

/// How a showtime is projected, as schema.org's `videoFormat` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VideoFormat {
    TwoD,
    ThreeD,
    Imax,
}

impl VideoFormat {
    pub fn name(self) -> &'static str {
        match self {
            VideoFormat::TwoD => "2D",
            VideoFormat::ThreeD => "3D",
            VideoFormat::Imax => "IMAX",
        }
    }
}

/// A showtime's instant as RFC 3339 text with the cinema's offset: `2026-11-22T20:30:00+01:00`,
/// or `2026-11-22T20:30+01:00` without seconds. Written by hand: chrono's `format` parses its
/// pattern anew for each of a page's hundreds of showtimes.
pub struct Rfc3339 {
    pub at: DateTime<FixedOffset>,
    pub seconds: bool,
}

impl Rfc3339 {
    /// The text, written digit by digit: a page writes two for each of hundreds of
    /// showtimes, and `write!` with its six arguments was a fifth of a schedule's cost.
    pub fn push_to(&self, out: &mut String) {
        use chrono::{Datelike, Timelike};
        let local = self.at.naive_local();
        let year = local.year();
        if !(0..=9999).contains(&year) || (self.seconds && local.nanosecond() != 0) {
            use std::fmt::Write as _;
            let _ = write!(out, "{}", Slow(self));
            return;
        }
        let offset = self.at.offset().local_minus_utc();
        let (sign, offset) = if offset < 0 {
            (b'-', -offset)
        } else {
            (b'+', offset)
        };
        let two = site::format::two_digits;
        let y = year as u32;
        let mut buf = [0u8; 25];
        let mut len = 0;
        let mut put = |bytes: &[u8]| {
            buf[len..len + bytes.len()].copy_from_slice(bytes);
            len += bytes.len();
        };
        put(&two(y / 100));
        put(&two(y));
        put(b"-");
        put(&two(local.month()));
        put(b"-");
        put(&two(local.day()));
        put(b"T");
        put(&two(local.hour()));
        put(b":");
        put(&two(local.minute()));
        if self.seconds {
            put(b":");
            put(&two(local.second()));
        }
        put(&[sign]);
        put(&two(offset as u32 / 3600));
        put(b":");
        put(&two(offset as u32 / 60 % 60));
        out.push_str(std::str::from_utf8(&buf[..len]).expect("ASCII digits"));
    }
}

impl std::fmt::Display for Rfc3339 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::with_capacity(25);
        self.push_to(&mut text);
        f.write_str(&text)
    }
}

/// The general writer, for years outside 0–9999 and instants with fractions of a second.
struct Slow<'a>(&'a Rfc3339);

impl std::fmt::Display for Slow<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use chrono::Timelike;
        let local = self.0.at.naive_local();
        let offset = self.0.at.offset().local_minus_utc();
        let (sign, offset) = if offset < 0 {
            ('-', -offset)
        } else {
            ('+', offset)
        };
        write!(
            f,
            "{}T{:02}:{:02}",
            local.date(),
            local.hour(),
            local.minute()
        )?;
        if self.0.seconds {
            write!(f, ":{:02}", local.second())?;
            if local.nanosecond() != 0 {
                write!(f, ".{:09}", local.nanosecond())?;
            }
        }
        write!(f, "{sign}{:02}:{:02}", offset / 3600, offset / 60 % 60)
    }
}

/// The accessibility tags of the access sheet (issue 17 item 5), in the order chips show
/// them: audio description, subtitles for the deaf and hard of hearing, wheelchair access.
pub const ACCESS: [&str; 3] = ["audiodesc", "hearing-impaired", "pmr"];

/// Whether a tag slug is one of the access sheet's (`ACCESS`, compared ignoring case).
pub fn is_access(tag: &str) -> bool {
    ACCESS.iter().any(|a| a.eq_ignore_ascii_case(tag))
}

/// A show as schedules name it: an index in `Tables::show_slugs`, resolved to the locale's
/// show once everything is fetched (a schedule may name a show the list does not have).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShowId(pub u32);

/// A cinema's schedule: days in date order, each day's shows in the API's order.
#[derive(Default)]
pub struct CinemaSchedule {
    pub days: Vec<Day>,
}

pub struct Day {
    pub date: NaiveDate,
    pub shows: Vec<DayShow>,
}

pub struct DayShow {
    pub show: ShowId,
    pub screenings: Vec<Screening>,
}

/// What a season page shows: the season, its prices and, per cinema, each show's next
/// screenings (the cinema's page has the other dates).
pub struct SeasonPage {
    pub season: Season,
    pub prices: Vec<Price>,
    /// In cinema slug order.
    pub cinemas: Vec<SeasonCinema>,
}

pub struct SeasonCinema {
    pub cinema: String,
    /// In show slug order; each show's next screenings in time order.
    pub shows: Vec<(ShowId, Vec<Screening>)>,
    /// Some show plays more often than its list says.
    pub more: bool,
}

impl SeasonPage {
    /// The season's first screening not started at `now`, and the cinema where it plays:
    /// what its structured data names (a search engine must not offer a started screening).
    pub fn first_after(&self, now: DateTime<chrono::Utc>) -> Option<(&Screening, &str)> {
        self.cinemas
            .iter()
            .flat_map(|c| {
                c.shows
                    .iter()
                    .flat_map(move |(_, list)| list.iter().find(|s| s.start > now))
                    .map(move |s| (s, c.cinema.as_str()))
            })
            .min_by_key(|(s, _)| s.start)
    }
}

/// What showtimes of one language share: versions, badge lists and show slugs, each once.
#[derive(Default)]
pub struct Tables {
    pub versions: Vec<Version>,
    pub badges: Vec<Vec<String>>,
    pub tag_lists: Vec<Vec<String>>,
    pub show_slugs: Vec<Box<str>>,
    /// The halls' names (`Screening::auditorium`), and each one's number there plus one.
    auditoriums: Vec<Box<str>>,
    auditorium_ids: rustc_hash::FxHashMap<Box<str>, u32>,
    /// Fx-hashed (as `deps`'s maps): looked up for every showtime read.
    slug_ids: rustc_hash::FxHashMap<Box<str>, ShowId>,
    /// Each tag list joined with commas, as a chip's `data-tags` writes it (once per list,
    /// not once per showtime).
    tags_joined: Vec<String>,
    /// Whether each tag list names an access feature (`is_access`): a chip's badges.
    tags_access: Vec<bool>,
    /// The languages of each version (`version_languages`), found once per version.
    version_langs: Vec<site::rules::VersionLanguages>,
    /// The site whose labels the versions are: "OV" means a different thing per country
    /// (`site::rules::version_languages`). France's meaning when unset.
    pub site: Option<site::Site>,
    /// The versions read for a language whose `/versions` does not name them: shown with the
    /// answer's own label (`screening_labelled`), and said in the build's log.
    pub unlabelled: std::collections::BTreeSet<String>,
}

impl Tables {
    pub fn version(&self, screening: &Screening) -> &Version {
        &self.versions[screening.version as usize]
    }

    /// The hall a showtime plays in, as the content names it.
    pub fn auditorium(&self, screening: &Screening) -> Option<&str> {
        let i = (screening.auditorium as usize).checked_sub(1)?;
        Some(&self.auditoriums[i])
    }

    /// The languages heard and shown of the version at `index` (`site::rules::version_languages`,
    /// the site's table: one source for the islands' filter and the pages' JSON-LD).
    pub fn version_languages(&self, index: u32) -> site::rules::VersionLanguages {
        self.version_langs[index as usize]
    }

    /// A showtime's tags joined with commas (`data-tags`).
    pub fn tags_joined(&self, screening: &Screening) -> &str {
        &self.tags_joined[screening.tags as usize]
    }

    /// Whether a showtime's tags name an access feature (audio description…).
    pub fn has_access(&self, screening: &Screening) -> bool {
        self.tags_access[screening.tags as usize]
    }

    pub fn badges(&self, screening: &Screening) -> &[String] {
        &self.badges[screening.badges as usize]
    }

    pub fn tags(&self, screening: &Screening) -> &[String] {
        &self.tag_lists[screening.tags as usize]
    }

    pub fn slug(&self, show: ShowId) -> &str {
        &self.show_slugs[show.0 as usize]
    }

    fn show(&mut self, slug: &str) -> ShowId {
        if let Some(id) = self.slug_ids.get(slug) {
            return *id;
        }
        let id = ShowId(self.show_slugs.len() as u32);
        self.show_slugs.push(slug.into());
        self.slug_ids.insert(slug.into(), id);
        id
    }

    fn screening(&mut self, s: &WireShowtime<'_>) -> Screening {
        self.screening_labelled(s, None)
    }

    /// A screening whose version takes its label from `labels` (another language's), when
    /// they name its slug; else the answer's own label.
    fn screening_labelled(
        &mut self,
        s: &WireShowtime<'_>,
        labels: Option<&VersionLabels>,
    ) -> Screening {
        let label: &str = labels
            .and_then(|m| m.get(&*s.version.slug.0))
            .map(String::as_str)
            .unwrap_or(&s.version.label.0);
        // A handful of versions and badge lists per language: a scan beats hashing.
        let version = match self
            .versions
            .iter()
            .position(|v| v.slug == *s.version.slug.0 && v.label == label)
        {
            Some(i) => i,
            None => {
                if labels.is_some_and(|m| !m.contains_key(&*s.version.slug.0)) {
                    self.unlabelled.insert(s.version.slug.0.to_string());
                }
                self.versions.push(Version {
                    slug: s.version.slug.0.to_string(),
                    label: label.to_string(),
                });
                self.version_langs.push(site::rules::version_languages(
                    self.site.unwrap_or(site::Site::Fr),
                    &s.version.slug.0,
                    label,
                ));
                self.versions.len() - 1
            }
        };
        let badges = intern_list(&mut self.badges, &s.experience_icons);
        let tags = intern_tags(&mut self.tag_lists, &s.tags, &s.accessibility_icons);
        if tags == self.tags_joined.len() {
            self.tags_joined.push(self.tag_lists[tags].join(","));
            let access = self.tag_lists[tags].iter().any(|t| is_access(t));
            self.tags_access.push(access);
        }
        let tagged = |tag: &str| s.tags.iter().any(|t| t.0 == tag);
        let format = if tagged("imax") {
            VideoFormat::Imax
        } else if s.flags.three_d || tagged("3d") {
            VideoFormat::ThreeD
        } else {
            VideoFormat::TwoD
        };
        let (text, booking, id_start) =
            Screening::text_of(&s.id.0, s.booking_url.as_ref().map(|u| u.0.as_ref()));
        let auditorium = match &s.auditorium {
            None => 0,
            Some(name) => match self.auditorium_ids.get(name.0.as_ref()) {
                Some(&i) => i,
                None => {
                    self.auditoriums.push(name.0.as_ref().into());
                    let i = self.auditoriums.len() as u32;
                    self.auditorium_ids.insert(name.0.as_ref().into(), i);
                    i
                }
            },
        };
        Screening {
            text,
            booking,
            id_start,
            start: s.datetime,
            film_start: s.film_start,
            film_end: s.film_end,
            auditorium,
            status: s.status,
            format,
            version: version as u32,
            badges: badges as u32,
            tags: tags as u32,
        }
    }
}

/// The index of `list` in `lists`, added when new. A few dozen lists per language: a scan
/// beats hashing.
fn intern_list(lists: &mut Vec<Vec<String>>, list: &[Text<'_>]) -> usize {
    match lists
        .iter()
        .position(|l| l.len() == list.len() && l.iter().zip(list).all(|(a, b)| *a == *b.0))
    {
        Some(i) => i,
        None => {
            lists.push(list.iter().map(|t| t.0.to_string()).collect());
            lists.len() - 1
        }
    }
}

/// A showtime's tags followed by its accessibility icons, each once, in that order (the
/// schedule island's live updates write a chip's `data-tags` in the same order: live-dom.ts),
/// interned as `intern_list` does.
fn intern_tags(lists: &mut Vec<Vec<String>>, tags: &[Text<'_>], icons: &[Text<'_>]) -> usize {
    let mut all: Vec<&str> = Vec::with_capacity(tags.len() + icons.len());
    for t in tags.iter().chain(icons) {
        if !all.contains(&t.0.as_ref()) {
            all.push(t.0.as_ref());
        }
    }
    match lists
        .iter()
        .position(|l| l.len() == all.len() && l.iter().zip(&all).all(|(a, b)| a == b))
    {
        Some(i) => i,
        None => {
            lists.push(all.iter().map(|t| t.to_string()).collect());
            lists.len() - 1
        }
    }
}

/// `read_schedule_for` one language, in the answer's own (the tests').
#[cfg(test)]
pub fn read_and_compact_schedule(
    body: &[u8],
    tables: &Mutex<Tables>,
) -> Result<(CinemaSchedule, Option<Vec<u8>>), serde_json::Error> {
    let (mut read, compact) = read_schedule_for(body, &[(tables, None)])?;
    Ok((read.pop().expect("one reader, one schedule"), compact))
}

/// A language's labels of the versions, by slug (`/versions?language=…`).
pub type VersionLabels = std::collections::HashMap<String, String>;

/// Who reads a schedule: a language's tables, and the labels its versions take when the
/// answer was asked for in another language (None: the answer's own labels).
pub type ScheduleReader<'a> = (&'a Mutex<Tables>, Option<&'a VersionLabels>);

/// Reads a cinema's schedule (`/cinema/{slug}/shows`) from the API's bytes once for each of a
/// site's languages (a schedule differs between them only by its versions' labels:
/// docs/decisions.md, "One schedule a cinema, not one a language"), and gives its compact form
/// too: what pages read of it (the wire types below) in `postcard`'s binary form, which the
/// fetch cache keeps beside the answer. Reading that form again (`read_compact_schedule_as`)
/// costs a tenth of parsing the JSON, most of a targeted build's reading.
pub fn read_schedule_for(
    body: &[u8],
    readers: &[ScheduleReader],
) -> Result<(Vec<CinemaSchedule>, Option<Vec<u8>>), serde_json::Error> {
    let wire: WireSchedule = crate::fetch::json(body)?;
    // A form that does not encode is only not kept: the next build reads the JSON again.
    let compact = postcard::to_allocvec(&wire).ok();
    let read = readers
        .iter()
        .map(|&(tables, labels)| from_wire(&wire, tables, labels))
        .collect();
    Ok((read, compact))
}

/// A schedule from its compact form (`read_and_compact_schedule`); None when the bytes are
/// not one (the JSON is read instead).
#[cfg(test)]
pub fn read_compact_schedule(bytes: &[u8], tables: &Mutex<Tables>) -> Option<CinemaSchedule> {
    read_compact_schedule_as(bytes, tables, None)
}

/// `read_compact_schedule` for a language the answer was not asked in (`ScheduleReader`).
pub fn read_compact_schedule_as(
    bytes: &[u8],
    tables: &Mutex<Tables>,
    labels: Option<&VersionLabels>,
) -> Option<CinemaSchedule> {
    let wire: WireSchedule = postcard::from_bytes(bytes).ok()?;
    Some(from_wire(&wire, tables, labels))
}

fn from_wire(
    wire: &WireSchedule<'_>,
    tables: &Mutex<Tables>,
    labels: Option<&VersionLabels>,
) -> CinemaSchedule {
    let mut tables = tables.lock().expect("no panics while holding the lock");
    let days = wire
        .days
        .iter()
        .map(|(date, entries)| Day {
            date: *date,
            shows: entries
                .iter()
                .map(|e| DayShow {
                    show: tables.show(&e.show.0),
                    screenings: e
                        .showtimes
                        .iter()
                        .map(|s| tables.screening_labelled(s, labels))
                        .collect(),
                })
                .collect(),
        })
        .collect();
    CinemaSchedule { days }
}

/// Reads a season (`/event/{slug}`) from the API's bytes, keeping each show's first `keep`
/// screenings per cinema, and gives its compact form too: the season, its prices and only the
/// screenings kept, in `postcard`'s form. A country's seasons are
/// megabytes of showtimes of which pages print three a show; reading them again from this form
/// is what lets a rebuild skip parsing all of them.
pub fn read_and_compact_season(
    body: &[u8],
    keep: usize,
    tables: &Mutex<Tables>,
) -> Result<(SeasonPage, Option<Vec<u8>>), serde_json::Error> {
    let wire: WireSeason = crate::fetch::json(body)?;
    let cinemas: Vec<CompactSeasonCinema> = wire
        .showtimes
        .into_iter()
        .map(|(cinema, shows)| {
            let mut more = false;
            let shows = shows
                .into_iter()
                .map(|(show, mut list)| {
                    list.sort_by_key(|s| s.datetime);
                    more |= list.len() > keep;
                    list.truncate(keep);
                    (Text(Cow::Owned(show)), list)
                })
                .collect();
            CompactSeasonCinema {
                cinema: Text(Cow::Owned(cinema)),
                more,
                shows,
            }
        })
        .collect();
    // A form that does not encode is only not kept: the next build reads the JSON again.
    let season = serde_json::to_string(&(&wire.season, &wire.prices)).unwrap_or_default();
    let compact = CompactSeason {
        season: Text(Cow::Owned(season)),
        cinemas,
    };
    let bytes = Some(&compact)
        .filter(|c| !c.season.0.is_empty())
        .and_then(|c| postcard::to_allocvec(c).ok());
    let cinemas = compact.cinemas;
    let page = season_page(wire.season, wire.prices, cinemas, tables);
    Ok((page, bytes))
}

/// A season from its compact form (`read_and_compact_season`); None when the bytes are not one
/// (the JSON is read instead).
pub fn read_compact_season(bytes: &[u8], tables: &Mutex<Tables>) -> Option<SeasonPage> {
    let compact: CompactSeason = postcard::from_bytes(bytes).ok()?;
    let (season, prices): (Season, Vec<Price>) = serde_json::from_str(&compact.season.0).ok()?;
    Some(season_page(season, prices, compact.cinemas, tables))
}

fn season_page(
    season: Season,
    prices: Vec<Price>,
    cinemas: Vec<CompactSeasonCinema<'_>>,
    tables: &Mutex<Tables>,
) -> SeasonPage {
    let mut tables = tables.lock().expect("no panics while holding the lock");
    let cinemas = cinemas
        .into_iter()
        .map(|c| SeasonCinema {
            cinema: c.cinema.0.into_owned(),
            shows: c
                .shows
                .iter()
                .map(|(show, list)| {
                    (
                        tables.show(&show.0),
                        list.iter().map(|s| tables.screening(s)).collect(),
                    )
                })
                .collect(),
            more: c.more,
        })
        .collect();
    SeasonPage {
        season,
        prices,
        cinemas,
    }
}

/// Where a show plays: a cinema (index in `LocaleData::cinemas`), a day of its schedule
/// (index in `days`) and the show's entry that day.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub cinema: u32,
    pub day: u32,
    pub entry: u32,
}

// The API's showtimes as far as pages use them (`site::content::Showtime` names every
// field); strings borrow from the response where they can, other fields are skipped unread.
// The same types are the compact form kept beside the answer (`postcard`: fields in order,
// no names), so a field added here is kept there too. That form is only read by the
// generator binary that wrote it (`FetchCache`), so its layout may change freely.

#[derive(Deserialize, Serialize)]
struct WireSchedule<'a> {
    #[serde(default, borrow)]
    days: BTreeMap<NaiveDate, Vec<WireEntry<'a>>>,
}

#[derive(Deserialize, Serialize)]
struct WireEntry<'a> {
    #[serde(borrow)]
    show: Text<'a>,
    #[serde(default, borrow)]
    showtimes: Vec<WireShowtime<'a>>,
}

#[derive(Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
struct WireShowtime<'a> {
    #[serde(borrow)]
    id: Text<'a>,
    status: ShowtimeStatus,
    #[serde(with = "instant")]
    datetime: DateTime<FixedOffset>,
    #[serde(default, with = "optional_instant")]
    film_start: Option<DateTime<FixedOffset>>,
    #[serde(default, with = "optional_instant")]
    film_end: Option<DateTime<FixedOffset>>,
    #[serde(borrow)]
    version: WireVersion<'a>,
    #[serde(default, borrow)]
    tags: Vec<Text<'a>>,
    #[serde(default)]
    flags: ShowtimeFlags,
    #[serde(default, borrow)]
    booking_url: Option<Text<'a>>,
    #[serde(default, borrow)]
    auditorium: Option<Text<'a>>,
    #[serde(default, borrow)]
    experience_icons: Vec<Text<'a>>,
    /// Accessibility tag slugs (`pmr`, `audiodesc`, `hearing-impaired`): the access sheet.
    #[serde(default, borrow)]
    accessibility_icons: Vec<Text<'a>>,
}

#[derive(Deserialize, Serialize)]
struct WireVersion<'a> {
    #[serde(borrow)]
    slug: Text<'a>,
    #[serde(borrow)]
    label: Text<'a>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireSeason<'a> {
    #[serde(flatten)]
    season: Season,
    #[serde(default)]
    prices: Vec<Price>,
    #[serde(default, borrow)]
    showtimes: BTreeMap<String, BTreeMap<String, Vec<WireShowtime<'a>>>>,
}

/// A season's compact form: the season and its prices as JSON (`Season` leaves absent fields
/// out, which postcard's fields-in-order form cannot read back), then the screenings kept, in
/// cinema then show slug order.
#[derive(Deserialize, Serialize)]
struct CompactSeason<'a> {
    #[serde(borrow)]
    season: Text<'a>,
    #[serde(borrow)]
    cinemas: Vec<CompactSeasonCinema<'a>>,
}

#[derive(Deserialize, Serialize)]
struct CompactSeasonCinema<'a> {
    #[serde(borrow)]
    cinema: Text<'a>,
    /// Some show plays more often than its kept screenings.
    more: bool,
    #[serde(borrow)]
    shows: Vec<(Text<'a>, Vec<WireShowtime<'a>>)>,
}

/// An instant as the API writes it (`2026-11-22T20:30:00+01:00`), read without chrono's
/// general parser (a tenth of reading a schedule); any other form goes to chrono, as before.
/// In the compact form (not human-readable): seconds since the epoch, nanoseconds and the
/// offset in seconds.
mod instant {
    use super::{parse_instant, Text};
    use chrono::{DateTime, FixedOffset, TimeZone};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(at: &DateTime<FixedOffset>, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(&at.to_rfc3339())
        } else {
            (
                at.timestamp(),
                at.timestamp_subsec_nanos(),
                at.offset().local_minus_utc(),
            )
                .serialize(s)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<FixedOffset>, D::Error> {
        if d.is_human_readable() {
            let text = Text::deserialize(d)?;
            return parse_instant(&text.0).map_err(serde::de::Error::custom);
        }
        let (seconds, nanos, offset) = <(i64, u32, i32)>::deserialize(d)?;
        FixedOffset::east_opt(offset)
            .and_then(|o| o.timestamp_opt(seconds, nanos).single())
            .ok_or_else(|| serde::de::Error::custom("an instant out of range"))
    }
}

mod optional_instant {
    use chrono::{DateTime, FixedOffset};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Deserialize, Serialize)]
    struct Instant(#[serde(with = "super::instant")] DateTime<FixedOffset>);

    pub fn serialize<S: Serializer>(
        at: &Option<DateTime<FixedOffset>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        at.map(Instant).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<DateTime<FixedOffset>>, D::Error> {
        Ok(Option::<Instant>::deserialize(d)?.map(|i| i.0))
    }
}

fn parse_instant(text: &str) -> Result<DateTime<FixedOffset>, chrono::ParseError> {
    fast_instant(text).map_or_else(|| text.parse(), Ok)
}

/// `YYYY-MM-DDTHH:MM:SS±HH:MM` exactly, or `None`.
fn fast_instant(text: &str) -> Option<DateTime<FixedOffset>> {
    use chrono::TimeZone;
    let b = text.as_bytes();
    if b.len() != 25
        || b[4] != b'-'
        || b[7] != b'-'
        || b[10] != b'T'
        || b[13] != b':'
        || b[16] != b':'
        || b[22] != b':'
    {
        return None;
    }
    let num = |from: usize, to: usize| -> Option<u32> {
        b[from..to].iter().try_fold(0u32, |n, &d| {
            d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
        })
    };
    let date = NaiveDate::from_ymd_opt(num(0, 4)? as i32, num(5, 7)?, num(8, 10)?)?;
    let time = chrono::NaiveTime::from_hms_opt(num(11, 13)?, num(14, 16)?, num(17, 19)?)?;
    let offset = (num(20, 22)? * 3600 + num(23, 25)? * 60) as i32;
    let offset = match b[19] {
        b'+' => FixedOffset::east_opt(offset)?,
        b'-' => FixedOffset::west_opt(offset)?,
        _ => return None,
    };
    offset.from_local_datetime(&date.and_time(time)).single()
}

/// A string borrowed from the response when it has no escapes, copied otherwise.
struct Text<'a>(Cow<'a, str>);

impl Serialize for Text<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Cow<'de, str>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Cow::Borrowed(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Cow::Owned(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
                Ok(Cow::Owned(v))
            }
        }
        deserializer.deserialize_str(TextVisitor).map(Text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_showtimes_id_and_link_share_one_text_whether_the_link_ends_with_the_id_or_not() {
        let screening = |id: &str, url: Option<&str>| {
            let (text, booking, id_start) = Screening::text_of(id, url);
            (text.len(), booking, id_start, text)
        };
        let cases = [
            ("FR1-2", Some("https://tickets.example.org/fr/FR1-2"), 36),
            (
                "FR1-2",
                Some("https://tickets.example.org/book?s=other"),
                45,
            ),
            ("FR1-2", Some(""), 5),
            ("FR1-2", None, 5),
        ];
        for (id, url, len) in cases {
            let (text_len, booking, id_start, text) = screening(id, url);
            let s = Screening {
                text,
                booking,
                id_start,
                start: DateTime::parse_from_rfc3339("2026-12-02T10:50:00+01:00").unwrap(),
                film_start: None,
                film_end: None,
                auditorium: 0,
                status: ShowtimeStatus::Available,
                format: VideoFormat::TwoD,
                version: 0,
                badges: 0,
                tags: 0,
            };
            assert_eq!((s.id(), s.booking_url()), (id, url), "{url:?}");
            assert_eq!(text_len, len, "one text for both: {url:?}");
            assert_eq!(Tables::default().auditorium(&s), None);
        }
    }

    #[test]
    fn instants_read_as_chrono_reads_them() {
        for text in [
            "2026-11-22T20:30:00+01:00",
            "2026-03-29T01:59:59-09:30",
            "2026-11-22T00:00:00+00:00",
            "2026-11-22T20:30:00Z",
            "2026-11-22T20:30:00.5+01:00",
            "2026-11-22 20:30:00+01:00",
        ] {
            let chrono: DateTime<FixedOffset> = text.parse().expect("chrono reads it");
            let ours = parse_instant(text).expect("we read it");
            assert_eq!(ours, chrono, "{text}");
            assert_eq!(ours.offset(), chrono.offset(), "{text}");
        }
        for text in [
            "2026-02-30T20:30:00+01:00",
            "2026-11-22T24:30:00+01:00",
            "x",
        ] {
            assert!(parse_instant(text).is_err(), "{text}");
        }
    }
    use site::content::{Schedule, ScheduleShow, Showtime, SpecialShowtimeDetails};

    fn showtime(
        id: &str,
        at: &str,
        version: (&str, &str),
        tags: &[&str],
        three_d: bool,
        icons: &[&str],
    ) -> Showtime {
        Showtime {
            id: id.to_string(),
            show: "dune".to_string(),
            cinema: "paris-opera".to_string(),
            status: ShowtimeStatus::Available,
            datetime: DateTime::parse_from_rfc3339(at).unwrap(),
            end_time: Some(
                DateTime::parse_from_rfc3339(at).unwrap() + chrono::Duration::minutes(150),
            ),
            version: Version {
                slug: version.0.to_string(),
                label: version.1.to_string(),
            },
            tags: tags.iter().map(|t| t.to_string()).collect(),
            flags: ShowtimeFlags { three_d },
            booking_url: Some(format!("https://tickets.example.org/fr/{id}")),
            auditorium: Some("7".to_string()),
            seat_count: Some(120),
            accessibility_icons: vec!["pmr".to_string()],
            experience_icons: icons.iter().map(|t| t.to_string()).collect(),
            special_showtime_details: Some(SpecialShowtimeDetails {
                title_screening: Some("Débat \"après\"".to_string()),
                ..Default::default()
            }),
            reservability_end: None,
            film_start: Some(
                DateTime::parse_from_rfc3339(at).unwrap() + chrono::Duration::minutes(15),
            ),
            film_end: (id != "b").then(|| {
                DateTime::parse_from_rfc3339(at).unwrap() + chrono::Duration::minutes(15 + 131)
            }),
        }
    }

    /// The compact form is read from the API's own type, serialised as the API does.
    /// A day of one show with three showtimes: two versions, one with an escaped label.
    fn three_showtimes(day: NaiveDate) -> Schedule {
        Schedule {
            days: BTreeMap::from([(
                day,
                vec![ScheduleShow {
                    show: "dune".to_string(),
                    data: None,
                    resume: Default::default(),
                    showtimes: vec![
                        showtime(
                            "a",
                            "2026-11-22T20:30:00+01:00",
                            ("vf", "Version française"),
                            &["imax"],
                            false,
                            &["imax"],
                        ),
                        showtime(
                            "b",
                            "2026-11-22T22:45:00+01:00",
                            ("vost", "VOST \"sous-titrée\""),
                            &["3d"],
                            true,
                            &[],
                        ),
                        showtime(
                            "c",
                            "2026-11-22T23:00:00+01:00",
                            ("vf", "Version française"),
                            &[],
                            false,
                            &["imax"],
                        ),
                    ],
                }],
            )]),
            highlighted_showtime: None,
            upsell_pushes: Vec::new(),
        }
    }

    #[test]
    fn a_schedule_keeps_what_pages_use_and_shares_versions_and_badges() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let schedule = three_showtimes(day);
        let body = serde_json::to_vec(&schedule).unwrap();
        let tables = Mutex::new(Tables::default());
        let (read, compact) = read_and_compact_schedule(&body, &tables).unwrap();
        let tables = tables.into_inner().unwrap();
        assert_eq!(read.days.len(), 1);
        assert_eq!(read.days[0].date, day);
        let entry = &read.days[0].shows[0];
        assert_eq!(tables.slug(entry.show), "dune");
        let [a, b, c] = &entry.screenings[..] else {
            panic!("three screenings")
        };
        let original = &schedule.days[&day][0].showtimes;
        assert_eq!(a.start, original[0].datetime);
        assert_eq!(a.film_start, original[0].film_start);
        assert_eq!(a.film_end, original[0].film_end);
        assert_eq!(b.film_end, None, "no film end where the API gives none");
        assert_eq!(a.booking_url(), original[0].booking_url.as_deref());
        assert_eq!(a.id(), original[0].id);
        assert_eq!(tables.auditorium(a), original[0].auditorium.as_deref());
        assert_eq!(a.status, ShowtimeStatus::Available);
        assert_eq!(
            (a.format, b.format, c.format),
            (VideoFormat::Imax, VideoFormat::ThreeD, VideoFormat::TwoD)
        );
        assert_eq!(
            tables.version(b),
            &original[1].version,
            "an escaped label is read too"
        );
        assert_eq!(a.version, c.version);
        assert_eq!(tables.versions.len(), 2);
        assert_eq!(tables.badges(a), ["imax".to_string()]);
        assert_eq!(a.badges, c.badges);
        assert!(tables.badges(b).is_empty());

        // The compact form reads back to the same schedule, alone or after the JSON (its
        // versions and lists found again in the language's tables, not added twice).
        let compact = compact.expect("a compact form");
        assert!(
            compact.len() * 2 < body.len(),
            "{} / {}",
            compact.len(),
            body.len()
        );
        let tables = Mutex::new(tables);
        let again = read_compact_schedule(&compact, &tables).expect("reads back");
        let tables = tables.into_inner().unwrap();
        assert_eq!(described(&again, &tables), described(&read, &tables));
        assert_eq!(tables.versions.len(), 2);
        assert_eq!(tables.show_slugs.len(), 1);
        let alone = Mutex::new(Tables::default());
        let fresh = read_compact_schedule(&compact, &alone).expect("reads back");
        assert_eq!(
            described(&fresh, &alone.into_inner().unwrap()),
            described(&read, &tables)
        );
        // Bytes that are not a compact schedule are refused, not misread.
        assert!(read_compact_schedule(&compact[..compact.len() / 2], &Mutex::default()).is_none());
        assert!(read_compact_schedule(b"{\"days\":{}}", &Mutex::default()).is_none());
    }

    /// One answer read for two languages: the other language's versions take the labels
    /// `/versions` gives in it, a slug it does not name keeps the answer's label, and
    /// everything else is the same; its compact form reads back the same way.
    #[test]
    fn a_schedule_read_for_another_language_takes_its_version_labels() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let body = serde_json::to_vec(&three_showtimes(day)).unwrap();
        let labels: VersionLabels = [("vf".to_string(), "French version".to_string())].into();
        let (fr, en) = (Mutex::new(Tables::default()), Mutex::new(Tables::default()));
        let (read, compact) =
            read_schedule_for(&body, &[(&fr, None), (&en, Some(&labels))]).unwrap();
        let [fr_read, en_read] = &read[..] else {
            panic!("one schedule a reader")
        };
        let (fr, en) = (fr.into_inner().unwrap(), en.into_inner().unwrap());
        let label = |tables: &Tables, schedule: &CinemaSchedule, i: usize| {
            tables
                .version(&schedule.days[0].shows[0].screenings[i])
                .label
                .clone()
        };
        assert_eq!(label(&fr, fr_read, 0), "Version française");
        assert_eq!(label(&en, en_read, 0), "French version");
        assert_eq!(label(&en, en_read, 2), "French version");
        assert_eq!(
            label(&en, en_read, 1),
            "VOST \"sous-titrée\"",
            "a slug /versions lacks"
        );
        assert_eq!(
            en.unlabelled,
            std::collections::BTreeSet::from(["vost".to_string()]),
            "said in the log"
        );
        assert!(fr.unlabelled.is_empty(), "the answer's own language");
        let without_labels = |tables: &Tables, schedule: &CinemaSchedule| -> Vec<String> {
            described(schedule, tables)
                .into_iter()
                .map(|line| line.replace("French version", "Version française"))
                .collect()
        };
        assert_eq!(without_labels(&en, en_read), described(fr_read, &fr));
        // The compact form, read for the other language, gives the same.
        let again = Mutex::new(Tables::default());
        let from_compact =
            read_compact_schedule_as(&compact.expect("a compact form"), &again, Some(&labels))
                .expect("reads back");
        assert_eq!(
            described(&from_compact, &again.into_inner().unwrap()),
            described(en_read, &en)
        );
    }

    /// Every fact a schedule holds, with its tables' strings.
    fn described(schedule: &CinemaSchedule, tables: &Tables) -> Vec<String> {
        let mut out = Vec::new();
        for day in &schedule.days {
            for entry in &day.shows {
                for s in &entry.screenings {
                    out.push(format!(
                        "{} {} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {}",
                        day.date,
                        tables.slug(entry.show),
                        s.id(),
                        (s.start, s.start.offset()),
                        s.film_start.map(|t| (t, *t.offset())),
                        s.film_end,
                        s.booking_url(),
                        tables.auditorium(s),
                        s.status,
                        s.format,
                        tables.version(s),
                        tables.badges(s),
                        tables.tags(s),
                        tables.tags_joined(s),
                    ));
                }
            }
        }
        out
    }

    #[test]
    fn instants_keep_their_offset_and_fractions_in_the_compact_form() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct At(
            #[serde(with = "instant")] DateTime<FixedOffset>,
            #[serde(with = "optional_instant")] Option<DateTime<FixedOffset>>,
        );
        for text in [
            "2026-11-22T20:30:00+01:00",
            "2026-03-29T09:05:07.25-03:30",
            "0999-01-02T03:04:05-11:59",
        ] {
            let at = DateTime::parse_from_rfc3339(text).unwrap();
            for value in [At(at, Some(at)), At(at, None)] {
                let bytes = postcard::to_allocvec(&value).unwrap();
                let back: At = postcard::from_bytes(&bytes).unwrap();
                assert_eq!(back, value);
                assert_eq!(back.0.offset(), at.offset());
                // And JSON as the API writes it.
                let json = serde_json::to_string(&value).unwrap();
                assert_eq!(serde_json::from_str::<At>(&json).unwrap(), value);
            }
        }
    }

    #[test]
    fn instants_read_as_rfc_3339_with_the_cinemas_offset() {
        for text in [
            "2026-11-22T20:30:00+01:00",
            "2026-03-29T09:05:07-03:30",
            "2026-11-22T00:00:00+00:00",
            "0999-01-02T03:04:05-11:59",
        ] {
            let at = DateTime::parse_from_rfc3339(text).unwrap();
            assert_eq!(Rfc3339 { at, seconds: true }.to_string(), at.to_rfc3339());
            let mut pushed = String::from("at ");
            Rfc3339 { at, seconds: true }.push_to(&mut pushed);
            assert_eq!(pushed, format!("at {}", at.to_rfc3339()));
            assert_eq!(
                Rfc3339 { at, seconds: false }.to_string(),
                at.format("%Y-%m-%dT%H:%M%:z").to_string()
            );
        }
        // Fractions of a second (never in the content) and a year of five digits take the
        // general writer.
        let at = DateTime::parse_from_rfc3339("2026-11-22T20:30:00.25+01:00").unwrap();
        let mut pushed = String::new();
        Rfc3339 { at, seconds: true }.push_to(&mut pushed);
        assert_eq!(pushed, "2026-11-22T20:30:00.250000000+01:00");
        use chrono::TimeZone as _;
        let at = chrono::FixedOffset::east_opt(3600)
            .unwrap()
            .with_ymd_and_hms(12026, 1, 2, 3, 4, 5)
            .unwrap();
        assert_eq!(
            Rfc3339 { at, seconds: true }.to_string(),
            format!("{}T03:04:05+01:00", at.date_naive())
        );
        let at = DateTime::parse_from_rfc3339("2026-11-22T20:30:00+05:45").unwrap();
        assert_eq!(
            Rfc3339 { at, seconds: false }.to_string(),
            at.format("%Y-%m-%dT%H:%M%:z").to_string()
        );
    }

    #[test]
    fn a_season_keeps_each_shows_next_screenings_per_cinema() {
        let mut season = serde_json::json!({
            "reference": "S1", "slug": "saison-opera", "title": "Saison opéra", "type": "season", "active": true,
            "prices": [], "logo": null,
        });
        let late = showtime(
            "late",
            "2026-11-29T20:00:00+01:00",
            ("vf", "VF"),
            &[],
            false,
            &[],
        );
        let early = showtime(
            "early",
            "2026-11-23T20:00:00+01:00",
            ("vf", "VF"),
            &[],
            false,
            &[],
        );
        let middle = showtime(
            "middle",
            "2026-11-25T20:00:00+01:00",
            ("vf", "VF"),
            &[],
            false,
            &[],
        );
        season["showtimes"] = serde_json::json!({
            "lyon": {"tosca": [late.clone(), early.clone()]},
            "paris-opera": {"tosca": [middle.clone()], "aida": [late, middle, early]},
        });
        let body = serde_json::to_vec(&season).unwrap();
        let tables = Mutex::new(Tables::default());
        let (page, compact) = read_and_compact_season(&body, 2, &tables).unwrap();
        // Read again from its compact form (a rebuild's 304), the same season.
        let again = read_compact_season(&compact.expect("a compact form"), &tables).unwrap();
        let tables = tables.into_inner().unwrap();
        assert_eq!((&again.season, &again.prices), (&page.season, &page.prices));
        for page in [page, again] {
            assert_eq!(page.season.slug, "saison-opera");
            let cinemas: Vec<&str> = page.cinemas.iter().map(|c| c.cinema.as_str()).collect();
            assert_eq!(cinemas, ["lyon", "paris-opera"]);
            let paris = &page.cinemas[1];
            let shows: Vec<&str> = paris.shows.iter().map(|(s, _)| tables.slug(*s)).collect();
            assert_eq!(shows, ["aida", "tosca"]);
            let aida: Vec<String> = paris.shows[0]
                .1
                .iter()
                .map(|s| s.start.to_rfc3339())
                .collect();
            assert_eq!(
                aida,
                ["2026-11-23T20:00:00+01:00", "2026-11-25T20:00:00+01:00"]
            );
            assert!(paris.more && !page.cinemas[0].more);
            let at = |t: &str| DateTime::parse_from_rfc3339(t).unwrap().to_utc();
            let (first, cinema) = page.first_after(at("2026-11-20T00:00:00Z")).unwrap();
            assert_eq!(
                (first.start.to_rfc3339().as_str(), cinema),
                ("2026-11-23T20:00:00+01:00", "lyon")
            );
            // Once the first has started, the next one not started: Paris's, two days later.
            let (next, cinema) = page.first_after(at("2026-11-23T19:05:00Z")).unwrap();
            assert_eq!(
                (next.start.to_rfc3339().as_str(), cinema),
                ("2026-11-25T20:00:00+01:00", "paris-opera")
            );
            assert!(page.first_after(at("2026-12-01T00:00:00Z")).is_none());
        }
    }
}
