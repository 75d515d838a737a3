//! Deterministic demo content: one content snapshot for all 8 country sites and all their
//! languages, plus the placeholder images it names. Same seed, scale and `today` → the same
//! bytes.

mod catalog;
mod editorial;
pub mod media;
mod places;
mod rng;
mod showtimes;
mod words;
mod world;

use chrono::NaiveDate;
use site::brand::Brand;
use site::content::*;
use site::snapshot::{LocaleContent, SiteContent, Snapshot, SnapshotMeta};
use site::Site;
use std::collections::BTreeMap;
use std::fmt;

pub const DEFAULT_SEED: u64 = 20_261_122;

#[derive(Clone, Debug)]
pub struct DemoOptions {
    pub seed: u64,
    /// 1 is a realistic chain; N multiplies cinemas, shows and articles by about N.
    pub scale: u32,
    /// First day of the schedules.
    pub today: NaiveDate,
}

pub struct Demo {
    pub snapshot: Snapshot,
    /// Placeholder images by path relative to the media folder.
    pub media: BTreeMap<String, String>,
}

pub fn generate(options: &DemoOptions, brand: &Brand) -> Demo {
    let world = world::build(options.seed, options.scale.max(1), options.today);
    let settings = settings();
    let brand_short = brand
        .short_name
        .clone()
        .unwrap_or_else(|| brand.name.clone());
    let root = rng::Rng::new(options.seed);
    let routes = site::routes::RouteTable::try_new(&brand.slug)
        .expect("the brand slug was checked when the brand was read");
    let sites = world
        .sites
        .iter()
        .map(|sw| {
            let locales = sw
                .site
                .languages()
                .iter()
                .map(|&lang| {
                    let ed = editorial::build(&world, sw, lang, &brand.name, &routes);
                    LocaleContent {
                        language: Some(lang),
                        cinemas: catalog::cinemas(sw, lang, &brand_short),
                        cities: catalog::cities(&world, sw, lang),
                        shows: sw
                            .shows
                            .iter()
                            .map(|&i| catalog::show(&world, i, sw.site, lang))
                            .collect(),
                        seasons: ed.seasons,
                        season_shows: ed.season_shows,
                        experiences: ed.experiences,
                        experience_groups: ed.experience_groups,
                        technologies: ed.technologies,
                        tags: catalog::tags(lang),
                        versions: catalog::versions(sw.site, lang),
                        articles: ed.articles,
                        experience_articles: ed.experience_articles,
                        offers: ed.offers,
                        offers_page: Some(ed.offers_page),
                        temporary_offers: ed.temporary_offers,
                        promotions: ed.promotions.clone(),
                        faq_articles: ed.faq_articles,
                        faq_categories: ed.faq_categories,
                        master_templates: ed.master_templates,
                        footer: Some(ed.footer),
                        alerts: ed.alerts,
                        cinema_alerts: ed.cinema_alerts,
                        ecards: ed.ecards,
                        subscription: ed.subscription,
                        vod: catalog::vod(&world, sw, lang),
                        zones: catalog::zones(sw),
                        native_ad: None,
                        permanent_autopromo: ed.promotions.first().cloned(),
                        youtube_latest: Vec::new(),
                    }
                })
                .collect();
            let mut rng = root.fork(&format!("showtimes-{}", sw.site));
            SiteContent {
                site: sw.site,
                locales,
                showtimes: showtimes::showtimes(&world, sw, &mut rng),
                gone_shows: sw
                    .shows
                    .iter()
                    .filter(|&&i| world.shows[i].gone)
                    .map(|&i| world.shows[i].slug.clone())
                    .collect(),
            }
        })
        .collect();
    let snapshot = Snapshot {
        meta: SnapshotMeta {
            source: "demo-content".into(),
            seed: options.seed,
            scale: options.scale.max(1),
            today: options.today,
            brand: brand.name.clone(),
        },
        settings,
        sites,
    };
    let value = serde_json::to_value(&snapshot).expect("a snapshot always serialises");
    let media = media::render_all(&value);
    Demo { snapshot, media }
}

/// Feature flags with per-site overrides, as an operator would set them.
fn settings() -> Settings {
    let features = FeatureFlags {
        authentication_enabled: true,
        offers_menu_displayed: true,
        gift_card_enabled: true,
        business_site_enabled: true,
        tracking_4dx_experience: true,
        ..FeatureFlags::default()
    };
    let mut site_features = BTreeMap::new();
    let on = Some(true);
    let off = Some(false);
    site_features.insert(
        "fr".into(),
        FeatureOverrides {
            voucher_checker_enabled: on,
            wallet_enabled: on,
            subscriptions_enabled: on,
            home_video_enabled: on,
            vod_enabled: on,
            ..Default::default()
        },
    );
    site_features.insert(
        "nl".into(),
        FeatureOverrides {
            voucher_checker_enabled: on,
            subscriptions_enabled: on,
            ..Default::default()
        },
    );
    site_features.insert(
        "ch".into(),
        FeatureOverrides {
            subscriptions_enabled: on,
            ..Default::default()
        },
    );
    for small in ["tn", "sn", "ci", "ma"] {
        site_features.insert(
            small.into(),
            FeatureOverrides {
                authentication_enabled: off,
                offers_menu_displayed: off,
                gift_card_enabled: off,
                business_site_enabled: off,
                ..Default::default()
            },
        );
    }
    Settings {
        features,
        site_features,
        client_url: Some("https://account.example.org".into()),
        tunnel_url: Some("https://tickets.example.org".into()),
        cookie_names: CookieNames::default(),
        injections: Vec::new(),
        youtube_channel: None,
        captcha_key: Some("dev-captcha".into()),
        agent_chat: AgentChatConfig::default(),
        locator: LocatorLimits::default(),
    }
}

/// What a snapshot holds, per site: printed by the demo generator.
pub struct Counts(pub Vec<(Site, BTreeMap<&'static str, usize>)>);

pub fn counts(snapshot: &Snapshot) -> Counts {
    Counts(
        snapshot
            .sites
            .iter()
            .map(|s| {
                let first = s.locales.first().cloned().unwrap_or_default();
                let mut c = BTreeMap::new();
                c.insert("languages", s.locales.len());
                c.insert("cinemas", first.cinemas.len());
                c.insert("cities", first.cities.len());
                c.insert("movies", first.shows.iter().filter(|x| x.is_movie).count());
                c.insert("events", first.shows.iter().filter(|x| !x.is_movie).count());
                c.insert("showtimes", s.showtimes.len());
                c.insert("news", first.articles.len());
                c.insert("offers", first.offers.len());
                c.insert("seasons", first.seasons.len());
                c.insert("experiences", first.experiences.len());
                c.insert("faq", first.faq_articles.len());
                c.insert("ecards", first.ecards.len());
                (s.site, c)
            })
            .collect(),
    )
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys: Vec<&str> = self
            .0
            .first()
            .map(|(_, c)| c.keys().copied().collect())
            .unwrap_or_default();
        write!(f, "{:<6}", "site")?;
        for k in &keys {
            write!(f, "{k:>12}")?;
        }
        writeln!(f)?;
        let mut totals = vec![0usize; keys.len()];
        for (site, c) in &self.0 {
            write!(f, "{:<6}", site.code())?;
            for (i, k) in keys.iter().enumerate() {
                write!(f, "{:>12}", c[k])?;
                totals[i] += c[k];
            }
            writeln!(f)?;
        }
        write!(f, "{:<6}", "total")?;
        for t in totals {
            write!(f, "{t:>12}")?;
        }
        writeln!(f)
    }
}
