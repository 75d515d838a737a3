//! The language-independent facts of the demo world: which cinemas stand where, which shows
//! exist and when they are released, which tags each hall has. Texts come later, per language.

use crate::places::{places, streets, Place};
use crate::rng::Rng;
use crate::words::{self, L};
use chrono::{Days, NaiveDate};
use site::Site;

pub struct World {
    pub today: NaiveDate,
    pub scale: u32,
    pub sites: Vec<SiteWorld>,
    pub shows: Vec<WorldShow>,
}

pub struct SiteWorld {
    pub site: Site,
    pub cities: Vec<WorldCity>,
    pub cinemas: Vec<WorldCinema>,
    /// Indexes into `World::shows` of the shows this site programmes.
    pub shows: Vec<usize>,
}

pub struct WorldCity {
    pub slug: String,
    pub name: String,
    pub postal_code: String,
    pub position: (f64, f64),
    pub region: Option<&'static str>,
    pub main_region: bool,
}

pub struct WorldCinema {
    pub slug: String,
    pub vista_ref: String,
    pub name: String,
    pub city: usize,
    pub position: (f64, f64),
    pub street: String,
    pub postal_code: String,
    pub halls: Vec<Hall>,
    pub premium: bool,
    /// Services that are switched off here (spec §3 disabledServices).
    pub disabled_services: Vec<&'static str>,
}

pub struct Hall {
    pub name: String,
    pub seats: u32,
    /// Experience tag of the hall (imax, 4dx, …), if any.
    pub experience: Option<&'static str>,
}

#[derive(Clone)]
pub struct WorldShow {
    pub slug: String,
    pub reference: String,
    pub title: [String; 4],
    pub is_movie: bool,
    pub duration: u32,
    pub genres: Vec<usize>,
    pub release: NaiveDate,
    pub director: String,
    pub actors: Vec<String>,
    pub nationality: usize,
    pub kids: bool,
    /// Rating code: TP (all audiences), 10, 12, 16, 18.
    pub rating: &'static str,
    pub three_d: bool,
    /// Special screening (avant-première) planned.
    pub premiere: bool,
    pub synopsis: (usize, usize, usize),
    pub trailer_id: String,
    /// Taken down: the API answers 410 for it.
    pub gone: bool,
}

/// Experience tags a hall can have, with how often.
const HALL_EXPERIENCES: &[(&str, f64)] = &[
    ("imax", 0.05),
    ("4dx", 0.05),
    ("screenx", 0.04),
    ("dolby", 0.06),
    ("ONX", 0.02),
    ("DBOX", 0.03),
    ("4DXSCREENX", 0.02),
];

pub fn build(seed: u64, scale: u32, today: NaiveDate) -> World {
    let root = Rng::new(seed);
    let shows = build_shows(&mut root.fork("shows"), scale, today);
    let sites = Site::ALL
        .iter()
        .map(|&site| build_site(&mut root.fork(&format!("site-{site}")), site, scale, &shows))
        .collect();
    World {
        today,
        scale,
        sites,
        shows,
    }
}

