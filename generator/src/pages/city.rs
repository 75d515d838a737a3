//! A city's page and its light list (spec §4 city page): the city's cinemas.

use super::cx::{Built, Linked, PageCx};
use crate::seo::SeoArgs;
use serde::Serialize;
use site::content::*;
use site::routes::PageKind;

#[derive(Serialize)]
struct CityView<'a> {
    city: &'a CityDetail,
    cinemas: Vec<Linked<'a, Cinema>>,
}

/// The light list is the same list of cinemas, not indexed (its kind says so).
pub fn city(cx: &PageCx, i: usize) -> Built {
    let city = &cx.locale.cities[i];
    let view = CityView {
        city,
        cinemas: cx.linked("cinema", PageKind::Cinema, &city.cinemas, |c| &c.slug),
    };
    Built::new(&view)
        .seo(SeoArgs {
            name: city.city.name.clone(),
            city: city.city.name.clone(),
            ..SeoArgs::default()
        })
        .json_ld(vec![cx.breadcrumbs(&city.city.name)])
}
