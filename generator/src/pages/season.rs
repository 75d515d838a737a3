//! A season or special event's page (spec §4 season page): the season, its next screenings
//! at each cinema written in Rust, JSON-LD of its first screening not started at build time.

use super::cx::{Built, PageCx};
use crate::fragments::{self, SeasonCinema, ShowRef};
use crate::seo::{self, SeoArgs};
use serde::Serialize;
use site::content::*;
use site::routes::PageKind;

#[derive(Serialize)]
struct SeasonView<'a> {
    season: &'a Season,
    prices: &'a [Price],
}

pub fn season(cx: &PageCx, i: usize) -> Built {
    let locale = cx.locale;
    let season = &locale.seasons[i];
    let cinemas: Vec<SeasonCinema> = season
        .cinemas
        .iter()
        .filter_map(|c| {
            let cinema = locale.cinema(&c.cinema)?;
            let shows = c
                .shows
                .iter()
                .map(|(id, list)| {
                    let title = locale
                        .show_of(*id)
                        .map(|s| s.title.as_str())
                        .unwrap_or(locale.tables.slug(*id));
                    (ShowRef { title }, list.as_slice())
                })
                .collect();
            Some(SeasonCinema {
                name: &cinema.cinema.name,
                href: cx.href(PageKind::Cinema, &c.cinema),
                shows,
                more: c.more,
            })
        })
        .collect();
    let fragment = fragments::season_screenings(&cinemas, &locale.tables, cx.labels);
    let first = season
        .first_after(chrono::Utc::now())
        .and_then(|(s, cinema)| Some((s, &locale.cinema(cinema)?.cinema)));
    let json_ld = first
        .map(|(first, place)| seo::event(&season.season, &cx.url, cx.base(), first, place).into())
        .into_iter()
        .collect();
    Built::new(&SeasonView {
        season: &season.season,
        prices: &season.prices,
    })
    .seo(SeoArgs {
        title: season.season.title.clone(),
        description: seo::truncate(
            season.season.description.as_deref().unwrap_or(""),
            seo::SEASON_DESCRIPTION_MAX,
        ),
        ..SeoArgs::default()
    })
    .json_ld(json_ld)
    .fragment(fragment)
}