pub fn slugify(text: &str) -> String {
    let folded = site::text::fold(text);
    let mut out = String::new();
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn build_site(rng: &mut Rng, site: Site, scale: u32, shows: &[WorldShow]) -> SiteWorld {
    let base = places(site);
    let mut cities = Vec::new();
    let mut cinemas = Vec::new();
    for copy in 0..scale as usize {
        for place in &base {
            let city = add_city(&mut cities, place, copy, rng);
            for n in 0..place.cinemas {
                cinemas.push(build_cinema(rng, site, place, city, n, copy, cinemas.len()));
            }
        }
    }
    // Each site programmes most shows; the smaller markets fewer.
    let share = match site {
        Site::Fr | Site::Nl | Site::Be | Site::Ch => 0.9,
        _ => 0.6,
    };
    let shows = (0..shows.len()).filter(|_| rng.chance(share)).collect();
    SiteWorld {
        site,
        cities,
        cinemas,
        shows,
    }
}

/// Scale copies beyond the first are satellite towns of the real city ("Lyon 2").
fn add_city(cities: &mut Vec<WorldCity>, place: &Place, copy: usize, rng: &mut Rng) -> usize {
    let (name, slug) = if copy == 0 {
        (place.name.to_string(), place.slug.to_string())
    } else {
        (
            format!("{} {}", place.name, copy + 1),
            format!("{}-{}", place.slug, copy + 1),
        )
    };
    let jitter = if copy == 0 {
        0.0
    } else {
        0.05 + rng.unit() * 0.3
    };
    cities.push(WorldCity {
        slug,
        name,
        postal_code: place.postal_code.to_string(),
        position: (place.position.0 + jitter, place.position.1 - jitter),
        region: place.region,
        main_region: copy == 0 && place.cinemas > 1,
    });
    cities.len() - 1
}

fn build_cinema(
    rng: &mut Rng,
    site: Site,
    place: &Place,
    city: usize,
    n: usize,
    copy: usize,
    index: usize,
) -> WorldCinema {
    let district = place.districts.get(n).copied();
    let mut name = match district {
        Some(d) => format!("{} {}", place.name, d),
        None => place.name.to_string(),
    };
    if copy > 0 {
        name = format!("{name} {}", copy + 1);
    }
    let slug = slugify(&name);
    let hall_count = rng.range(4, 12) as usize;
    let halls = (0..hall_count)
        .map(|h| {
            let experience = HALL_EXPERIENCES
                .iter()
                .find(|(_, p)| rng.chance(*p))
                .map(|(t, _)| *t);
            Hall {
                name: format!("{}", h + 1),
                seats: rng.range(80, 420) as u32,
                experience,
            }
        })
        .collect::<Vec<_>>();
    let street = format!("{} {}", rng.range(1, 180), rng.pick(streets(site)));
    let postal_code = if place.postal_code.len() <= 2 {
        // Departments such as Paris (75) get a district postal code.
        format!("{}{:03}", place.postal_code, rng.range(1, 20))
    } else {
        place.postal_code.to_string()
    };
    let premium = halls.iter().any(|h| h.experience.is_some()) && rng.chance(0.3);
    let mut disabled = Vec::new();
    if rng.chance(0.2) {
        disabled.push("parking");
    }
    let angle = rng.unit() * std::f64::consts::TAU;
    let spread = if place.cinemas > 1 { 0.04 } else { 0.01 };
    WorldCinema {
        slug,
        vista_ref: format!("{}{:04}", site.country_code(), index + 1),
        name,
        city,
        position: (
            place.position.0 + spread * angle.sin() + copy as f64 * 0.05,
            place.position.1 + spread * angle.cos() - copy as f64 * 0.05,
        ),
        street,
        postal_code,
        halls,
        premium,
        disabled_services: disabled,
    }
}

fn build_shows(rng: &mut Rng, scale: u32, today: NaiveDate) -> Vec<WorldShow> {
    let movies = 120 * scale as usize;
    let events = 30 * scale as usize;
    let mut shows: Vec<WorldShow> = Vec::with_capacity(movies + events);
    let mut seen = std::collections::HashSet::new();
    for i in 0..movies + events {
        let is_movie = i < movies;
        let title: [String; 4] = if is_movie {
            let noun = &words::TITLE_NOUNS[i % words::TITLE_NOUNS.len()];
            let round = i / words::TITLE_NOUNS.len();
            let comp: Option<&L> = (round > 0)
                .then(|| &words::TITLE_COMPLEMENTS[(round - 1) % words::TITLE_COMPLEMENTS.len()]);
            let sequel = round / (words::TITLE_COMPLEMENTS.len() + 1);
            std::array::from_fn(|l| {
                let mut t = noun[l].to_string();
                if let Some(c) = comp {
                    if c[l].starts_with(':') {
                        t.push_str(c[l]);
                    } else {
                        t = format!("{t} {}", c[l]);
                    }
                }
                if sequel > 0 {
                    t = format!("{t} {}", sequel + 1);
                }
                t
            })
        } else {
            let e = &words::EVENT_TITLES[(i - movies) % words::EVENT_TITLES.len()];
            let round = (i - movies) / words::EVENT_TITLES.len();
            std::array::from_fn(|l| {
                if round == 0 {
                    e[l].to_string()
                } else {
                    format!("{} ({})", e[l], round + 1)
                }
            })
        };
        // The slug follows the original (English) title, as distributors name films.
        let mut slug = slugify(&title[1]);
        if !seen.insert(slug.clone()) {
            slug = format!("{slug}-{i}");
            seen.insert(slug.clone());
        }
        // Releases spread from six weeks ago to five weeks ahead, denser around today.
        let offset = rng.range(-42, 35) - if rng.chance(0.4) { rng.range(0, 14) } else { 0 };
        let release = if offset >= 0 {
            today.checked_add_days(Days::new(offset as u64)).unwrap()
        } else {
            today.checked_sub_days(Days::new((-offset) as u64)).unwrap()
        };
        let kids = is_movie && rng.chance(0.18);
        let genres = if is_movie {
            let mut g = vec![rng.below(words::GENRES.len())];
            if kids {
                g = vec![2, 6];
            } else if rng.chance(0.5) {
                let other = rng.below(words::GENRES.len());
                if other != g[0] {
                    g.push(other);
                }
            }
            g
        } else {
            vec![(i - movies) % words::EVENT_GENRES.len()]
        };
        let rating = if kids || !is_movie {
            "TP"
        } else {
            *rng.pick(&["TP", "TP", "TP", "10", "12", "12", "16", "18"])
        };
        let person = |rng: &mut Rng| {
            format!(
                "{} {}",
                rng.pick(words::FIRST_NAMES),
                rng.pick(words::LAST_NAMES)
            )
        };
        shows.push(WorldShow {
            reference: format!("HO{:06}", i + 1),
            slug,
            title,
            is_movie,
            duration: if is_movie {
                rng.range(78, 172) as u32
            } else {
                rng.range(45, 210) as u32
            },
            genres,
            release,
            director: person(rng),
            actors: (0..rng.range(2, 5)).map(|_| person(rng)).collect(),
            nationality: rng.below(words::NATIONALITIES.len()),
            kids,
            rating,
            three_d: is_movie && rng.chance(0.15),
            premiere: is_movie && offset > 0 && rng.chance(0.35),
            synopsis: (
                rng.below(words::HEROES.len()),
                rng.below(words::TROUBLES.len()),
                rng.below(words::OUTCOMES.len()),
            ),
            trailer_id: format!("{:011x}", rng.next_u64() & 0x0FFF_FFFF_FFFF),
            gone: false,
        });
    }
    // A few shows were taken down: they keep their slug so the site can answer 410.
    for i in 0..(2 * scale as usize) {
        let idx = (i * 37 + 11) % shows.len();
        shows[idx].gone = true;
    }
    shows
}

impl World {
    /// The days of the schedules: today and the 13 that follow.
    pub fn days(&self) -> Vec<NaiveDate> {
        (0..14)
            .map(|d| self.today.checked_add_days(Days::new(d)).unwrap())
            .collect()
    }
}
