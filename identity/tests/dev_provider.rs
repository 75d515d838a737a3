//! The dev identity provider through its router (tower `oneshot`, no network): pages,
//! cookies, the silent token endpoint, and what it refuses.

mod common;

use std::time::Duration;

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use axum::response::Response;
use common::{open_provider, shared_provider, ScratchDir};
use identity::{DevIdentityProvider, TokenError};
use serde_json::Value;
use site::Site;
use tower::ServiceExt as _;

const FORM: &str = "application/x-www-form-urlencoded";

async fn send(provider: &DevIdentityProvider, request: Request<Body>) -> Response {
    provider
        .router()
        .oneshot(request)
        .await
        .expect("router answers")
}

async fn get(provider: &DevIdentityProvider, uri: &str) -> Response {
    send(
        provider,
        Request::get(uri).body(Body::empty()).expect("request"),
    )
    .await
}

async fn post_form(provider: &DevIdentityProvider, uri: &str, body: &str) -> Response {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, FORM)
        .body(Body::from(body.to_owned()))
        .expect("request");
    send(provider, request).await
}

async fn body_text(response: Response) -> String {
    let bytes = to_bytes(response.into_body(), 1 << 20).await.expect("body");
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

fn set_cookies(response: &Response) -> Vec<String> {
    response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(str::to_owned)
        .collect()
}

/// `lumen_session=…` as a browser would send it back.
fn session_pair(response: &Response) -> String {
    let cookies = set_cookies(response);
    let cookie = cookies.first().expect("a Set-Cookie header");
    cookie.split(';').next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn login_page_is_accessible_and_escapes_what_it_echoes() {
    let provider = shared_provider("main");
    let response = get(
        &provider,
        "/login?site=ch&lang=de&return=/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E",
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let csp = response.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap_or_default();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'self'"));
    let html = body_text(response).await;
    assert!(html.contains("<html lang=\"de-CH\">"), "{html}");
    assert!(html.contains("<label for=\"email\">E-Mail-Adresse</label>"));
    assert!(html.contains("<button type=\"submit\">Anmelden</button>"));
    assert!(
        html.contains("value=\"/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""),
        "{html}"
    );
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<script>"), "no inline script on the form");

    let response = get(
        &provider,
        "/login?site=%3Cscript%3Ealert(1)%3C/script%3E&lang=fr",
    )
    .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let html = body_text(response).await;
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(
        html.contains("Site inconnu"),
        "error speaks the asked language: {html}"
    );

    // A language the site does not offer falls back to its default (NL: Dutch).
    let html = body_text(get(&provider, "/signup?site=nl&lang=de").await).await;
    assert!(
        html.contains("<html lang=\"nl-NL\">") && html.contains("Voornaam"),
        "{html}"
    );
}

#[tokio::test]
async fn login_sets_the_session_cookie_and_reports_success() {
    let provider = shared_provider("main");
    let response = post_form(
        &provider,
        "/login",
        "site=fr&lang=fr&return=%2Ffilms%3Fx%3D1&email=Jane.Doe%40Example.FR",
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = set_cookies(&response).join("\n");
    for part in [
        "lumen_session=",
        "HttpOnly",
        "SameSite=Lax",
        "Path=/",
        "Max-Age=28800",
    ] {
        assert!(cookie.contains(part), "{part} missing in {cookie}");
    }
    assert!(!cookie.contains("Secure") || common::ISSUER.starts_with("https"));
    let pair = session_pair(&response);
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    let html = body_text(response).await;
    assert!(html.contains("data-code=\"LOGIN_SUCCESSFUL\""), "{html}");
    assert!(html.contains("data-return=\"/films?x=1\""), "{html}");
    assert!(html.contains("<script src=\"assets/result.js\"></script>"));

    let token = pair.trim_start_matches("lumen_session=");
    let claims = provider
        .local_verifier()
        .verify(token)
        .await
        .expect("session token verifies");
    assert_eq!(
        claims.sub,
        DevIdentityProvider::client_id("jane.doe@example.fr")
    );
    assert_eq!(claims.email.as_deref(), Some("jane.doe@example.fr"));
    assert_eq!(claims.given_name.as_deref(), Some("Jane"));
    assert_eq!(claims.site, Some(Site::Fr));

    let script = body_text(get(&provider, "/assets/result.js").await).await;
    for needle in [
        "parent_exchange",
        "window.parent.postMessage",
        "window.location.origin",
        "location.replace",
    ] {
        assert!(script.contains(needle), "{needle}");
    }
}

#[tokio::test]
async fn signup_remembers_names_for_later_sign_ins() {
    let dir = ScratchDir::new("signup");
    let provider = open_provider(&dir.0);
    let response = post_form(
        &provider,
        "/signup",
        "site=be&lang=nl&email=pieter%40example.be&given_name=Pieter&family_name=De+Smet",
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = body_text(response).await;
    assert!(
        html.contains("data-code=\"REGISTER_SUCCESSFUL\"") && html.contains("data-return=\"/\"")
    );

    // After a restart, signing in with only the email gives back the names.
    let reopened = open_provider(&dir.0);
    let response = post_form(&reopened, "/login", "site=be&email=PIETER%40example.be").await;
    let token = session_pair(&response)
        .trim_start_matches("lumen_session=")
        .to_owned();
    let claims = reopened
        .local_verifier()
        .verify(&token)
        .await
        .expect("verifies");
    assert_eq!(claims.given_name.as_deref(), Some("Pieter"));
    assert_eq!(claims.family_name.as_deref(), Some("De Smet"));
    assert_eq!(
        claims.sub,
        DevIdentityProvider::client_id("pieter@example.be")
    );

    let response = post_form(
        &provider,
        "/signup",
        "site=be&email=a%40b.be&given_name=+&family_name=X",
    )
    .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(set_cookies(&response).is_empty());
}

#[tokio::test]
async fn token_endpoint_needs_a_valid_session() {
    let provider = shared_provider("main");
    let login = post_form(&provider, "/login", "site=ma&email=karim%40example.ma").await;
    let pair = session_pair(&login);
    let session = provider
        .local_verifier()
        .verify(pair.trim_start_matches("lumen_session="))
        .await
        .expect("session");

    let request = Request::post("/token")
        .header(header::COOKIE, format!("lang=fr; {pair}"))
        .body(Body::empty())
        .expect("request");
    let response = send(&provider, request).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    let body: Value = serde_json::from_str(&body_text(response).await).expect("json");
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 900);
    let access = body["access_token"].as_str().expect("access token");
    let claims = provider
        .local_verifier()
        .verify(access)
        .await
        .expect("access token verifies");
    assert_eq!(claims.sub, session.sub);
    assert_eq!(
        claims.auth_time, session.auth_time,
        "renewal keeps the time of sign-in"
    );
    assert_eq!(claims.site, Some(Site::Ma));

    let response = send(
        &provider,
        Request::post("/token").body(Body::empty()).expect("req"),
    )
    .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(set_cookies(&response).is_empty());
    let body: Value = serde_json::from_str(&body_text(response).await).expect("json");
    assert_eq!(body, serde_json::json!({ "error": "login_required" }));

    let forged = Request::post("/token")
        .header(header::COOKIE, "lumen_session=abc.def.ghi")
        .body(Body::empty())
        .expect("request");
    let response = send(&provider, forged).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(
        set_cookies(&response).join("").contains("Max-Age=0"),
        "stale cookie dropped"
    );
}

#[tokio::test]
async fn bad_email_gets_a_clear_error_page() {
    let provider = shared_provider("main");
    let response = post_form(
        &provider,
        "/login",
        "site=fr&lang=en&email=not-an-email%3Cb%3E",
    )
    .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(set_cookies(&response).is_empty());
    let html = body_text(response).await;
    assert!(
        html.contains("role=\"alert\">Enter a valid email address"),
        "{html}"
    );
    assert!(html.contains("aria-invalid=\"true\" aria-describedby=\"form-error\""));
    assert!(
        html.contains("value=\"not-an-email&lt;b&gt;\""),
        "typed value kept, escaped"
    );
}

#[tokio::test]
async fn open_redirects_are_refused() {
    let provider = shared_provider("main");
    for hostile in [
        "%2F%2Fevil.example",
        "%2F%5Cevil.example",
        "https%3A%2F%2Fevil.example",
        "evil",
    ] {
        let response = post_form(
            &provider,
            "/login",
            &format!("site=fr&email=a%40b.fr&return={hostile}"),
        )
        .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{hostile}");
        assert!(set_cookies(&response).is_empty(), "{hostile}");
        let html = body_text(response).await;
        assert!(!html.contains("data-return"), "{hostile}");
        assert!(html.contains("chemin de ce site"), "{html}");

        let response = get(&provider, &format!("/signup?site=fr&return={hostile}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{hostile}");
    }
}

#[tokio::test]
async fn posts_must_be_forms_from_this_origin() {
    let provider = shared_provider("main");
    let json = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"email\":\"a@b.fr\"}"))
        .expect("request");
    assert_eq!(
        send(&provider, json).await.status(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );

    let cross_site = |origin: &str| {
        Request::post("/login")
            .header(header::CONTENT_TYPE, FORM)
            .header(header::HOST, "fr.localhost:8080")
            .header(header::ORIGIN, origin)
            .body(Body::from("site=fr&email=a%40b.fr"))
            .expect("request")
    };
    assert_eq!(
        send(&provider, cross_site("https://evil.example"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        send(&provider, cross_site("null")).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        send(&provider, cross_site("http://fr.localhost:8080"))
            .await
            .status(),
        StatusCode::OK
    );

    let bad_encoding = post_form(&provider, "/login", "site=fr&email=%E9").await;
    assert_eq!(bad_encoding.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn logout_clears_the_cookie_and_stays_on_site() {
    let provider = shared_provider("main");
    let response = get(&provider, "/logout?return=%2Fen%2Fmovies-events").await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()[header::LOCATION], "/en/movies-events");
    let cleared = set_cookies(&response).join("");
    assert!(cleared.starts_with("lumen_session=;") && cleared.contains("Max-Age=0"));
    assert_eq!(
        identity::logout_cookie().to_str().ok(),
        Some(cleared.as_str())
    );

    let response = get(&provider, "/logout?return=%2F%2Fevil.example").await;
    assert_eq!(response.headers()[header::LOCATION], "/");
}

#[tokio::test]
async fn keys_persist_across_opens_and_issued_tokens_verify() {
    let dir = ScratchDir::new("persist");
    let first = open_provider(&dir.0);
    let token = first.issue_token(
        Site::Sn,
        "awa@example.sn",
        "Awa",
        "Diop",
        Duration::from_secs(120),
    );
    let second = open_provider(&dir.0);
    assert_eq!(first.kid(), second.kid());
    assert_eq!(first.kid().len(), 16);
    assert!(dir.0.join(identity::dev_provider::KEY_FILE).exists());
    let claims = second
        .local_verifier()
        .verify(&token)
        .await
        .expect("verifies after restart");
    assert_eq!(claims.site, Some(Site::Sn));

    let elsewhere = ScratchDir::new("persist-other");
    let third = open_provider(&elsewhere.0);
    assert_ne!(first.kid(), third.kid());
    assert_eq!(
        third.local_verifier().verify(&token).await,
        Err(TokenError::UnknownKeyId(first.kid().into()))
    );

    let jwks: Value = serde_json::from_str(&first.jwks_json()).expect("json");
    assert_eq!(jwks["keys"][0]["kid"], first.kid());
    assert_eq!(jwks["keys"][0]["alg"], "RS256");
    let served: Value =
        serde_json::from_str(&body_text(get(&first, "/.well-known/jwks.json").await).await)
            .expect("json");
    assert_eq!(served, jwks);
}

#[test]
fn client_ids_are_stable_per_address() {
    let id = DevIdentityProvider::client_id("Jane.Doe@Example.fr");
    assert_eq!(id, DevIdentityProvider::client_id(" jane.doe@example.FR "));
    assert_ne!(id, DevIdentityProvider::client_id("john.doe@example.fr"));
    assert!(id.starts_with("c-") && id.len() == 18);
}

#[test]
fn a_damaged_key_file_is_an_error_not_a_new_key() {
    let dir = ScratchDir::new("damaged");
    std::fs::write(dir.0.join(identity::dev_provider::KEY_FILE), "not a key").expect("write");
    let error =
        DevIdentityProvider::open(&dir.0, "i".into(), "a".into(), "p".into()).expect_err("refused");
    assert!(
        format!("{error:#}").contains("not an RSA private key"),
        "{error:#}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.0.join(identity::dev_provider::KEY_FILE))
            .ok()
            .as_deref(),
        Some("not a key")
    );
}
