//! Cinemas, cities, shows, tags and versions of one site in one language.

use crate::media;
use crate::words::{self, tr, L};
use crate::world::{SiteWorld, World, WorldShow};
use chrono::Days;
use site::content::*;
use site::{Lang, Site};

/// Every tag slug of spec §3 with its title per language, its kind, and its upsell order
/// (0 = never upsold).
pub const TAGS: &[(&str, L, TagKind, u32)] = &[
    ("3d", ["3D", "3D", "3D", "3D"], TagKind::Experience, 0),
    ("4dx", ["4DX", "4DX", "4DX", "4DX"], TagKind::Experience, 2),
    (
        "4DXSCREENX",
        ["4DX ScreenX", "4DX ScreenX", "4DX ScreenX", "4DX ScreenX"],
        TagKind::Experience,
        5,
    ),
    (
        "DBOX",
        ["D-BOX", "D-BOX", "D-BOX", "D-BOX"],
        TagKind::Experience,
        6,
    ),
    (
        "dolby",
        [
            "Dolby Cinema",
            "Dolby Cinema",
            "Dolby Cinema",
            "Dolby Cinema",
        ],
        TagKind::Experience,
        4,
    ),
    (
        "dolby_atmos",
        ["Dolby Atmos", "Dolby Atmos", "Dolby Atmos", "Dolby Atmos"],
        TagKind::Experience,
        0,
    ),
    (
        "cinekids",
        [
            "Ciné Kids",
            "Kids' screening",
            "Kinder-Vorstellung",
            "Kindervoorstelling",
        ],
        TagKind::Experience,
        0,
    ),
    (
        "imax",
        ["IMAX", "IMAX", "IMAX", "IMAX"],
        TagKind::Experience,
        1,
    ),
    (
        "live",
        ["En direct", "Live", "Live", "Live"],
        TagKind::Experience,
        0,
    ),
    (
        "mome",
        [
            "Ma première séance",
            "My first screening",
            "Mein erster Kinobesuch",
            "Mijn eerste film",
        ],
        TagKind::Experience,
        0,
    ),
    (
        "nuggi",
        [
            "Séance Nuggi",
            "Nuggi screening",
            "Nuggi-Kino",
            "Nuggi-voorstelling",
        ],
        TagKind::Experience,
        0,
    ),
    (
        "ONX",
        ["Onyx LED", "Onyx LED", "Onyx LED", "Onyx LED"],
        TagKind::Experience,
        7,
    ),
    (
        "AVP",
        ["Avant-première", "Preview", "Vorpremiere", "Voorpremière"],
        TagKind::Experience,
        0,
    ),
    (
        "avp-equipe",
        [
            "Avant-première en présence de l'équipe",
            "Preview with the film's team",
            "Vorpremiere mit Filmteam",
            "Voorpremière met het filmteam",
        ],
        TagKind::Experience,
        0,
    ),
    (
        "screenx",
        ["ScreenX", "ScreenX", "ScreenX", "ScreenX"],
        TagKind::Experience,
        3,
    ),
    (
        "PREMIUM",
        [
            "Salle premium",
            "Premium hall",
            "Premium-Saal",
            "Premiumzaal",
        ],
        TagKind::Experience,
        0,
    ),
    (
        "hearing-impaired",
        [
            "Sous-titres sourds et malentendants",
            "Subtitles for the hard of hearing",
            "Untertitel für Hörgeschädigte",
            "Ondertiteling voor slechthorenden",
        ],
        TagKind::Accessibility,
        0,
    ),
    (
        "audiodesc",
        [
            "Audiodescription",
            "Audio description",
            "Audiodeskription",
            "Audiodescriptie",
        ],
        TagKind::Accessibility,
        0,
    ),
    (
        "pmr",
        [
            "Accès fauteuil roulant",
            "Wheelchair access",
            "Rollstuhlgerecht",
            "Rolstoeltoegankelijk",
        ],
        TagKind::Accessibility,
        0,
    ),
];

