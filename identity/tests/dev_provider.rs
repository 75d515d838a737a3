//! The dev identity provider as a standard OpenID provider, through its router (tower
//! `oneshot`, no network): discovery, the authorization-code flow with PKCE, refresh-token
//! rotation, userinfo, end session — and everything it refuses. Its tokens are checked by the
//! same verifier the API uses.

mod common;

use std::collections::HashMap;

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use axum::response::Response;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use common::{shared_provider, AUDIENCE, AZP, ISSUER};
use identity::{DevIdentityProvider, TokenError, TokenVerifier, VerifierConfig};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tower::ServiceExt as _;

const FORM: &str = "application/x-www-form-urlencoded";
const ORIGIN: &str = "https://id.lumen.test";
const CALLBACK: &str = "https://id.lumen.test/nl/callback";
const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

async fn send(provider: &DevIdentityProvider, request: Request<Body>) -> Response {
    provider
        .router()
        .oneshot(request)
        .await
        .expect("router answers")
}

async fn get(provider: &DevIdentityProvider, uri: &str, cookie: Option<&str>) -> Response {
    let mut request = Request::get(uri);
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    send(provider, request.body(Body::empty()).expect("request")).await
}

async fn post_form(provider: &DevIdentityProvider, uri: &str, body: &str) -> Response {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, FORM)
        .body(Body::from(body.to_owned()))
        .expect("request");
    send(provider, request).await
}

async fn text(response: Response) -> String {
    let bytes = to_bytes(response.into_body(), 1 << 20).await.expect("body");
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

async fn json(response: Response) -> Value {
    serde_json::from_str(&text(response).await).expect("JSON")
}

fn location(response: &Response) -> String {
    response
        .headers()
        .get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// The query of a redirect to the callback page.
fn callback_query(response: &Response) -> HashMap<String, String> {
    let target = location(response);
    let query = target
        .strip_prefix(&format!("{CALLBACK}?"))
        .unwrap_or_else(|| panic!("a redirect to the callback, got {target:?}"));
    query
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.replace("%2D", "-").replace("%5F", "_")))
        .collect()
}

fn session_cookie(response: &Response) -> String {
    response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("lumen_session=") && !c.contains("Max-Age=0"))
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_owned()
}

fn authorize_uri(extra: &str) -> String {
    format!(
        "/authorize?response_type=code&client_id={AZP}&redirect_uri={}&scope=openid%20profile%20email%20offline_access&state=st-1&nonce=n-1&code_challenge={}&code_challenge_method=S256&ui_locales=nl{extra}",
        "https%3A%2F%2Fid.lumen.test%2Fnl%2Fcallback",
        challenge(VERIFIER)
    )
}

