//! Schedules (spec §3 Schedule): showtimes grouped by local day, then by show, with each
//! show's resume, the highlighted showtime and the upsell pushes, statuses computed now.

use super::{ContentStore, LocaleIndex};
use chrono::{DateTime, NaiveDate, Utc};
use site::content::*;
use site::Site;
use std::collections::BTreeMap;

/// Which showtimes a schedule covers.
#[derive(Default)]
pub struct ScheduleQuery {
    /// One day only (local date of the cinema).
    pub date: Option<NaiveDate>,
    /// Leave out each entry's show summary (`?embed=false`): a client that has the shows
    /// already (the generator) saves most of the answer's weight.
    pub without_show_data: bool,
}

impl ContentStore {
    pub fn schedule<'a>(
        &self,
        site: Site,
        locale: &LocaleIndex,
        showtimes: impl Iterator<Item = &'a Showtime>,
        query: &ScheduleQuery,
        now: DateTime<Utc>,
    ) -> Schedule {
        let mut days: BTreeMap<NaiveDate, Vec<ScheduleShow>> = BTreeMap::new();
        for showtime in showtimes {
            let day = showtime.datetime.date_naive();
            if query.date.is_some_and(|d| d != day) {
                continue;
            }
            let presented = self.present_showtime(site, locale, showtime, now);
            let shows = days.entry(day).or_default();
            let entry = match shows.iter_mut().position(|s| s.show == showtime.show) {
                Some(i) => &mut shows[i],
                None => {
                    shows.push(ScheduleShow {
                        show: showtime.show.clone(),
                        data: if query.without_show_data {
                            None
                        } else {
                            locale.show(&showtime.show).map(Show::summary)
                        },
                        resume: ScheduleResume::default(),
                        showtimes: Vec::new(),
                    });
                    shows.last_mut().expect("just pushed")
                }
            };
            for tag in &presented.tags {
                if !entry.resume.tags.contains(tag) {
                    entry.resume.tags.push(tag.clone());
                }
            }
            if !entry.resume.versions.contains(&presented.version) {
                entry.resume.versions.push(presented.version.clone());
            }
            entry.resume.special_showtime |= presented.special_showtime_details.is_some();
            entry.showtimes.push(presented);
        }
        // The next bookable showtime in a highlighted experience is worth pointing out.
        let highlighted_tags: Vec<&str> = locale
            .content
            .tags
            .iter()
            .filter(|t| t.highlighted)
            .map(|t| t.slug.as_str())
            .collect();
        let highlighted_showtime = days
            .values()
            .flatten()
            .flat_map(|s| &s.showtimes)
            .find(|s| {
                s.status == ShowtimeStatus::Available
                    && s.tags
                        .iter()
                        .any(|t| highlighted_tags.contains(&t.as_str()))
            })
            .cloned();
        // Upsell: among the experiences on offer here, the one with the lowest non-zero order.
        let offered: Vec<Tag> = locale
            .content
            .tags
            .iter()
            .filter(|t| {
                days.values()
                    .flatten()
                    .any(|s| s.resume.tags.contains(&t.slug))
            })
            .cloned()
            .collect();
        let upsell_pushes = site::rules::upsell_tag(&offered)
            .map(|tag| UpsellPush {
                tag: tag.slug.clone(),
                text: tag.upsell_text.clone(),
                backdrop: tag.upsell_backdrop.clone(),
                cta: None,
            })
            .into_iter()
            .collect();
        Schedule {
            days,
            highlighted_showtime,
            upsell_pushes,
        }
    }
}