pub fn tags(lang: Lang) -> Vec<Tag> {
    TAGS.iter()
        .enumerate()
        .map(|(i, (slug, title, kind, upsell))| {
            let title = tr(lang, title).to_string();
            let accessibility = *kind == TagKind::Accessibility;
            let experience_hall = matches!(
                *slug,
                "imax" | "4dx" | "4DXSCREENX" | "DBOX" | "dolby" | "ONX" | "screenx"
            );
            let description = match lang {
                Lang::Fr => format!("{title} : l'expérience à vivre dans nos salles."),
                Lang::En => format!("{title}: an experience to live in our cinemas."),
                Lang::De => format!("{title}: ein Erlebnis in unseren Kinos."),
                Lang::Nl => format!("{title}: een belevenis in onze bioscopen."),
            };
            Tag {
                slug: slug.to_string(),
                title: Some(title.clone()),
                kind: Some(*kind),
                premium: experience_hall || *slug == "PREMIUM",
                version_filter: *slug == "3d",
                display: TagDisplay {
                    cinema: experience_hall || accessibility,
                    cinema_filters: true,
                    show_filters: true,
                    showtime: true,
                    accessibility,
                    show: experience_hall,
                },
                tooltip_badge: experience_hall.then(|| TooltipBadge {
                    title: title.clone(),
                    description: Some(description.clone()),
                    image: Some(media::tag_image(slug)),
                }),
                orders: TagOrders {
                    showtime: i as u32 + 1,
                    filter: i as u32 + 1,
                    upsell: *upsell,
                },
                upsell_text: (*upsell > 0).then(|| description.clone()),
                upsell_backdrop: (*upsell > 0)
                    .then(|| media::backdrop_image(&format!("tag-{slug}"))),
                cta_url: experience_hall.then(|| format!("/{}", slug.to_ascii_lowercase())),
                icon: Some(if accessibility {
                    TagIcon {
                        kind: TagIconKind::Sprite,
                        value: format!("icon-{slug}"),
                    }
                } else {
                    TagIcon {
                        kind: TagIconKind::Text,
                        value: tr(lang, &TAGS[i].1).to_string(),
                    }
                }),
                highlighted: matches!(*slug, "imax" | "4dx" | "dolby"),
                thumbnail_title: experience_hall.then(|| title.clone()),
                modal_title: experience_hall.then(|| title.clone()),
                description: Some(description),
                picto_banner: None,
                picto_image: experience_hall.then(|| media::tag_image(slug)),
                label_flag_colour: (*upsell > 0).then_some(5),
                background_flag_colour: (*upsell > 0).then_some(3),
            }
        })
        .collect()
}