/// The hidden fields of the form the authorize page shows, plus `email`, as the browser posts them.
fn form_body(html: &str, email: &str) -> String {
    let mut body = format!("email={}", email.replace('@', "%40"));
    for part in html.split("<input type=\"hidden\" ").skip(1) {
        let name = part
            .split("name=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("name");
        let value = part
            .split("value=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("value");
        let value = value
            .replace("&amp;", "&")
            .replace("&#39;", "'")
            .replace("&quot;", "\"");
        let encoded: String = value
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        body.push_str(&format!("&{name}={encoded}"));
    }
    body
}

/// Signs in through the form: the code's redirect and the session cookie.
async fn sign_in(provider: &DevIdentityProvider, email: &str) -> (HashMap<String, String>, String) {
    let page = get(provider, &authorize_uri(""), None).await;
    assert_eq!(page.status(), StatusCode::OK);
    let html = text(page).await;
    let answer = post_form(provider, "/login", &form_body(&html, email)).await;
    assert_eq!(
        answer.status(),
        StatusCode::SEE_OTHER,
        "{}",
        text(answer).await
    );
    let cookie = session_cookie(&answer);
    (callback_query(&answer), cookie)
}

async fn exchange(provider: &DevIdentityProvider, code: &str, verifier: &str) -> Response {
    post_form(provider, "/token", &format!("grant_type=authorization_code&code={code}&redirect_uri=https%3A%2F%2Fid.lumen.test%2Fnl%2Fcallback&client_id={AZP}&code_verifier={verifier}")).await
}

fn verifier_for(provider: &DevIdentityProvider, audience: &str) -> TokenVerifier {
    TokenVerifier::with_static_jwks(
        VerifierConfig::new(ISSUER, audience, AZP, ""),
        &provider.jwks_json(),
    )
    .expect("verifier")
}

#[tokio::test]
async fn discovery_names_the_endpoints_under_the_issuer() {
    let provider = shared_provider("main");
    let doc = json(get(&provider, "/.well-known/openid-configuration", None).await).await;
    assert_eq!(doc["issuer"], ISSUER);
    assert_eq!(doc["authorization_endpoint"], format!("{ISSUER}/authorize"));
    assert_eq!(doc["token_endpoint"], format!("{ISSUER}/token"));
    assert_eq!(doc["jwks_uri"], format!("{ISSUER}/.well-known/jwks.json"));
    assert_eq!(doc["end_session_endpoint"], format!("{ISSUER}/end_session"));
    assert_eq!(
        doc["code_challenge_methods_supported"],
        serde_json::json!(["S256"])
    );
    assert_eq!(provider.origin(), ORIGIN);
}

#[tokio::test]
async fn the_code_flow_with_pkce_gives_tokens_the_api_accepts() {
    let provider = shared_provider("main");
    let (query, _) = sign_in(&provider, "Zoe.Martin@example.be").await;
    assert_eq!(query["state"], "st-1");
    let tokens = json(exchange(&provider, &query["code"], VERIFIER).await).await;
    assert_eq!(tokens["token_type"], "Bearer");
    // The access token, for the API.
    let access = verifier_for(&provider, AUDIENCE)
        .verify(tokens["access_token"].as_str().expect("access token"))
        .await
        .expect("valid access token");
    assert_eq!(access.email.as_deref(), Some("zoe.martin@example.be"));
    // The ID token, for the site: its audience is the client, with the request's nonce.
    let id = verifier_for(&provider, AZP)
        .verify_id_token(tokens["id_token"].as_str().expect("id token"), "n-1")
        .await
        .expect("valid ID token");
    assert_eq!(id.sub, access.sub);
    assert_eq!(
        verifier_for(&provider, AZP)
            .verify_id_token(tokens["id_token"].as_str().unwrap(), "n-2")
            .await,
        Err(TokenError::NonceMismatch)
    );
    assert!(
        tokens["refresh_token"]
            .as_str()
            .is_some_and(|t| t.len() >= 43),
        "offline_access gives a refresh token"
    );

    // Userinfo, for the access token.
    let request = Request::get("/userinfo")
        .header(
            header::AUTHORIZATION,
            format!("Bearer {}", tokens["access_token"].as_str().unwrap()),
        )
        .body(Body::empty())
        .unwrap();
    let info = json(send(&provider, request).await).await;
    assert_eq!(
        (info["sub"].as_str(), info["email"].as_str()),
        (Some(access.sub.as_str()), Some("zoe.martin@example.be"))
    );
    let refused = send(
        &provider,
        Request::get("/userinfo")
            .header(header::AUTHORIZATION, "Bearer nope")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_code_is_used_once_with_its_own_verifier() {
    let provider = shared_provider("main");
    let (query, _) = sign_in(&provider, "once@example.fr").await;
    let wrong = exchange(
        &provider,
        &query["code"],
        "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXl",
    )
    .await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json(wrong).await["error"], "invalid_grant");
    // Presented once (even wrongly), a code is gone.
    assert_eq!(
        json(exchange(&provider, &query["code"], VERIFIER).await).await["error"],
        "invalid_grant"
    );
    let (query, _) = sign_in(&provider, "once@example.fr").await;
    assert_eq!(
        exchange(&provider, &query["code"], VERIFIER).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        json(exchange(&provider, &query["code"], VERIFIER).await).await["error"],
        "invalid_grant"
    );
}

#[tokio::test]
async fn refresh_tokens_rotate_and_a_reused_one_revokes_its_family() {
    let provider = shared_provider("main");
    let (query, _) = sign_in(&provider, "rotate@example.fr").await;
    let first = json(exchange(&provider, &query["code"], VERIFIER).await).await;
    let refresh =
        |token: &str| format!("grant_type=refresh_token&refresh_token={token}&client_id={AZP}");
    let r1 = first["refresh_token"].as_str().unwrap().to_owned();
    let second = json(post_form(&provider, "/token", &refresh(&r1)).await).await;
    let r2 = second["refresh_token"]
        .as_str()
        .expect("a new refresh token")
        .to_owned();
    assert_ne!(r1, r2);
    assert!(verifier_for(&provider, AUDIENCE)
        .verify(second["access_token"].as_str().unwrap())
        .await
        .is_ok());
    // r1 again: it leaked; r2 is revoked with it.
    assert_eq!(
        json(post_form(&provider, "/token", &refresh(&r1)).await).await["error"],
        "invalid_grant"
    );
    assert_eq!(
        json(post_form(&provider, "/token", &refresh(&r2)).await).await["error"],
        "invalid_grant"
    );
    // Another client cannot use a refresh token; an unknown grant type is named.
    let (query, _) = sign_in(&provider, "rotate@example.fr").await;
    let r3 = json(exchange(&provider, &query["code"], VERIFIER).await).await["refresh_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let other = post_form(
        &provider,
        "/token",
        &format!("grant_type=refresh_token&refresh_token={r3}&client_id=other"),
    )
    .await;
    assert_eq!(other.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        json(
            post_form(
                &provider,
                "/token",
                &format!("grant_type=password&client_id={AZP}")
            )
            .await
        )
        .await["error"],
        "unsupported_grant_type"
    );
}

#[tokio::test]
async fn a_session_gives_a_code_at_once_and_prompt_none_without_one_says_login_required() {
    let provider = shared_provider("main");
    let none = get(&provider, &authorize_uri("&prompt=none"), None).await;
    assert_eq!(none.status(), StatusCode::SEE_OTHER);
    let q = callback_query(&none);
    assert_eq!(
        (q["error"].as_str(), q["state"].as_str()),
        ("login_required", "st-1")
    );
    let (_, cookie) = sign_in(&provider, "silent@example.fr").await;
    let silent = get(&provider, &authorize_uri("&prompt=none"), Some(&cookie)).await;
    let code = callback_query(&silent)["code"].clone();
    assert_eq!(
        exchange(&provider, &code, VERIFIER).await.status(),
        StatusCode::OK
    );
    // prompt=login shows the form even with a session; prompt=create the sign-up form.
    let login = get(&provider, &authorize_uri("&prompt=login"), Some(&cookie)).await;
    assert_eq!(login.status(), StatusCode::OK);
    assert!(text(login).await.contains("action=\"login\""));
    let create = text(get(&provider, &authorize_uri("&prompt=create"), None).await).await;
    assert!(
        create.contains("action=\"signup\"") && create.contains("given_name"),
        "the sign-up form"
    );
    assert!(
        create.contains("lang=\"nl"),
        "in the language asked (ui_locales)"
    );
}

#[tokio::test]
async fn bad_requests_never_redirect_anywhere_else() {
    let provider = shared_provider("main");
    for redirect in [
        "https%3A%2F%2Fevil.test%2Fcallback",
        "https%3A%2F%2Fid.lumen.test.evil.test%2Fcb",
        "https%3A%2F%2Fid.lumen.test%2F%2Fevil.test",
        "https%3A%2F%2Fid.lumen.test%2F..%2F%2Fevil.test",
    ] {
        let uri =
            authorize_uri("").replace("https%3A%2F%2Fid.lumen.test%2Fnl%2Fcallback", redirect);
        let answer = get(&provider, &uri, None).await;
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST, "{redirect}");
        assert!(answer.headers().get(header::LOCATION).is_none());
    }
    let unknown_client = get(
        &provider,
        &authorize_uri("").replace(&format!("client_id={AZP}"), "client_id=x"),
        None,
    )
    .await;
    assert_eq!(unknown_client.status(), StatusCode::BAD_REQUEST);
    // With the client's own redirect URI, protocol errors go back to it.
    let no_pkce = get(
        &provider,
        &authorize_uri("").replace("code_challenge_method=S256", "code_challenge_method=plain"),
        None,
    )
    .await;
    assert_eq!(callback_query(&no_pkce)["error"], "invalid_request");
    let no_openid = get(
        &provider,
        &authorize_uri("").replace("scope=openid%20", "scope="),
        None,
    )
    .await;
    assert_eq!(callback_query(&no_openid)["error"], "invalid_scope");
}

#[tokio::test]
async fn forms_refuse_bad_input_and_foreign_posts() {
    let provider = shared_provider("main");
    let html = text(get(&provider, &authorize_uri(""), None).await).await;
    assert!(html.contains("<label for=\"email\">E-mailadres</label>"));
    let bad = post_form(&provider, "/login", &form_body(&html, "not-an-email")).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert!(text(bad).await.contains("role=\"alert\""));
    let json_post = send(
        &provider,
        Request::post("/login")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from("{}"))
            .unwrap(),
    )
    .await;
    assert_eq!(json_post.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let foreign = Request::post("/login")
        .header(header::CONTENT_TYPE, FORM)
        .header(header::HOST, "id.lumen.test")
        .header(header::ORIGIN, "https://evil.test")
        .body(Body::from(form_body(&html, "a@b.fr")))
        .unwrap();
    assert_eq!(
        send(&provider, foreign).await.status(),
        StatusCode::FORBIDDEN
    );
    // The echoed request is escaped.
    let hostile = text(
        get(
            &provider,
            &authorize_uri("").replace("state=st-1", "state=%22%3E%3Cscript%3E"),
            None,
        )
        .await,
    )
    .await;
    assert!(!hostile.contains("<script>") && hostile.contains("&quot;&gt;&lt;script&gt;"));
}

#[tokio::test]
async fn end_session_clears_the_cookie_revokes_refresh_tokens_and_stays_on_site() {
    let provider = shared_provider("main");
    let (query, cookie) = sign_in(&provider, "bye@example.fr").await;
    let refresh = json(exchange(&provider, &query["code"], VERIFIER).await).await["refresh_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let out = get(
        &provider,
        &format!(
            "/end_session?client_id={AZP}&post_logout_redirect_uri=https%3A%2F%2Fid.lumen.test%2F"
        ),
        Some(&cookie),
    )
    .await;
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&out), "https://id.lumen.test/");
    assert!(out
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .any(|c| c.to_str().unwrap_or_default().contains("Max-Age=0")));
    assert_eq!(
        json(
            post_form(
                &provider,
                "/token",
                &format!("grant_type=refresh_token&refresh_token={refresh}&client_id={AZP}")
            )
            .await
        )
        .await["error"],
        "invalid_grant"
    );
    // Elsewhere: a page, not a redirect.
    let elsewhere = get(
        &provider,
        "/end_session?post_logout_redirect_uri=https%3A%2F%2Fevil.test%2F",
        None,
    )
    .await;
    assert_eq!(elsewhere.status(), StatusCode::OK);
    assert!(elsewhere.headers().get(header::LOCATION).is_none());
}
