//! Issue 13, registration and email pages per site (spec §6: "offered only on certain sites";
//! ours: FR and NL, `Site::offers_registration`). Their UI strings — the invitation's "create an
//! account", the forced frames' titles — reach a page's islands only on those sites; elsewhere
//! the islands offer sign-in only (islands/src/stores/client.ts `registrationOffered`, the same
//! rule held by the rule-cases table).

use crate::common::*;
use crate::support::*;
use generator::islands::REGISTRATION_LABELS;
use site::routes::{PageKind, Params};

#[test]
fn registration_strings_reach_the_islands_only_where_the_site_offers_those_pages() {
    let mut problems = Vec::new();
    let (mut with, mut without) = (0, 0);
    for site in SMALL_SITES {
        for &lang in site.languages() {
            let p = path(PageKind::Home, site, lang, &Params::new());
            let Some(html) = page(site, &p, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            for island in select(&doc, "[data-island]") {
                let name = attr(island, "data-island").unwrap_or_default();
                let labels = SMALL.sites[&site]
                    .island_labels(&doc, name)
                    .and_then(|l| l.as_object().cloned())
                    .unwrap_or_default();
                for key in REGISTRATION_LABELS {
                    let shipped = labels.contains_key(key);
                    if shipped && !site.offers_registration() {
                        problems.push(format!("{}: island {name} ships {key}", html.file));
                    }
                    with += usize::from(shipped);
                }
                // The header's sign-in invitation needs them where registration is offered.
                if name == "header" && site.offers_registration() {
                    for key in REGISTRATION_LABELS {
                        if !labels.contains_key(key) {
                            problems.push(format!("{}: the header lacks {key}", html.file));
                        }
                    }
                }
                without += usize::from(!site.offers_registration() && name == "header");
            }
        }
    }
    assert_none("registration strings", &problems);
    assert!(with > 0, "no page ships the registration strings");
    assert!(
        without > 0,
        "no header on a site without registration was checked"
    );
}