/// Versions offered per site: (slug, label per language).
pub fn versions(site: Site, lang: Lang) -> Vec<Version> {
    let all: &[(&str, L)] = match site {
        Site::Nl => &[
            (
                "ov",
                [
                    "VO sous-titrée néerlandais",
                    "Original version, Dutch subtitles",
                    "Originalversion, niederländische Untertitel",
                    "OV, NL ondertiteld",
                ],
            ),
            (
                "nl",
                [
                    "Version néerlandaise",
                    "Dutch version",
                    "Niederländische Fassung",
                    "Nederlands gesproken",
                ],
            ),
        ],
        Site::Ch => &[
            (
                "vf",
                [
                    "Version française",
                    "French version",
                    "Französische Fassung",
                    "Franse versie",
                ],
            ),
            (
                "df",
                [
                    "Version allemande",
                    "German version",
                    "Deutsche Fassung",
                    "Duitse versie",
                ],
            ),
            (
                "ov",
                [
                    "VO sous-titrée d/f",
                    "Original version, German and French subtitles (OV d/f)",
                    "Originalversion mit Untertiteln d/f",
                    "Originele versie, Duits en Frans ondertiteld",
                ],
            ),
            (
                "omu",
                [
                    "VO sous-titrée allemand (OmU)",
                    "Original version, German subtitles (OmU)",
                    "Original mit deutschen Untertiteln (OmU)",
                    "Originele versie, Duits ondertiteld (OmU)",
                ],
            ),
        ],
        Site::Be => &[
            (
                "vf",
                [
                    "Version française",
                    "French version",
                    "Französische Fassung",
                    "Franse versie",
                ],
            ),
            (
                "nl",
                [
                    "Version néerlandaise",
                    "Dutch version",
                    "Niederländische Fassung",
                    "Nederlands gesproken",
                ],
            ),
            (
                "vost",
                [
                    "Version originale sous-titrée",
                    "Original version with subtitles",
                    "Originalversion mit Untertiteln",
                    "Originele versie met ondertitels",
                ],
            ),
        ],
        Site::Tn | Site::Ma => &[
            (
                "vf",
                [
                    "Version française",
                    "French version",
                    "Französische Fassung",
                    "Franse versie",
                ],
            ),
            (
                "va",
                [
                    "Version arabe (VA)",
                    "Arabic version (VA)",
                    "Arabische Fassung (VA)",
                    "Arabische versie (VA)",
                ],
            ),
            (
                "vost",
                [
                    "Version originale sous-titrée",
                    "Original version with subtitles",
                    "Originalversion mit Untertiteln",
                    "Originele versie met ondertitels",
                ],
            ),
        ],
        _ => &[
            (
                "vf",
                [
                    "Version française",
                    "French version",
                    "Französische Fassung",
                    "Franse versie",
                ],
            ),
            (
                "vost",
                [
                    "Version originale sous-titrée",
                    "Original version with subtitles",
                    "Originalversion mit Untertiteln",
                    "Originele versie met ondertitels",
                ],
            ),
            (
                "vfstsme",
                [
                    "VF sous-titrée sourds et malentendants",
                    "French with subtitles for the hard of hearing",
                    "Französisch mit Untertiteln für Hörgeschädigte",
                    "Frans met ondertiteling voor slechthorenden",
                ],
            ),
        ],
    };
    all.iter()
        .map(|(slug, label)| Version {
            slug: slug.to_string(),
            label: tr(lang, label).to_string(),
        })
        .collect()
}

pub fn cities(world: &World, sw: &SiteWorld, lang: Lang) -> Vec<CityDetail> {
    sw.cities
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let count = sw.cinemas.iter().filter(|k| k.city == i).count();
            let name = c.name.clone();
            let title = format!("{} {}", tr(lang, &words::CITY_WORD), name);
            let top: Vec<ShowSummary> = sw
                .shows
                .iter()
                .take(3)
                .map(|&s| show(world, s, sw.site, lang).summary())
                .collect();
            CityDetail {
                city: City {
                    slug: c.slug.clone(),
                    name,
                    postal_code: c.postal_code.clone(),
                    main_region: c.main_region,
                    single_page: count == 1,
                    region: c.region.map(str::to_string),
                },
                default_cinema: sw
                    .cinemas
                    .iter()
                    .find(|k| k.city == i)
                    .map(|k| k.slug.clone()),
                description: Some(title.clone()),
                seo: Some(Seo {
                    title: title.clone(),
                    description: title.clone(),
                }),
                cinemas: Vec::new(),
                nearby: Vec::new(),
                backdrop: Some(media::backdrop_image(&format!("city-{}", c.slug))),
                backdrop_mobile: None,
                highlight: (count > 1).then_some(CityHighlight {
                    title,
                    description: None,
                    top_shows: top,
                }),
            }
        })
        .collect()
}

