//! Schedules across cinemas (issue 12): a city's cinemas, an experience's showtimes in every
//! cinema, a show at every cinema. The markup is the cinema schedule's (fragments.rs
//! `cinema_schedule`: day sections → `li.schedule-show` → `ul.showtimes[data-version]` →
//! `li.st[data-id]`), with one more level between the show and its versions: a
//! `section.schedule-cinema[data-cinema]` per cinema (grouped by city on a show page, in a
//! `div.schedule-city[data-city]`), so the same schedule island keeps it live and filters it.
//!
//! Bounded: the first `written` days are written whole; each later day is an empty, hidden
//! day section (`data-later`) the island fills from the runtime API when its tab is opened
//! (docs/decisions.md, "Schedules across cinemas").

use crate::fragments::{
    attr, day_open, link_or_text, show_meta, show_open, text, thumb, versions, Labels, Loading,
    ScheduleShow,
};
use crate::schedule::{CinemaSchedule, Screening, ShowId, Tables};
use chrono::NaiveDate;

/// Days written whole on city, experience and show pages; the island fetches the others.
pub const WRITTEN_DAYS: usize = 2;

/// One day of a schedule across cinemas: its shows in the order they first play.
pub struct PlacesDay<'a> {
    pub date: NaiveDate,
    pub shows: Vec<PlacesShow<'a>>,
}

/// A show on a day: its showtimes at each cinema (in the order the cinemas are given).
pub struct PlacesShow<'a> {
    pub show: ShowId,
    pub places: Vec<(usize, Vec<&'a Screening>)>,
}

/// A cinema as a schedule across cinemas names it.
pub struct PlaceRef<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub href: Option<&'a str>,
    /// The city's slug and name: a show page groups its cinemas by city.
    pub city: (&'a str, &'a str),
    /// The city's and the cinema's names folded (`site::text::fold`): a show page's order.
    pub order: &'a (String, String),
}

/// The days of the cinemas' schedules (`cinemas`: index and schedule, in the order the page
/// lists them) that have a showtime `keep` keeps, in date order.
pub fn places_days<'a>(
    cinemas: impl IntoIterator<Item = (usize, &'a CinemaSchedule)>,
    keep: impl Fn(ShowId, &Screening) -> bool,
) -> Vec<PlacesDay<'a>> {
    let mut days: Vec<PlacesDay<'a>> = Vec::new();
    for (cinema, schedule) in cinemas {
        for day in &schedule.days {
            for entry in &day.shows {
                let kept: Vec<&Screening> = entry
                    .screenings
                    .iter()
                    .filter(|s| keep(entry.show, s))
                    .collect();
                if kept.is_empty() {
                    continue;
                }
                add_showtimes(&mut days, day.date, entry.show, cinema, kept);
            }
        }
    }
    days
}

/// Adds a cinema's showtimes of a show on a day to `days` (kept in date order).
pub fn add_showtimes<'a>(
    days: &mut Vec<PlacesDay<'a>>,
    date: NaiveDate,
    show: ShowId,
    cinema: usize,
    kept: Vec<&'a Screening>,
) {
    let at = match days.binary_search_by_key(&date, |d| d.date) {
        Ok(at) => at,
        Err(at) => {
            days.insert(
                at,
                PlacesDay {
                    date,
                    shows: Vec::new(),
                },
            );
            at
        }
    };
    let shows = &mut days[at].shows;
    let entry = match shows.iter().position(|s| s.show == show) {
        Some(i) => &mut shows[i],
        None => {
            shows.push(PlacesShow {
                show,
                places: Vec::new(),
            });
            shows.last_mut().expect("just pushed")
        }
    };
    entry.places.push((cinema, kept));
}

/// How a schedule across cinemas writes its shows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PlacesLayout {
    /// City and experience pages: each show with its title (and poster), then its cinemas.
    Shows,
    /// A show's page: the show is the page's; its cinemas grouped by city.
    OneShow,
}

