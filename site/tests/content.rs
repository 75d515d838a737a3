//! Content types: JSON round trips, minimal payloads, spec field names, feature overrides
//! and malformed input.

use chrono::{DateTime, NaiveDate};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use site::content::*;
use site::{Lang, Site};
use std::collections::BTreeMap;
use std::fmt::Debug;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let text = serde_json::to_string(value).expect("serialise");
    let back: T = serde_json::from_str(&text).expect("deserialise");
    assert_eq!(&back, value, "round trip changed the value: {text}");
}

fn date(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

fn image(url: &str) -> Image {
    Image {
        url: url.into(),
        width: 800,
        height: 450,
        alt: Some("alt".into()),
        variants: Vec::new(),
    }
}

fn cta() -> Cta {
    Cta {
        label: "Book".into(),
        url: "/book".into(),
        kind: Some(CtaType::Booking),
        new_tab: true,
        target: Some("_blank".into()),
    }
}

fn cinema() -> Cinema {
    Cinema {
        slug: "pathe-wepler".into(),
        vista_ref: "0042".into(),
        name: "Pathé Wepler".into(),
        city: "Paris".into(),
        city_slug: "paris".into(),
        gps_position: Some(GpsPosition { x: 48.88, y: 2.33 }),
        tags: vec!["imax".into(), "pmr".into()],
        address: Address {
            address_line1: "140 boulevard de Clichy".into(),
            address_line2: None,
            address_zip: "75018".into(),
            address_city: "Paris".into(),
        },
        theater_postal_code: Some("75018".into()),
        description: Some("A cinema.".into()),
        disabled_services: vec!["parking".into()],
        backdrop: Some(image("/img/wepler.jpg")),
        statistics: Some(Statistics {
            seats: 2000,
            halls: 12,
        }),
        maps_url: Some("https://maps.example/wepler".into()),
        services: vec![Service {
            slug: "bar".into(),
            label: "Bar".into(),
            description: None,
            image: None,
        }],
        sessions_nearby: Some(SessionsNearby {
            cinema: "pathe-batignolles".into(),
            wording: "Also nearby".into(),
        }),
        seo: Some(Seo {
            title: "Wepler".into(),
            description: "Cinema".into(),
        }),
        pre_show_minutes: Some(20),
    }
}

fn cinema_detail() -> CinemaDetail {
    CinemaDetail {
        cinema: cinema(),
        cinepass: vec![CinepassItem {
            label: "Pass".into(),
            price: 21.9,
            image: None,
            legend: Some("per month".into()),
        }],
        ecards: vec![CinemaECard {
            label: "5 places".into(),
            single_ttc_amount: 9.5,
            ttc_amount: 47.5,
            image: Some(image("/img/ecard.png")),
            image_alt: Some("E-card".into()),
            ref_cmd: Some("EC5".into()),
            highlight_message: None,
        }],
        nearby_cinemas: vec![CinemaLink {
            slug: "pathe-batignolles".into(),
            name: "Pathé Batignolles".into(),
            city_slug: Some("paris".into()),
            distance: Some(1.2),
        }],
        nearby_cities: vec![CityLink {
            slug: "saint-ouen".into(),
            name: "Saint-Ouen".into(),
        }],
        itinerary: Some("<p>Metro 2</p>".into()),
        pricing: Some(Pricing {
            prices: vec![Price {
                label: "Full".into(),
                amount: 14.9,
                legend: None,
                terms_index: Some(1),
            }],
            complements: vec![PriceComplement {
                parent: Price {
                    label: "3D".into(),
                    amount: 2.0,
                    legend: None,
                    terms_index: None,
                },
                children: vec![],
            }],
            terms: vec!["Under 14".into()],
            global_terms: None,
        }),
        pushes: vec![Push {
            title: "Summer".into(),
            date: Some(date("2025-06-21")),
            cta: Some(cta()),
            backdrop: None,
            content_tag: Some("event".into()),
            goal: None,
            description: None,
            background_colour: Some("#ffcc00".into()),
        }],
        cinema_week_offset: Some(3),
        redirect_slug: None,
        tracking: Some(BTreeMap::from([("cinema".into(), "wepler".into())])),
        premium: true,
        cinema_premium: None,
        accessibility_description: Some("Step-free".into()),
        acces_libre_url: Some("https://acceslibre.example/wepler".into()),
    }
}

fn show() -> Show {
    Show {
        slug: "dune-2".into(),
        reference: "HO00001".into(),
        title: "Dune 2".into(),
        duration: Some(166),
        synopsis: Some("Sand.".into()),
        directors: Some("Denis Villeneuve".into()),
        actors: Some("Timothée Chalamet, Zendaya".into()),
        genres: vec!["sf".into()],
        tags: vec!["imax".into()],
        releases: vec![Release {
            date: date("2024-02-28"),
            zone: "FR".into(),
        }],
        original_release: Some(date("2024-02-27")),
        poster: Some(image("/img/dune.jpg")),
        background: None,
        backdrop: None,
        content_rating: Some(ContentRating {
            reference: "TP".into(),
            label: "Tout public".into(),
            description: None,
            warning: None,
            cinecheck: vec![Cinecheck {
                label: "Violence".into(),
                icon: Some("v".into()),
            }],
        }),
        is_movie: true,
        new: true,
        coming_soon: false,
        premiere: false,
        bookable: true,
        flag: Some(Flag {
            label: "New".into(),
            colour: 1,
        }),
        label: None,
        orders: ShowOrders {
            default: 1,
            ..Default::default()
        },
        sales_opening_date: Some(date("2024-02-01")),
        showtimes_display_date: None,
        kids: false,
        special_event: false,
        trailers: vec![Video {
            id: "abc".into(),
            main: true,
            language: Some("VOST".into()),
            title: None,
            snapshot: None,
            provider: VideoProvider::S3,
            url: Some("https://s3.example/abc.mp4".into()),
        }],
        nationality: Some("US".into()),
        feelings: Some(FeelingsCounts {
            wishlist: 3,
            disappointed: 0,
            liked: 2,
            loved: 5,
        }),
        tracking: None,
        redirect_slug: None,
        vod_availability: false,
        vod: None,
        extra_information: None,
        logo_title: None,
    }
}

fn showtime() -> Showtime {
    Showtime {
        id: "st-1".into(),
        show: "dune-2".into(),
        cinema: "pathe-wepler".into(),
        status: ShowtimeStatus::Available,
        datetime: DateTime::parse_from_rfc3339("2025-03-05T20:15:00+01:00").unwrap(),
        end_time: Some(DateTime::parse_from_rfc3339("2025-03-05T23:01:00+01:00").unwrap()),
        version: Version {
            slug: "vost".into(),
            label: "VOST".into(),
        },
        tags: vec!["imax".into()],
        flags: ShowtimeFlags { three_d: true },
        booking_url: Some("https://tunnel.example/st-1".into()),
        auditorium: Some("Salle 1".into()),
        seat_count: Some(350),
        accessibility_icons: vec!["pmr".into()],
        experience_icons: vec!["imax".into()],
        special_showtime_details: Some(SpecialShowtimeDetails {
            title_showtime_details: Some("Debate".into()),
            description_showtime_details: None,
            title_screening: None,
            modal_title: None,
            source: Some(SpecialShowtimeSource::Showtime),
        }),
        reservability_end: Some(DateTime::parse_from_rfc3339("2025-03-05T20:30:00+01:00").unwrap()),
        film_start: None,
        film_end: None,
    }
}

fn article() -> Article {
    Article {
        reference: "ART-1".into(),
        slug: "summer-offer".into(),
        title: "Summer offer".into(),
        position: Some(1),
        teaser: None,
        tags: vec![],
        kind: ArticleType::Offer,
        headline: None,
        content: Some("<p>Hi</p>".into()),
        image: None,
        thumbnail: None,
        backdrop: None,
        release_date: Some(date("2025-06-01")),
        author: None,
        redirect_slug: None,
        tracking_slug: None,
        featured_show: Some(show().summary()),
        display_article_creation_date: true,
        display_social_media: false,
        display_back_to_news: true,
        display_news_tag: false,
        cta: Some(cta()),
        date: Some(DateRange {
            kind: DateCriteria::ExactWithoutHours,
            start: Some(date("2025-06-01").and_hms_opt(0, 0, 0).unwrap()),
            end: None,
        }),
    }
}

fn settings() -> Settings {
    let mut s = Settings {
        features: FeatureFlags {
            authentication_enabled: true,
            wallet_enabled: true,
            ..Default::default()
        },
        client_url: Some("https://client.example".into()),
        tunnel_url: Some("https://tunnel.example".into()),
        ..Default::default()
    };
    s.site_features.insert(
        "ch".into(),
        FeatureOverrides {
            authentication_enabled: Some(false),
            gift_card_enabled: Some(true),
            ..Default::default()
        },
    );
    s
}

#[test]
fn main_types_round_trip() {
    round_trip(&cinema());
    round_trip(&cinema_detail());
    round_trip(&show());
    round_trip(&show().summary());
    round_trip(&showtime());
    round_trip(&article());
    round_trip(&Offer {
        article: article(),
        cinemas: vec!["pathe-wepler".into()],
        national: false,
    });
    round_trip(&settings());
    let mut schedule = Schedule::default();
    schedule.days.insert(
        date("2025-03-05"),
        vec![ScheduleShow {
            show: "dune-2".into(),
            data: Some(show().summary()),
            resume: ScheduleResume {
                tags: vec!["imax".into()],
                versions: vec![Version {
                    slug: "vost".into(),
                    label: "VOST".into(),
                }],
                special_showtime: true,
            },
            showtimes: vec![showtime()],
        }],
    );
    schedule.highlighted_showtime = Some(showtime());
    schedule.upsell_pushes.push(UpsellPush {
        tag: "imax".into(),
        text: Some("Try IMAX".into()),
        backdrop: None,
        cta: None,
    });
    round_trip(&schedule);
    assert_eq!(schedule.showtimes().count(), 1);

    round_trip(&CityDetail {
        city: City {
            slug: "paris".into(),
            name: "Paris".into(),
            postal_code: "75".into(),
            main_region: true,
            single_page: false,
            region: Some("idf".into()),
        },
        default_cinema: Some("pathe-wepler".into()),
        description: None,
        seo: None,
        cinemas: vec![cinema()],
        nearby: vec![],
        backdrop: None,
        backdrop_mobile: None,
        highlight: Some(CityHighlight {
            title: "Top".into(),
            description: None,
            top_shows: vec![show().summary()],
        }),
    });
    round_trip(&Tag {
        slug: "imax".into(),
        title: Some("IMAX".into()),
        kind: Some(TagKind::Experience),
        premium: true,
        version_filter: false,
        display: TagDisplay {
            showtime: true,
            show_filters: true,
            ..Default::default()
        },
        tooltip_badge: Some(TooltipBadge {
            title: "IMAX".into(),
            description: None,
            image: None,
        }),
        orders: TagOrders {
            showtime: 1,
            filter: 2,
            upsell: 1,
        },
        upsell_text: Some("Bigger".into()),
        upsell_backdrop: None,
        cta_url: None,
        icon: Some(TagIcon {
            kind: TagIconKind::Sprite,
            value: "imax".into(),
        }),
        highlighted: true,
        thumbnail_title: None,
        modal_title: None,
        description: None,
        picto_banner: None,
        picto_image: None,
        label_flag_colour: Some(5),
        background_flag_colour: Some(3),
    });
    round_trip(&Client {
        id: "c1".into(),
        name: "Ada Lovelace".into(),
        email: "ada@example.org".into(),
        avatar: None,
        avatar_fallback: "LA".into(),
        favorite_cinemas: vec!["pathe-wepler".into()],
        registered: true,
        email_verify: true,
        first_login: false,
        send_newsletter: true,
        mail_communication: false,
        loyalty_level: Some("gold".into()),
        cinepass_type: None,
        subscriptions: ClientSubscriptions {
            newsletter: true,
            cinepass: false,
        },
        subscription: Some(ClientSubscription {
            current_plan: Some("p1".into()),
            eligible_changes: vec!["p2".into()],
            eligible_re_subscription: false,
            eligible_for_addon_change: true,
            downgrade: Some(Downgrade {
                plan: "p0".into(),
                execution_date: date("2025-04-01"),
            }),
        }),
    });
    round_trip(&Feelings {
        wishlist: vec!["dune-2".into()],
        emotions: BTreeMap::from([("dune-2".into(), Emotion::Loved)]),
    });
    round_trip(&Alert {
        level: AlertLevel::Warning,
        title: "Limit".into(),
        subtitle: Some("5 cinemas".into()),
        class: None,
        icon: Some("warning".into()),
        auto_close_id: Some("fav-limit".into()),
        closable: true,
        cta: None,
    });
    round_trip(&Footer {
        columns: vec![FooterColumn {
            title: "Help".into(),
            links: vec![FooterLink {
                title: "Cookies".into(),
                url: String::new(),
                new_tab: false,
                cookie_preferences: true,
            }],
        }],
        social_networks: vec![SocialLink {
            label: "X".into(),
            url: "https://x.example".into(),
        }],
        faq: vec![],
    });
    round_trip(&SeasonDetail {
        season: Season {
            reference: "S1".into(),
            slug: "opera".into(),
            title: "Opera".into(),
            kind: Some("opera".into()),
            subtitle: None,
            description: None,
            poster: None,
            price: Some(30.0),
            initial_price: None,
            active: true,
            details: None,
            cta: None,
            redirect_slug: None,
            seo: None,
        },
        prices: vec![],
        logo: None,
        backdrop: None,
        showtimes: BTreeMap::from([(
            "pathe-wepler".into(),
            BTreeMap::from([("dune-2".into(), vec![showtime()])]),
        )]),
    });
    let mut translations = Translations::default();
    translations.insert(Lang::Fr, "dune-deuxieme-partie");
    translations.insert(Lang::En, "dune-part-two");
    round_trip(&translations);
    assert_eq!(
        serde_json::to_value(&translations).unwrap(),
        json!({"fr": "dune-deuxieme-partie", "en": "dune-part-two"})
    );
    round_trip(&ContentError::gone("Show removed", Some("dune-3".into())));
    round_trip(&LocatorCookie {
        kind: LocatorType::Position,
        value: Some(LocatorValue::Position(GpsPosition { x: 48.8, y: 2.3 })),
    });
    round_trip(&LocatorCookie {
        kind: LocatorType::Cinema,
        value: Some(LocatorValue::Text("0042".into())),
    });
}

#[test]
fn minimal_payloads_deserialise() {
    let c: Cinema =
        serde_json::from_value(json!({"slug": "a", "vistaRef": "1", "name": "A"})).unwrap();
    assert!(c.tags.is_empty() && c.gps_position.is_none());
    let d: CinemaDetail =
        serde_json::from_value(json!({"slug": "a", "vistaRef": "1", "name": "A"})).unwrap();
    assert_eq!(d.cinema, c);
    assert!(!d.premium && d.cinema_week_offset.is_none());

    let s: Show =
        serde_json::from_value(json!({"slug": "s", "reference": "R", "title": "S"})).unwrap();
    assert!(!s.bookable && s.releases.is_empty());

    let st: Showtime = serde_json::from_value(json!({
        "id": "1", "show": "s", "cinema": "a", "status": "soldout",
        "datetime": "2025-03-05T20:15:00+01:00",
        "version": {"slug": "vf", "label": "VF"}
    }))
    .unwrap();
    assert_eq!(st.status, ShowtimeStatus::Soldout);
    assert_eq!(st.datetime.offset().local_minus_utc(), 3600);

    let _: Tag = serde_json::from_value(json!({"slug": "imax"})).unwrap();
    let _: City = serde_json::from_value(json!({"slug": "paris", "name": "Paris"})).unwrap();
    let _: Article = serde_json::from_value(
        json!({"reference": "R", "slug": "a", "title": "A", "type": "news"}),
    )
    .unwrap();
    let _: Schedule = serde_json::from_value(json!({})).unwrap();
    let _: Footer = serde_json::from_value(json!({})).unwrap();
    let _: Alert = serde_json::from_value(json!({"level": "info", "title": "Hi"})).unwrap();
    let _: Client = serde_json::from_value(json!({"id": "c"})).unwrap();
    let _: AccountPayload = serde_json::from_value(json!({"icu": "c"})).unwrap();

    let settings: Settings = serde_json::from_value(json!({})).unwrap();
    assert_eq!(settings.locator.max_geolocation_cinemas, 6);
    assert_eq!(settings.locator.max_geolocation_distance, 50.0);
    assert_eq!(settings.cookie_names.locator, "cgp_locator");
    assert!(!settings.agent_chat.is_complete());

    // Empty e-card label and terms become null (spec §5).
    let e: ECard = serde_json::from_value(
        json!({"typeId": "3", "label": "", "terms": "  ", "seats": 3, "price": 27.0}),
    )
    .unwrap();
    assert_eq!((e.label, e.terms), (None, None));

    // Voucher: result code 0 carries the card, otherwise none.
    let ok: VoucherResult =
        serde_json::from_value(json!({"resultCode": 0, "card": {"code": "X"}})).unwrap();
    assert!(ok.card().is_some());
    let ko: VoucherResult =
        serde_json::from_value(json!({"resultCode": 3, "message": "Unknown"})).unwrap();
    assert!(ko.card().is_none());
}

#[test]
fn json_field_names_are_the_specs() {
    let c = serde_json::to_value(cinema_detail()).unwrap();
    for key in [
        "vistaRef",
        "gpsPosition",
        "citySlug",
        "theaterPostalCode",
        "disabledServices",
        "sessionsNearby",
        "mapsUrl",
        "cinemaWeekOffset",
        "accessibilityDescription",
        "accesLibreUrl",
    ] {
        assert!(c.get(key).is_some(), "cinema detail lacks {key}: {c}");
    }
    assert!(c["address"].get("addressLine1").is_some());
    assert!(c["address"].get("addressZip").is_some());
    let ecard = &c["ecards"][0];
    for key in ["singleTtcAmount", "ttcAmount", "imageAlt", "refCmd"] {
        assert!(ecard.get(key).is_some(), "ecard lacks {key}");
    }

    let s = serde_json::to_value(show()).unwrap();
    for key in [
        "isMovie",
        "comingSoon",
        "salesOpeningDate",
        "originalRelease",
        "contentRating",
    ] {
        assert!(s.get(key).is_some(), "show lacks {key}");
    }
    assert_eq!(s["contentRating"]["ref"], "TP");
    assert_eq!(s["trailers"][0]["provider"], "s3");
    assert_eq!(s["releases"][0]["date"], "2024-02-28");

    let st = serde_json::to_value(showtime()).unwrap();
    assert_eq!(st["status"], "available");
    assert_eq!(st["flags"]["threeD"], true);
    assert_eq!(st["datetime"], "2025-03-05T20:15:00+01:00");
    for key in [
        "endTime",
        "bookingUrl",
        "seatCount",
        "reservabilityEnd",
        "experienceIcons",
    ] {
        assert!(st.get(key).is_some(), "showtime lacks {key}");
    }
    assert!(st["specialShowtimeDetails"]
        .get("titleShowtimeDetails")
        .is_some());

    let a = serde_json::to_value(article()).unwrap();
    assert_eq!(a["type"], "offer");
    assert_eq!(a["cta"]["type"], "booking");
    assert_eq!(a["cta"]["newTab"], true);
    assert_eq!(a["date"]["type"], "exactWithoutHours");
    assert!(a.get("displayArticleCreationDate").is_some());

    let alert = Alert {
        level: AlertLevel::Info,
        title: "t".into(),
        subtitle: None,
        class: None,
        icon: None,
        auto_close_id: Some("x".into()),
        closable: false,
        cta: None,
    };
    let v = serde_json::to_value(alert).unwrap();
    assert_eq!(v["autoCloseId"], "x");
    assert_eq!(v["level"], "info");

    let client: Value = serde_json::to_value(Client {
        id: "c".into(),
        name: String::new(),
        email: String::new(),
        avatar: None,
        avatar_fallback: "AB".into(),
        favorite_cinemas: vec!["a".into()],
        registered: true,
        email_verify: false,
        first_login: true,
        send_newsletter: false,
        mail_communication: true,
        loyalty_level: None,
        cinepass_type: None,
        subscriptions: Default::default(),
        subscription: None,
    })
    .unwrap();
    for key in [
        "favoriteCinemas",
        "avatarFallback",
        "emailVerify",
        "firstLogin",
        "mailCommunication",
    ] {
        assert!(client.get(key).is_some(), "client lacks {key}");
    }

    let settings = serde_json::to_value(settings()).unwrap();
    assert!(settings["features"].get("authenticationEnabled").is_some());
    assert!(settings["features"].get("voucherCheckerEnabled").is_some());
    assert!(settings["features"].get("tracking4dxExperience").is_some());
    assert_eq!(settings["locator"]["maxGeolocationCinemas"], 6);
    assert_eq!(settings["siteFeatures"]["ch"]["giftCardEnabled"], true);
    assert!(settings["siteFeatures"]["ch"]
        .get("walletEnabled")
        .is_none());

    let r: SearchResult = serde_json::from_value(json!({
        "id": "1", "type": "master_template", "slug": "s", "title": "T"
    }))
    .unwrap();
    assert_eq!(r.kind, SearchResultType::MasterTemplate);
    let header: OffersPageHeader = serde_json::from_value(
        json!({"title": "Offers", "blockOrder": ["ecards", "promotion", "event", "temporary"]}),
    )
    .unwrap();
    assert_eq!(header.block_order[0], OfferBlock::Ecards);
}

#[test]
fn search_payloads_read_typed() {
    let show_hit: SearchResult = serde_json::from_value(json!({
        "id": "1", "type": "show", "slug": "dune-2", "title": "Dune 2",
        "payload": {"releases": [{"date": "2024-02-28", "zone": "FR"}],
                    "rating": {"ref": "TP", "label": "Tout public"}}
    }))
    .unwrap();
    let p = show_hit.show_payload().unwrap();
    assert_eq!(p.releases[0].date, date("2024-02-28"));
    assert_eq!(p.rating.unwrap().reference, "TP");
    assert!(show_hit.cinema_payload().is_none());

    let cinema_hit: SearchResult = serde_json::from_value(json!({
        "id": "2", "type": "cinema", "slug": "a", "title": "A",
        "route": {"path": "/cinema/a"},
        "payload": {"cinema": {"name": "A", "slug": "a",
                               "address": {"city": "Paris", "postalCode": "75018"}},
                    "experiences": ["imax"]}
    }))
    .unwrap();
    let c = cinema_hit.cinema_payload().unwrap();
    assert_eq!(c.cinema.address.postal_code, "75018");
    assert_eq!(c.experiences, vec!["imax".to_string()]);
    round_trip(&cinema_hit);
}

#[test]
fn features_for_applies_site_overrides() {
    let s = settings();
    let ch = s.features_for(Site::Ch);
    assert!(
        !ch.authentication_enabled,
        "CH override turns authentication off"
    );
    assert!(ch.gift_card_enabled, "CH override turns gift card on");
    assert!(ch.wallet_enabled, "no override keeps the default");

    let fr = s.features_for(Site::Fr);
    assert_eq!(fr, s.features);

    // From JSON, with the website code as key.
    let s: Settings = serde_json::from_value(json!({
        "features": {"vodEnabled": true},
        "siteFeatures": {"be": {"vodEnabled": false, "subscriptionsEnabled": true}}
    }))
    .unwrap();
    assert!(s.features_for(Site::Nl).vod_enabled);
    assert!(!s.features_for(Site::Be).vod_enabled);
    assert!(s.features_for(Site::Be).subscriptions_enabled);
}

#[test]
fn malformed_json_is_an_error() {
    assert!(serde_json::from_str::<Cinema>("{not json").is_err());
    assert!(
        serde_json::from_str::<Cinema>(r#"{"slug": "a"}"#).is_err(),
        "vistaRef is required"
    );
    assert!(serde_json::from_str::<Showtime>(
        r#"{"id":"1","show":"s","cinema":"a","status":"maybe",
            "datetime":"2025-03-05T20:15:00+01:00","version":{"slug":"vf","label":"VF"}}"#
    )
    .is_err());
    assert!(serde_json::from_str::<Showtime>(
        r#"{"id":"1","show":"s","cinema":"a","status":"available",
            "datetime":"yesterday","version":{"slug":"vf","label":"VF"}}"#
    )
    .is_err());
    assert!(serde_json::from_str::<Schedule>(r#"{"days": {"not-a-date": []}}"#).is_err());
    assert!(serde_json::from_str::<Settings>(r#"{"features": "yes"}"#).is_err());
    assert!(serde_json::from_str::<Translations>(r#"{"xx": "slug"}"#).is_err());
    assert!(serde_json::from_str::<Feelings>(r#"{"emotions": {"a": "hated"}}"#).is_err());
    assert!(serde_json::from_str::<Release>(r#"{"date": "28/02/2024"}"#).is_err());
}