const SERVICES: &[(&str, L)] = &[
    (
        "parking",
        ["Parking", "Car park", "Parkhaus", "Parkeergarage"],
    ),
    (
        "bar",
        [
            "Bar et confiserie",
            "Bar and snacks",
            "Bar und Snacks",
            "Bar en snacks",
        ],
    ),
    (
        "accessibility",
        [
            "Accessibilité",
            "Accessibility",
            "Barrierefreiheit",
            "Toegankelijkheid",
        ],
    ),
    (
        "e-tickets",
        [
            "Billets électroniques",
            "E-tickets",
            "E-Tickets",
            "E-tickets",
        ],
    ),
    (
        "birthday",
        [
            "Anniversaires",
            "Birthday parties",
            "Geburtstagsfeiern",
            "Kinderfeestjes",
        ],
    ),
];

pub fn cinemas(sw: &SiteWorld, lang: Lang, brand_short: &str) -> Vec<CinemaDetail> {
    sw.cinemas
        .iter()
        .map(|k| {
            let city = &sw.cities[k.city];
            let mut tags: Vec<String> = k.halls.iter().filter_map(|h| h.experience.map(str::to_string)).collect();
            tags.sort();
            tags.dedup();
            tags.push("pmr".into());
            if k.premium {
                tags.push("PREMIUM".into());
            }
            let seats = k.halls.iter().map(|h| h.seats).sum();
            let name = format!("{brand_short} {}", k.name);
            let description = match lang {
                Lang::Fr => format!("{name} vous accueille avec {} salles au cœur de {}.", k.halls.len(), city.name),
                Lang::En => format!("{name} welcomes you with {} screens in the heart of {}.", k.halls.len(), city.name),
                Lang::De => format!("{name} empfängt Sie mit {} Sälen mitten in {}.", k.halls.len(), city.name),
                Lang::Nl => format!("{name} verwelkomt u met {} zalen in het hart van {}.", k.halls.len(), city.name),
            };
            let services = SERVICES
                .iter()
                .map(|(slug, label)| Service { slug: slug.to_string(), label: tr(lang, label).to_string(), description: None, image: None })
                .collect();
            let (adult, reduced, kids) = prices(sw.site);
            let terms: L = ["Sur présentation d'un justificatif.", "On presentation of proof.", "Gegen Vorlage eines Nachweises.", "Op vertoon van een bewijs."];
            let label = |l: &L| tr(lang, l).to_string();
            CinemaDetail {
                cinema: Cinema {
                    slug: k.slug.clone(),
                    vista_ref: k.vista_ref.clone(),
                    name: name.clone(),
                    city: city.name.clone(),
                    city_slug: city.slug.clone(),
                    gps_position: Some(GpsPosition { x: round6(k.position.0), y: round6(k.position.1) }),
                    tags,
                    address: Address {
                        address_line1: k.street.clone(),
                        address_line2: None,
                        address_zip: k.postal_code.clone(),
                        address_city: city.name.clone(),
                    },
                    theater_postal_code: Some(k.postal_code.clone()),
                    description: Some(description.clone()),
                    disabled_services: k.disabled_services.iter().map(|s| s.to_string()).collect(),
                    backdrop: Some(media::backdrop_image(&format!("cinema-{}", k.slug))),
                    statistics: Some(Statistics { seats, halls: k.halls.len() as u32 }),
                    maps_url: Some(format!(
                        "https://www.openstreetmap.org/?mlat={:.5}&mlon={:.5}#map=17/{:.5}/{:.5}",
                        k.position.0, k.position.1, k.position.0, k.position.1
                    )),
                    services,
                    sessions_nearby: None,
                    seo: Some(Seo { title: name.clone(), description }),
                    pre_show_minutes: pre_show_minutes(&k.slug),
                },
                cinepass: Vec::new(),
                ecards: Vec::new(),
                nearby_cinemas: Vec::new(),
                nearby_cities: Vec::new(),
                itinerary: Some(match lang {
                    Lang::Fr => format!("{}, {} {}. Transports en commun à 5 minutes à pied.", k.street, k.postal_code, city.name),
                    Lang::En => format!("{}, {} {}. Public transport within a 5-minute walk.", k.street, k.postal_code, city.name),
                    Lang::De => format!("{}, {} {}. Öffentlicher Verkehr in 5 Gehminuten.", k.street, k.postal_code, city.name),
                    Lang::Nl => format!("{}, {} {}. Openbaar vervoer op 5 minuten lopen.", k.street, k.postal_code, city.name),
                }),
                pricing: Some(Pricing {
                    prices: vec![
                        Price { label: label(&["Plein tarif", "Full price", "Normalpreis", "Normaal tarief"]), amount: adult, legend: None, terms_index: None },
                        Price { label: label(&["Tarif réduit", "Reduced price", "Ermässigt", "Gereduceerd tarief"]), amount: reduced, legend: Some("1".into()), terms_index: Some(0) },
                        Price { label: label(&["Moins de 14 ans", "Under 14", "Unter 14 Jahren", "Jonger dan 14"]), amount: kids, legend: Some("1".into()), terms_index: Some(0) },
                    ],
                    complements: Vec::new(),
                    terms: vec![label(&terms)],
                    global_terms: Some(label(&["Tarifs valables pour les séances 2D. Supplément 3D : 2 €.", "Prices for 2D screenings. 3D supplement: 2.", "Preise für 2D-Vorstellungen. 3D-Zuschlag: 2.", "Prijzen voor 2D-voorstellingen. 3D-toeslag: 2."])),
                }),
                pushes: Vec::new(),
                cinema_week_offset: None,
                redirect_slug: None,
                tracking: None,
                premium: k.premium,
                cinema_premium: None,
                accessibility_description: Some(label(&[
                    "Toutes les salles sont accessibles en fauteuil roulant. Boucles magnétiques et audiodescription disponibles.",
                    "Every screen is wheelchair accessible. Hearing loops and audio description available.",
                    "Alle Säle sind rollstuhlgerecht. Induktionsschleifen und Audiodeskription verfügbar.",
                    "Alle zalen zijn rolstoeltoegankelijk. Ringleiding en audiodescriptie beschikbaar.",
                ])),
                acces_libre_url: (sw.site == Site::Fr).then(|| format!("https://acceslibre.beta.gouv.fr/recherche/?what={}", k.slug)),
            }
        })
        .collect()
}

