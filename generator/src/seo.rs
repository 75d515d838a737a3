//! What search engines read: the UI-string key of a page's title and description, the
//! canonical URL, hreflang alternates, Open Graph locales and JSON-LD.

use crate::schedule::{Rfc3339, Screening, Tables};
use serde_json::{json, Value};
use site::content::*;
use site::{Lang, Site};

/// Values for the placeholders of a page's title and description.
#[derive(Default, serde::Serialize)]
pub struct SeoArgs {
    pub name: String,
    pub city: String,
    pub title: String,
    pub teaser: String,
    pub description: String,
    /// The page's own picture for sharing (`og:image`, issue 13); `None` shares the brand's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<ShareImage>,
}

/// A picture a page is shared with: its absolute address and its text alternative
/// (`og:image`, `og:image:alt`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ShareImage {
    pub url: String,
    pub alt: String,
}

/// The sharing picture of a content image: absolute, only an http(s) address or a path of the
/// site; its alt is the content's, else `fallback` (the page's subject).
pub fn share_image(image: &Image, fallback: &str, base: &str) -> Option<ShareImage> {
    let url = site::escape::content_url(&image.url)?;
    let alt = image
        .alt
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .unwrap_or(fallback)
        .trim();
    Some(ShareImage {
        url: absolute(base, url),
        alt: alt.to_string(),
    })
}

/// Spec §9: a season's description is cut to 100 characters in SEO.
pub const SEASON_DESCRIPTION_MAX: usize = 100;

pub fn truncate(text: &str, max: usize) -> String {
    let plain = strip_tags(text);
    if plain.chars().count() <= max {
        return plain;
    }
    let cut: String = plain.chars().take(max - 1).collect();
    format!("{}…", cut.trim_end())
}

/// Text of an HTML fragment, for meta descriptions.
pub fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn og_locale(lang: Lang, site: Site) -> String {
    format!("{}_{}", lang.code(), site.country_code())
}

pub fn breadcrumbs(items: &[(String, String)]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items.iter().enumerate().map(|(i, (name, url))| json!({
            "@type": "ListItem", "position": i + 1, "name": name, "item": url
        })).collect::<Vec<_>>()
    })
}

pub fn movie_theater(cinema: &CinemaDetail, url: &str, base: &str) -> Value {
    let c = &cinema.cinema;
    let mut value = json!({
        "@context": "https://schema.org",
        "@type": "MovieTheater",
        "name": c.name,
        "url": url,
        "address": address(c),
    });
    if let Some(p) = c.gps_position {
        value["geo"] = json!({"@type": "GeoCoordinates", "latitude": p.x, "longitude": p.y});
    }
    if let Some(b) = &c.backdrop {
        value["image"] = json!(absolute(base, &b.url));
    }
    if let Some(s) = c.statistics {
        value["screenCount"] = json!(s.halls);
    }
    value
}

fn address(c: &Cinema) -> Value {
    serde_json::to_value(PostalAddress::of(c)).expect("plain data serialises")
}

pub fn absolute(base: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_string()
    } else {
        format!("{base}{url}")
    }
}

pub fn movie(show: &Show, url: &str, base: &str) -> Value {
    let mut value = json!({
        "@context": "https://schema.org",
        "@type": if show.is_movie { "Movie" } else { "Event" },
        "name": show.title,
        "url": url,
    });
    if let Some(p) = &show.poster {
        value["image"] = json!(absolute(base, &p.url));
    }
    if let Some(s) = &show.synopsis {
        value["description"] = json!(s);
    }
    if let Some(d) = show.duration {
        value["duration"] = json!(format!("PT{}M", d));
    }
    if let Some(d) = &show.directors {
        value["director"] = d
            .split(',')
            .map(|n| json!({"@type": "Person", "name": n.trim()}))
            .collect();
    }
    if let Some(a) = &show.actors {
        value["actor"] = a
            .split(',')
            .map(|n| json!({"@type": "Person", "name": n.trim()}))
            .collect();
    }
    if !show.genres.is_empty() {
        value["genre"] = json!(show.genres);
    }
    if let Some(r) = site::rules::release_year(&show.releases, show.original_release) {
        value["dateCreated"] = json!(r.to_string());
    }
    if let Some(rating) = &show.content_rating {
        value["contentRating"] = json!(rating.label);
    }
    value
}

/// A JSON-LD block as it goes inside its `<script type="application/ld+json">`.
pub struct JsonLd(pub String);

impl From<Value> for JsonLd {
    /// Escaped by `site::escape`: no `</script>`, `<!--` or `<script` in content can end the
    /// block or change how it is parsed. Serialised into one buffer, not through `Value`'s
    /// `Display` and the formatting machinery.
    fn from(value: Value) -> JsonLd {
        JsonLd(site::escape::script_json_of(&value))
    }
}

