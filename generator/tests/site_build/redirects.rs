//! Redirects the build writes for the content: a listed cinema without data redirects to the
//! cinemas list (spec §4). The rules of the whole demo are checked by [`crate::routes`], hostile
//! slugs by [`crate::fuzz`].

use crate::common::*;
use crate::proxy::{proxy, Fault, Proxy};
use site::{Lang, Site};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Spec §4: a cinema with no data redirects to the cinemas list. A listed cinema whose
/// detail answers 404 is not a failure: the build succeeds, writes no page for it and a 301
/// rule to the list instead.
#[test]
fn a_listed_cinema_without_data_redirects_to_the_cinemas_list() {
    let cinemas = api_json(Site::Fr, Some(Lang::Fr), "/cinemas");
    let cinemas = list(&cinemas, "");
    let slug = str_of(&cinemas[1], "slug")
        .expect("a cinema slug")
        .to_string();
    let state = Arc::new(Proxy {
        upstream: API.base.clone(),
        target: format!("/api/cinema/{slug}"),
        fault: Fault::NotFound,
        hits: AtomicUsize::new(0),
        client: reqwest::Client::new(),
    });
    let router = axum::Router::new()
        .fallback(proxy)
        .with_state(state.clone());
    let addr = serve(router);
    let dir = scratch("cinema-without-data");
    let mut options = options(&format!("http://{addr}"), &dir.join("out"));
    options.sites = vec!["fr".to_string()];
    options.langs = vec!["fr".to_string()];
    generator::build(&options)
        .unwrap_or_else(|e| panic!("a cinema without data must not fail the build: {e:#}"));
    assert!(
        state.hits.load(Ordering::SeqCst) >= 1,
        "the cinema's detail was never asked for"
    );
    let out = dir.join("out").join("fr");
    assert!(
        !out.join(format!("cinemas/{slug}.html")).exists(),
        "a page was written for a cinema without data"
    );
    let rules = std::fs::read_to_string(out.join("_redirects")).expect("_redirects");
    assert!(
        rules
            .lines()
            .any(|l| l == format!("/cinemas/{slug} /cinemas 301")),
        "no 301 from /cinemas/{slug} to /cinemas in:\n{rules}"
    );
}