fn round6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

/// Adult, reduced and child prices in the site's currency.
fn prices(site: Site) -> (f64, f64, f64) {
    match site {
        Site::Ch => (19.5, 15.0, 13.0),
        Site::Tn => (18.0, 12.0, 10.0),
        Site::Sn | Site::Ci => (4000.0, 3000.0, 2000.0),
        Site::Ma => (70.0, 50.0, 40.0),
        Site::Nl => (13.5, 11.0, 9.5),
        _ => (12.9, 9.9, 6.5),
    }
}

pub fn show(world: &World, idx: usize, site: Site, lang: Lang) -> Show {
    let s: &WorldShow = &world.shows[idx];
    let l = lang_index(lang);
    let title = s.title[l].clone();
    let genres: Vec<String> = if s.is_movie {
        s.genres
            .iter()
            .map(|&g| tr(lang, &words::GENRES[g]).to_string())
            .collect()
    } else {
        s.genres
            .iter()
            .map(|&g| tr(lang, &words::EVENT_GENRES[g]).to_string())
            .collect()
    };
    let synopsis = format!(
        "{} {}. {}",
        tr(lang, &words::HEROES[s.synopsis.0]),
        tr(lang, &words::TROUBLES[s.synopsis.1]),
        tr(lang, &words::OUTCOMES[s.synopsis.2])
    );
    let today = world.today;
    let coming_soon = s.release > today;
    let new = !coming_soon && s.release.checked_add_days(Days::new(7)).unwrap() >= today;
    let mut tags = Vec::new();
    if s.three_d {
        tags.push("3d".to_string());
    }
    if s.kids {
        tags.push(
            if site == Site::Ch {
                "nuggi"
            } else {
                "cinekids"
            }
            .to_string(),
        );
    }
    if s.premiere {
        tags.push("AVP".to_string());
    }
    if !s.is_movie {
        tags.push("live".to_string());
    }
    let sales_opening = s.release.checked_sub_days(Days::new(21)).unwrap();
    let flag = if s.premiere {
        Some(Flag {
            label: tr(
                lang,
                &["Avant-première", "Preview", "Vorpremiere", "Voorpremière"],
            )
            .into(),
            colour: 5,
        })
    } else if new {
        Some(Flag {
            label: tr(lang, &["Nouveau", "New", "Neu", "Nieuw"]).into(),
            colour: 1,
        })
    } else if coming_soon {
        Some(Flag {
            label: tr(
                lang,
                &["Prochainement", "Coming soon", "Demnächst", "Binnenkort"],
            )
            .into(),
            colour: 2,
        })
    } else {
        None
    };
    let mut releases = vec![Release {
        date: s.release,
        zone: site.country_code().to_string(),
    }];
    if s.nationality != 0 {
        // Foreign films were released at home first.
        releases.push(Release {
            date: s.release.checked_sub_days(Days::new(14)).unwrap(),
            zone: "US".into(),
        });
    }
    let original_release = releases.iter().map(|r| r.date).min();
    Show {
        slug: s.slug.clone(),
        reference: s.reference.clone(),
        title: title.clone(),
        duration: Some(s.duration),
        synopsis: Some(synopsis),
        directors: Some(s.director.clone()),
        actors: Some(s.actors.join(", ")),
        genres,
        tags,
        releases,
        original_release,
        poster: Some(media::poster_image(&s.slug, &title)),
        background: None,
        backdrop: Some(media::backdrop_image(&format!("show-{}", s.slug))),
        content_rating: Some(content_rating(site, lang, s.rating)),
        is_movie: s.is_movie,
        new,
        coming_soon,
        premiere: s.premiere,
        bookable: !s.gone && sales_opening <= today,
        flag,
        label: None,
        orders: ShowOrders {
            default: idx as i32,
            home: idx as i32,
            upcoming: (s.release - today).num_days() as i32,
            kids: if s.kids { idx as i32 } else { 0 },
            special_and_event: if s.is_movie { 0 } else { idx as i32 },
        },
        sales_opening_date: Some(sales_opening),
        showtimes_display_date: Some(sales_opening),
        kids: s.kids,
        special_event: !s.is_movie,
        trailers: vec![Video {
            id: s.trailer_id.clone(),
            main: true,
            language: Some(lang.code().to_string()),
            title: Some(format!(
                "{title} – {}",
                tr(lang, &["Bande-annonce", "Trailer", "Trailer", "Trailer"])
            )),
            snapshot: Some(media::backdrop_image(&format!("show-{}", s.slug))),
            provider: VideoProvider::Youtube,
            url: None,
        }],
        nationality: Some(tr(lang, &words::NATIONALITIES[s.nationality]).to_string()),
        feelings: (!coming_soon).then(|| demo_feelings(&s.reference)),
        tracking: None,
        redirect_slug: None,
        vod_availability: !coming_soon && (today - s.release).num_days() > 28,
        // Four weeks after release a film is also offered at home, at the chain's VOD price.
        vod: (!coming_soon && (today - s.release).num_days() > 28 && s.is_movie).then(|| ShowVod {
            title: title.clone(),
            slug: s.slug.clone(),
            poster: Some(media::poster_image(&s.slug, &title)),
            low_price: Some(vod_price(site)),
            url: format!("https://vod.example.org/{}", s.slug),
        }),
        extra_information: None,
        logo_title: None,
    }
}