/// The schedule across cinemas: `written` days whole, the later ones as empty hidden
/// sections (`data-later`; `data-embed` when they hold no show block for the island to fill).
/// Every day section carries `data-places`.
#[allow(clippy::too_many_arguments)]
pub fn places_schedule<'a>(
    days: &[PlacesDay<'_>],
    written: usize,
    layout: PlacesLayout,
    tables: &Tables,
    labels: &Labels,
    show: impl Fn(ShowId) -> ScheduleShow<'a>,
    place: impl Fn(usize) -> PlaceRef<'a>,
) -> String {
    let showtimes: usize = days
        .iter()
        .take(written)
        .flat_map(|d| &d.shows)
        .flat_map(|s| &s.places)
        .map(|p| p.1.len())
        .sum();
    let mut out = String::with_capacity(1024 + showtimes * 360 + days.len() * 160);
    let mut poster_loading = Loading::Lazy;
    for (n, day) in days.iter().enumerate() {
        let date = day.date;
        let later = n >= written;
        // A later day has no show block to fill: the island asks the day with the shows'
        // summaries (`embed`) to title the shows (a show page's one show is written below).
        let attributes = match (later, layout) {
            (false, _) => " data-places",
            (true, PlacesLayout::Shows) => " data-places data-later hidden data-embed",
            (true, _) => " data-places data-later hidden",
        };
        day_open(&mut out, date, labels, attributes);
        if later {
            // A show page's one show, for the island to fill.
            if let (PlacesLayout::OneShow, Some(first)) = (layout, day.shows.first()) {
                let s = show(first.show);
                show_open(&mut out, &s);
                out.push_str("<div class=show-body><div class=cinemas></div></div>");
            }
            out.push_str("</ul></section>");
            continue;
        }
        for entry in &day.shows {
            let s = show(entry.show);
            show_open(&mut out, &s);
            if layout == PlacesLayout::Shows {
                if let Some(poster) = s.poster {
                    thumb(&mut out, poster, &mut poster_loading);
                }
            }
            out.push_str("<div class=show-body>");
            if layout == PlacesLayout::Shows {
                out.push_str("<h4>");
                link_or_text(&mut out, s.href, s.title);
                out.push_str("</h4>");
                show_meta(&mut out, s.flag, s.duration, s.genres);
            }
            out.push_str("<div class=cinemas>");
            let mut places: Vec<(PlaceRef, &Vec<&Screening>)> = entry
                .places
                .iter()
                .map(|(c, list)| (place(*c), list))
                .collect();
            if layout == PlacesLayout::OneShow {
                // By city (name), then cinema (name); a city's heading before its first. Each
                // name folded once per locale (stable, as `sort_by` was).
                places.sort_by(|a, b| a.0.order.cmp(b.0.order));
            }
            let mut city: Option<&str> = None;
            for (p, list) in &places {
                if layout == PlacesLayout::OneShow && city != Some(p.city.0) {
                    if city.is_some() {
                        out.push_str("</div>");
                    }
                    city = Some(p.city.0);
                    out.push_str("<div class=schedule-city data-city=");
                    attr(&mut out, p.city.0);
                    out.push_str("><h4>");
                    text(&mut out, p.city.1);
                    out.push_str("</h4>");
                }
                place_showtimes(&mut out, p, list, tables, labels);
            }
            if city.is_some() {
                out.push_str("</div>");
            }
            out.push_str("</div></div>");
        }
        out.push_str("</ul></section>");
    }
    out
}

/// One cinema's showtimes of a show on a day: its name (a link to its page), then one list
/// per version in the order the versions first play.
fn place_showtimes(
    out: &mut String,
    place: &PlaceRef,
    screenings: &[&Screening],
    tables: &Tables,
    labels: &Labels,
) {
    out.push_str("<section class=schedule-cinema data-cinema=");
    attr(out, place.slug);
    out.push_str("><h5>");
    link_or_text(out, place.href, place.name);
    out.push_str("</h5>");
    versions(out, screenings.iter().copied(), tables, labels);
    out.push_str("</section>");
}
