//! City pages: the city's cinemas (a city with one cinema redirects to it: see the
//! site_build suite's route-table test).

use crate::common::*;
use crate::support::*;
use site::routes::PageKind;
use site::{Lang, Site};

#[test]
fn city_pages_list_their_cinemas() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::Nl),
        (Site::Ch, Lang::De),
    ] {
        for c in list(&api_json(site, Some(lang), "/cities"), "") {
            let s = str_of(c, "slug").unwrap_or_default();
            let detail = api_json(site, Some(lang), &format!("/city/{s}"));
            let cinemas = list(&detail, "cinemas");
            if cinemas.len() < 2 {
                continue; // a redirect to its only cinema (site_build checks those)
            }
            let Some(html) = page(
                site,
                &path(PageKind::City, site, lang, &slug(s)),
                &mut problems,
            ) else {
                continue;
            };
            checked += 1;
            let doc = html.doc();
            let text = doc_text(&doc);
            let links = links(&doc);
            if let Some(name) = str_of(&detail, "name").or(str_of(c, "name")) {
                if !h1_texts(&doc).iter().any(|h| h.contains(name)) {
                    problems.push(format!(
                        "{}: h1 {:?} does not name the city {name:?}",
                        html.file,
                        h1_texts(&doc)
                    ));
                }
            }
            for k in cinemas {
                let href = path(
                    PageKind::Cinema,
                    site,
                    lang,
                    &slug(str_of(k, "slug").unwrap_or_default()),
                );
                expect_link(
                    html,
                    &links,
                    &href,
                    str_of(k, "name"),
                    "cinema of the city",
                    &mut problems,
                );
            }
            if let Some(d) = str_of(&detail, "description") {
                expect_text(html, &text, d, "city description", &mut problems);
            }
        }
    }
    assert!(checked > 0, "no city with 2+ cinemas on fr, nl, ch");
    assert_none("city pages", &problems);
}