/// The audience's feelings of a released show (spec §3 "feelings counts"), the same for a show
/// in every language and run: counts drawn from its reference.
fn demo_feelings(reference: &str) -> FeelingsCounts {
    let h = reference.bytes().fold(2166136261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16777619)
    });
    FeelingsCounts {
        wishlist: 40 + h % 400,
        disappointed: 2 + (h >> 3) % 30,
        liked: 15 + (h >> 9) % 120,
        loved: 10 + (h >> 17) % 200,
    }
}

pub fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::Fr => 0,
        Lang::En => 1,
        Lang::De => 2,
        Lang::Nl => 3,
    }
}

/// Classification per scheme (spec §9): France (CNC visas), Belgium and the Netherlands
/// (Kijkwijzer-like ages), a default elsewhere.
fn content_rating(site: Site, lang: Lang, code: &str) -> ContentRating {
    let all_audiences: L = [
        "Tout public",
        "All audiences",
        "Alle Altersstufen",
        "Alle leeftijden",
    ];
    let (reference, label, warning) = match (site, code) {
        (_, "TP") => ("TP".to_string(), tr(lang, &all_audiences).to_string(), None),
        (Site::Be | Site::Nl, age) => (
            format!("KW{age}"),
            format!("{age}+"),
            Some(
                tr(
                    lang,
                    &[
                        "Certaines scènes peuvent heurter.",
                        "Some scenes may disturb.",
                        "Einige Szenen können verstören.",
                        "Sommige scènes kunnen schokkend zijn.",
                    ],
                )
                .to_string(),
            ),
        ),
        (Site::Fr, age) => (
            format!("-{age}"),
            format!(
                "{} {age} {}",
                tr(
                    lang,
                    &[
                        "Interdit aux moins de",
                        "Not for under",
                        "Nicht unter",
                        "Niet voor jonger dan"
                    ]
                ),
                tr(lang, &["ans", "year-olds", "Jahren", "jaar"])
            ),
            Some(
                tr(
                    lang,
                    &[
                        "Film interdit aux mineurs de cet âge.",
                        "Restricted below this age.",
                        "Für jüngere Zuschauer nicht freigegeben.",
                        "Niet toegestaan onder deze leeftijd.",
                    ],
                )
                .to_string(),
            ),
        ),
        (_, age) => (format!("{age}+"), format!("{age}+"), None),
    };
    let mut cinecheck = Vec::new();
    if matches!(site, Site::Be | Site::Nl) && code != "TP" {
        cinecheck.push(Cinecheck {
            label: tr(lang, &["Violence", "Violence", "Gewalt", "Geweld"]).to_string(),
            icon: Some("violence".into()),
        });
    }
    ContentRating {
        reference,
        label,
        description: None,
        warning,
        cinecheck,
    }
}

