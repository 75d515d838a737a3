//! Fourteen days of showtimes for every cinema of a site, with every status, version and
//! experience or accessibility tag of spec §3.

use crate::catalog;
use crate::rng::Rng;
use crate::world::{SiteWorld, World};
use chrono::{Duration, NaiveTime, TimeZone};
use chrono_tz::Tz;
use site::content::*;
use site::{Lang, Site};

/// Start times of a hall's screenings (minutes after midnight), before jitter.
const SLOTS: &[u32] = &[
    10 * 60 + 45,
    13 * 60 + 30,
    16 * 60 + 15,
    19 * 60,
    21 * 60 + 45,
];

pub fn showtimes(world: &World, sw: &SiteWorld, rng: &mut Rng) -> Vec<Showtime> {
    let tz: Tz = sw
        .site
        .time_zone()
        .parse()
        .expect("sites name valid time zones");
    let versions: Vec<Version> = catalog::versions(sw.site, sw.site.default_language());
    let mut out = Vec::new();
    for (day_index, day) in world.days().into_iter().enumerate() {
        // Shows that can be programmed that day: released, or in presale within the week.
        let playable: Vec<usize> = sw
            .shows
            .iter()
            .copied()
            .filter(|&i| {
                let s = &world.shows[i];
                !s.gone && (s.release <= day || (s.release - day).num_days() <= 7)
            })
            .collect();
        if playable.is_empty() {
            continue;
        }
        for cinema in &sw.cinemas {
            for (hall_index, hall) in cinema.halls.iter().enumerate() {
                // Smaller halls run fewer screenings; every hall rests one slot in three days.
                let slots = if hall.seats < 150 { 2 } else { 3 }
                    + usize::from(day_index % 3 != hall_index % 3);
                let slots = slots.min(SLOTS.len());
                for (slot_index, &slot) in SLOTS.iter().enumerate().take(slots) {
                    let show_index = playable[rng.below(playable.len())];
                    let show = &world.shows[show_index];
                    let minutes = slot + rng.range(0, 3) as u32 * 5;
                    let local = day
                        .and_time(NaiveTime::from_hms_opt(minutes / 60, minutes % 60, 0).unwrap());
                    let Some(start) = tz.from_local_datetime(&local).earliest() else {
                        continue;
                    };
                    let start = start.fixed_offset();
                    let end = start + Duration::minutes(show.duration as i64 + 15);
                    let version = pick_version(sw.site, show.kids, rng, &versions);
                    let mut tags = Vec::new();
                    let mut experience_icons = Vec::new();
                    if let Some(exp) = hall.experience {
                        tags.push(exp.to_string());
                        experience_icons.push(exp.to_string());
                    }
                    let three_d = show.three_d && rng.chance(0.5);
                    if three_d {
                        tags.push("3d".into());
                    }
                    if hall.experience.is_none() && rng.chance(0.1) {
                        tags.push("dolby_atmos".into());
                    }
                    if !show.is_movie {
                        tags.push("live".into());
                    }
                    if show.kids && slot_index < 2 {
                        tags.push(kids_tag(sw.site, rng).into());
                    }
                    let mut accessibility_icons = vec!["pmr".to_string()];
                    if rng.chance(0.12) {
                        accessibility_icons.push("audiodesc".into());
                    }
                    if rng.chance(0.12) {
                        accessibility_icons.push("hearing-impaired".into());
                    }
                    tags.extend(accessibility_icons.iter().filter(|t| *t != "pmr").cloned());
                    let mut special = None;
                    if show.premiere && show.release > day {
                        let team = rng.chance(0.3);
                        tags.push(if team { "avp-equipe" } else { "AVP" }.into());
                        special = Some(SpecialShowtimeDetails {
                            title_showtime_details: Some(
                                if team {
                                    "Avant-première en présence de l'équipe"
                                } else {
                                    "Avant-première"
                                }
                                .into(),
                            ),
                            description_showtime_details: None,
                            title_screening: Some(
                                show.title[catalog::lang_index(Lang::Fr)].clone(),
                            ),
                            modal_title: None,
                            source: Some(SpecialShowtimeSource::Tag),
                        });
                    }
                    let status = if rng.chance(0.05) {
                        ShowtimeStatus::Soldout
                    } else {
                        ShowtimeStatus::Available
                    };
                    let id = format!(
                        "{}-{}-{}-{}",
                        cinema.vista_ref,
                        day.format("%Y%m%d"),
                        hall.name,
                        slot_index
                    );
                    out.push(Showtime {
                        // The API derives the booking URL from the tunnel URL of the settings.
                        booking_url: None,
                        id,
                        show: show.slug.clone(),
                        cinema: cinema.slug.clone(),
                        status,
                        datetime: start,
                        end_time: Some(end),
                        version: version.clone(),
                        tags,
                        flags: ShowtimeFlags { three_d },
                        auditorium: Some(hall.name.clone()),
                        seat_count: Some(hall.seats),
                        accessibility_icons,
                        experience_icons,
                        special_showtime_details: special,
                        // Booking stays open until 15 minutes after the start.
                        reservability_end: Some(start + Duration::minutes(15)),
                        film_start: None,
                        film_end: None,
                    });
                }
            }
        }
    }
    out
}

fn pick_version(site: Site, kids: bool, rng: &mut Rng, versions: &[Version]) -> Version {
    let slug = match site {
        Site::Nl => {
            if kids && rng.chance(0.7) {
                "nl"
            } else {
                "ov"
            }
        }
        Site::Be => *rng.pick(&["vf", "vf", "nl", "vost"]),
        Site::Ch => *rng.pick(&["df", "omu", "vf", "ov"]),
        // Tunisia and Morocco: Arabic versions beside the French ones.
        Site::Tn | Site::Ma => {
            if kids {
                "vf"
            } else {
                *rng.pick(&["vf", "vf", "va", "vost", "vost", "va"])
            }
        }
        _ => {
            if kids {
                "vf"
            } else {
                *rng.pick(&["vf", "vf", "vf", "vost", "vost", "vfstsme"])
            }
        }
    };
    // Only the slug is stored: the API labels it in the language of the request.
    let slug = versions
        .iter()
        .find(|v| v.slug == slug)
        .unwrap_or(&versions[0])
        .slug
        .clone();
    Version {
        slug,
        label: String::new(),
    }
}

fn kids_tag(site: Site, rng: &mut Rng) -> &'static str {
    match site {
        Site::Ch => "nuggi",
        _ => {
            if rng.chance(0.5) {
                "cinekids"
            } else {
                "mome"
            }
        }
    }
}
