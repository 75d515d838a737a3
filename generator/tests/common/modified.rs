//! Builds of a modified demo snapshot (hostile strings, image variants, settings-driven
//! extras, fuzzed content): the real runtime API serves it and the generator builds FR in
//! French from it.

use super::{brand, now, options, read_site, root, scratch, serve, today, SiteFiles};
use demo_content::{DemoOptions, DEFAULT_SEED};
use serde_json::Value;
use site::Site;
use std::path::{Path, PathBuf};

/// Serves `snapshot` with the real runtime API (fixed clock) and builds FR in French from it
/// into a scratch folder named after `name`: the tests of modified content (hostile strings,
/// image variants, settings-driven extras). `brand_file` replaces config/brand.json.
pub fn build_fr(
    name: &str,
    snapshot: site::snapshot::Snapshot,
    brand_file: Option<&Path>,
    islands: PathBuf,
) -> SiteFiles {
    let dir = scratch(&format!("modified-{name}"));
    let api = serve_snapshot(snapshot, &dir);
    let out = dir.join("out");
    let mut options = options(&api, &out);
    options.sites = vec!["fr".to_string()];
    options.langs = vec!["fr".to_string()];
    options.islands = islands;
    if let Some(file) = brand_file {
        options.brand = file.to_path_buf();
    }
    generator::build(&options).unwrap_or_else(|e| panic!("the {name} build failed: {e:#}"));
    let site = read_site(&out.join("fr"), Site::Fr);
    assert!(
        site.pages.len() > 100,
        "the {name} build wrote {} pages",
        site.pages.len()
    );
    site
}

/// Serves `snapshot` with the real runtime API (the fixed clock of the shared one; its
/// preview and media folders in `dir`) and answers its base URL.
pub fn serve_snapshot(snapshot: site::snapshot::Snapshot, dir: &Path) -> String {
    let locales = runtime_api::locales::Locales::load(&root().join("locales")).expect("locales");
    let state = runtime_api::state::AppState::new(
        snapshot,
        brand(),
        locales,
        dir.join("preview"),
        dir.join("media"),
        runtime_api::clock::Clock::Fixed(now()),
    );
    let addr = serve(runtime_api::router::app(state));
    format!("http://{addr}")
}

/// The scale-1 demo snapshot (the API's content) as JSON, for tests that modify it and serve
/// the result with `build_fr`.
pub fn demo_snapshot_value() -> Value {
    let demo = demo_content::generate(
        &DemoOptions {
            seed: DEFAULT_SEED,
            scale: 1,
            today: today(),
        },
        &brand(),
    );
    serde_json::to_value(&demo.snapshot).expect("the snapshot serialises")
}