/// The ScreeningEvents of a cinema's showtimes (spec §3 Showtime), one per showtime: what,
/// where, when, in which format and language, and where to book. A cinema page describes a
/// hundred: they are written from typed structs straight to text, not built as `Value`s.
pub fn screenings<'a>(
    showtimes: impl IntoIterator<Item = (&'a Screening, &'a Show, &'a str)>,
    tables: &Tables,
    cinema: &Cinema,
    cinema_url: &str,
) -> Option<JsonLd> {
    let location = Theatre {
        kind: "MovieTheater",
        name: &cinema.name,
        url: Some(cinema_url),
        address: PostalAddress::of(cinema),
    };
    let graph: Vec<ScreeningEvent> = showtimes
        .into_iter()
        .map(|(s, show, show_url)| {
            let langs = tables.version_languages(s.version);
            // An original version's language is not in the content: it is left unsaid.
            let in_language = Some(langs.audio)
                .filter(|a| ![site::rules::ORIGINAL_AUDIO, site::rules::UNKNOWN_AUDIO].contains(a));
            let subtitle_language = langs.subs.first().copied();
            ScreeningEvent {
                kind: "ScreeningEvent",
                name: &show.title,
                start_date: Instant(s.start),
                work_presented: Work {
                    kind: if show.is_movie {
                        "Movie"
                    } else {
                        "CreativeWork"
                    },
                    name: &show.title,
                    url: show_url,
                },
                location: &location,
                video_format: s.format.name(),
                event_status: "https://schema.org/EventScheduled",
                // The film's real end (issue 17): its start after the pre-show plus its duration.
                end_date: s.film_end.map(Instant),
                in_language,
                subtitle_language,
                offers: s
                    .booking_url()
                    .and_then(site::escape::content_url)
                    .map(|url| Offer {
                        kind: "Offer",
                        url,
                        availability: match s.status {
                            ShowtimeStatus::Available => "https://schema.org/InStock",
                            ShowtimeStatus::Soldout => "https://schema.org/SoldOut",
                            ShowtimeStatus::Locked => "https://schema.org/Discontinued",
                        },
                    }),
            }
        })
        .collect();
    if graph.is_empty() {
        return None;
    }
    #[derive(serde::Serialize)]
    struct Graph<'a> {
        #[serde(rename = "@context")]
        context: &'static str,
        #[serde(rename = "@graph")]
        graph: Vec<ScreeningEvent<'a>>,
    }
    let json = serde_json::to_string(&Graph {
        context: "https://schema.org",
        graph,
    })
    .expect("plain data serialises");
    Some(JsonLd(site::escape::script_json(&json)))
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ScreeningEvent<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
    start_date: Instant,
    // A screening presents a work: a Movie, or for a live event a CreativeWork.
    work_presented: Work<'a>,
    location: &'a Theatre<'a>,
    video_format: &'static str,
    event_status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_date: Option<Instant>,
    #[serde(skip_serializing_if = "Option::is_none")]
    in_language: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    subtitle_language: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offers: Option<Offer<'a>>,
}

#[derive(serde::Serialize)]
struct Work<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
    url: &'a str,
}

#[derive(serde::Serialize)]
struct Theatre<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<&'a str>,
    address: PostalAddress<'a>,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PostalAddress<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    street_address: &'a str,
    postal_code: &'a str,
    address_locality: &'a str,
}

impl PostalAddress<'_> {
    fn of(c: &Cinema) -> PostalAddress<'_> {
        PostalAddress {
            kind: "PostalAddress",
            street_address: &c.address.address_line1,
            postal_code: &c.address.address_zip,
            address_locality: &c.address.address_city,
        }
    }
}

#[derive(serde::Serialize)]
struct Offer<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    url: &'a str,
    availability: &'static str,
}

/// A date-time as RFC 3339 text, written without an intermediate string.
struct Instant(chrono::DateTime<chrono::FixedOffset>);

impl serde::Serialize for Instant {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&Rfc3339 {
            at: self.0,
            seconds: true,
        })
    }
}

pub fn faq_page(articles: &[&FaqArticle]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": articles.iter().map(|a| json!({
            "@type": "Question",
            "name": a.title,
            "acceptedAnswer": {"@type": "Answer", "text": strip_tags(&a.content)}
        })).collect::<Vec<_>>()
    })
}

/// An event show (opera, concert…) described by its next screening.
pub fn show_event(show: &Show, url: &str, base: &str, first: &Screening, place: &Cinema) -> Value {
    let mut value = movie(show, url, base);
    value["@type"] = json!("Event");
    value["startDate"] = json!(first.start.to_rfc3339());
    value["location"] =
        json!({"@type": "MovieTheater", "name": place.name, "address": address(place)});
    value
}

pub fn event(season: &Season, url: &str, base: &str, first: &Screening, place: &Cinema) -> Value {
    let mut value = json!({
        "@context": "https://schema.org",
        "@type": "Event",
        "name": season.title,
        "url": url,
    });
    if let Some(p) = &season.poster {
        value["image"] = json!(absolute(base, &p.url));
    }
    if let Some(d) = &season.description {
        value["description"] = json!(strip_tags(d));
    }
    value["startDate"] = json!(first.start.to_rfc3339());
    value["location"] =
        json!({"@type": "MovieTheater", "name": place.name, "address": address(place)});
    value
}