pub fn vod(world: &World, sw: &SiteWorld, lang: Lang) -> Vec<ShowVod> {
    sw.shows
        .iter()
        .map(|&i| show(world, i, sw.site, lang))
        .filter_map(|s| s.vod_availability.then_some(s.vod).flatten())
        .take(12)
        .collect()
}

/// The lowest price of a film at home, in the site's currency.
fn vod_price(site: Site) -> f64 {
    match site.currency() {
        "CHF" => 4.9,
        "XOF" => 2000.0,
        "TND" => 9.9,
        "MAD" => 29.0,
        _ => 3.99,
    }
}

pub fn zones(sw: &SiteWorld) -> Vec<Zone> {
    sw.cities
        .iter()
        .map(|c| Zone {
            id: c.slug.clone(),
            name: c.name.clone(),
            city_slug: Some(c.slug.clone()),
            position: Some(GpsPosition {
                x: round6(c.position.0),
                y: round6(c.position.1),
            }),
        })
        .collect()
}

/// A cinema's pre-show length (issue 17): 10 to 25 minutes for most cinemas, none (the
/// site's default) for one in five. From the slug, not the random stream, so adding it left
/// every other generated value as it was.
fn pre_show_minutes(slug: &str) -> Option<u32> {
    let h = slug
        .bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    (h % 5 != 0).then_some(10 + (h / 5) % 16)
}
