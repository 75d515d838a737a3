//! The help centre's chat availability (`GET /api/help/chat`, spec §4 FAQ, §7): over the real
//! router with a fixed clock, on the demo snapshot with the agent chat configured (the demo
//! itself leaves it off), in and out of the customer-service hours of each site's time zone.

use crate::common::{snapshot, BRAND_JSON, LOCALES_DIR};
use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use chrono::{DateTime, TimeZone, Utc};
use runtime_api::clock::Clock;
use runtime_api::content::ContentStore;
use runtime_api::locales::Locales;
use runtime_api::router::app;
use runtime_api::state::AppState;
use serde_json::Value;
use site::brand::Brand;
use site::content::AgentChatConfig;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};
use tower::ServiceExt;

fn complete_chat() -> AgentChatConfig {
    AgentChatConfig {
        organization_id: Some("00D000000000001".into()),
        deployment_name: Some("Lumen_Help".into()),
        site_url: Some("https://chat.example/lumen".into()),
        scrt_url: Some("https://chat.example/scrt".into()),
    }
}

/// One content store per agent chat configuration, shared by the routers of every instant.
fn store(chat: AgentChatConfig) -> Arc<ContentStore> {
    let mut snapshot = snapshot().clone();
    snapshot.settings.agent_chat = chat;
    Arc::new(ContentStore::new(snapshot))
}

static CONFIGURED: LazyLock<Arc<ContentStore>> = LazyLock::new(|| store(complete_chat()));

fn router(content: &Arc<ContentStore>, now: DateTime<Utc>) -> axum::Router {
    let brand = Brand::from_json(BRAND_JSON).expect("config/brand.json parses");
    let locales = Locales::load(Path::new(LOCALES_DIR)).expect("locales load");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("runtime-api-help-chat");
    app(AppState::from_parts(
        content.clone(),
        Arc::new(brand),
        Arc::new(locales),
        dir.join("out"),
        dir.join("media"),
        Clock::Fixed(now),
    ))
}

fn utc(h: u32, m: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, h, m, 0)
        .single()
        .expect("valid instant")
}

async fn ask(router: axum::Router, host: &str, uri: &str) -> (StatusCode, Value, Option<String>) {
    let request = Request::get(uri)
        .header(header::HOST, host)
        .body(Body::empty())
        .expect("valid request");
    let response = router
        .oneshot(request)
        .await
        .expect("the router is infallible");
    let status = response.status();
    let cache = response
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .map(String::from);
    let body = to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("readable body");
    (
        status,
        serde_json::from_slice(&body).unwrap_or(Value::Null),
        cache,
    )
}

async fn available(content: &Arc<ContentStore>, host: &str, now: DateTime<Utc>) -> bool {
    // The islands' client adds the page language: it is accepted and changes nothing.
    let (status, body, cache) = ask(router(content, now), host, "/api/help/chat?language=fr").await;
    assert_eq!(status, StatusCode::OK, "{host} at {now}: {body}");
    assert!(
        cache.is_some_and(|c| c.contains("max-age")),
        "{host} at {now}: the answer is cacheable briefly"
    );
    let keys: Vec<&String> = body.as_object().expect("an object").keys().collect();
    assert_eq!(keys, ["available"], "{host} at {now}: {body}");
    body["available"].as_bool().expect("a boolean")
}

#[tokio::test]
async fn the_chat_is_available_inside_the_sites_hours_only() {
    let fr = "fr.localhost";
    // 09:00–21:00 in Paris (UTC+1 in November).
    assert!(
        available(&CONFIGURED, fr, utc(12, 0)).await,
        "13:00 in Paris"
    );
    assert!(
        available(&CONFIGURED, fr, utc(8, 0)).await,
        "09:00 in Paris: open"
    );
    assert!(
        available(&CONFIGURED, fr, utc(19, 59)).await,
        "20:59 in Paris"
    );
    assert!(
        !available(&CONFIGURED, fr, utc(7, 59)).await,
        "08:59 in Paris: not yet"
    );
    assert!(
        !available(&CONFIGURED, fr, utc(20, 0)).await,
        "21:00 in Paris: closed"
    );
    assert!(
        !available(&CONFIGURED, fr, utc(2, 30)).await,
        "03:30 in Paris"
    );
    // Dakar is UTC+0: still open when Paris has closed.
    assert!(
        available(&CONFIGURED, "sn.localhost", utc(20, 30)).await,
        "20:30 in Dakar"
    );
    assert!(
        !available(&CONFIGURED, "sn.localhost", utc(21, 0)).await,
        "21:00 in Dakar"
    );
}

#[tokio::test]
async fn without_all_four_agent_chat_settings_there_is_no_chat() {
    let missing = [
        AgentChatConfig {
            organization_id: None,
            ..complete_chat()
        },
        AgentChatConfig {
            deployment_name: None,
            ..complete_chat()
        },
        AgentChatConfig {
            site_url: None,
            ..complete_chat()
        },
        AgentChatConfig {
            scrt_url: None,
            ..complete_chat()
        },
        AgentChatConfig::default(),
    ];
    for chat in missing {
        let content = store(chat.clone());
        assert!(
            !available(&content, "fr.localhost", utc(12, 0)).await,
            "{chat:?} at 13:00 in Paris"
        );
    }
}

#[tokio::test]
async fn an_unknown_site_is_a_json_400_and_the_call_is_documented() {
    let (status, body, _) = ask(
        router(&CONFIGURED, utc(12, 0)),
        "nowhere.example",
        "/api/help/chat",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"].is_string() && body["message"].is_string(),
        "{body}"
    );
    let (status, doc, _) = ask(
        router(&CONFIGURED, utc(12, 0)),
        "fr.localhost",
        "/api/openapi.json",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let operation = &doc["paths"]["/api/help/chat"]["get"];
    assert!(
        operation["summary"]
            .as_str()
            .is_some_and(|s| s.contains("chat")),
        "{operation}"
    );
    assert!(
        operation.get("security").is_none(),
        "anonymous visitors ask it"
    );
}
