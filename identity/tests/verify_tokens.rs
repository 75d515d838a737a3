//! The verifier against a real JWKS served over HTTP by the dev provider's router: a matrix
//! of spoiled tokens, each refused for its own reason, and the key-refresh rules.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::routing::get;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use common::{good_claims, now, shared_provider, TestServer, AUDIENCE, AZP, ISSUER};
use identity::{Clock, DevIdentityProvider, TokenError, TokenVerifier, VerifiedClaims};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};
use site::Site;

struct Setup {
    provider: DevIdentityProvider,
    server: TestServer,
    verifier: TokenVerifier,
}

async fn setup(min_refresh: Duration) -> Setup {
    let provider = shared_provider("main");
    let server = TestServer::start(Router::new().nest("/identity", provider.router())).await;
    let config =
        provider.verifier_config(format!("{}/identity/.well-known/jwks.json", server.base));
    let verifier = TokenVerifier::new(config)
        .expect("verifier")
        .with_min_refresh_interval(min_refresh);
    Setup {
        provider,
        server,
        verifier,
    }
}

fn b64(value: &Value) -> String {
    URL_SAFE_NO_PAD.encode(value.to_string())
}

/// A token with any header, signature made up: for headers refused before any key is used.
fn unsigned(header: Value, claims: &Value, signature: &str) -> String {
    format!("{}.{}.{signature}", b64(&header), b64(claims))
}

fn with(mut claims: Value, key: &str, value: Value) -> Value {
    claims[key] = value;
    claims
}

fn without(mut claims: Value, key: &str) -> Value {
    if let Some(map) = claims.as_object_mut() {
        map.remove(key);
    }
    claims
}

#[tokio::test]
async fn matrix_of_bad_tokens_each_refused_for_its_reason() {
    let Setup {
        provider,
        verifier,
        server,
    } = setup(Duration::from_secs(10)).await;
    let other = shared_provider("other");
    let kid = provider.kid().to_owned();
    let now = now();
    let good = good_claims(now);
    let sign = |claims: &Value| provider.sign_claims(Some(&kid), claims).expect("sign");

    let hs256 = {
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(kid.clone());
        let secret = EncodingKey::from_secret(provider.public_key_pem().as_bytes());
        jsonwebtoken::encode(&header, &good, &secret).expect("hs256")
    };
    let valid = sign(&good);
    let (valid_head, valid_sig) = valid.rsplit_once('.').expect("three parts");
    let tampered = {
        let mut parts = valid.split('.');
        let header = parts.next().unwrap_or_default();
        let _payload = parts.next();
        let signature = parts.next().unwrap_or_default();
        let forged = with(good.clone(), "sub", json!("c-someone-else"));
        format!("{header}.{}.{signature}", b64(&forged))
    };
    let fake_sig = URL_SAFE_NO_PAD.encode([7u8; 256]);
    let rs256_header = |extra: Value| {
        let mut header = json!({ "alg": "RS256", "typ": "JWT", "kid": kid });
        if let (Some(h), Some(e)) = (header.as_object_mut(), extra.as_object()) {
            h.extend(e.clone());
        }
        header
    };

    let claim_type = |claim: &'static str| move |e: &TokenError| matches!(e, TokenError::ClaimType { claim: c, .. } if *c == claim);
    let malformed = |e: &TokenError| matches!(e, TokenError::Malformed(_));
    type Check = Box<dyn Fn(&TokenError) -> bool>;
    let is = |expected: TokenError| -> Check { Box::new(move |e| *e == expected) };
    let cases: Vec<(&str, String, Check)> = vec![
        (
            "expired beyond leeway",
            sign(&with(good.clone(), "exp", json!(now - 120))),
            is(TokenError::Expired),
        ),
        (
            "nbf beyond leeway",
            sign(&with(good.clone(), "nbf", json!(now + 120))),
            is(TokenError::NotYetValid),
        ),
        (
            "auth_time in the future",
            sign(&with(good.clone(), "auth_time", json!(now + 120))),
            is(TokenError::AuthTimeInFuture),
        ),
        (
            "wrong iss",
            sign(&with(good.clone(), "iss", json!("https://evil.example"))),
            is(TokenError::WrongIssuer),
        ),
        (
            "wrong aud",
            sign(&with(good.clone(), "aud", json!("other-api"))),
            is(TokenError::WrongAudience),
        ),
        (
            "aud array without ours",
            sign(&with(good.clone(), "aud", json!(["a", "b"]))),
            is(TokenError::WrongAudience),
        ),
        (
            "wrong azp",
            sign(&with(good.clone(), "azp", json!("other-app"))),
            is(TokenError::WrongAuthorizedParty),
        ),
        (
            "missing azp",
            sign(&without(good.clone(), "azp")),
            is(TokenError::MissingClaim("azp")),
        ),
        (
            "missing sub",
            sign(&without(good.clone(), "sub")),
            is(TokenError::MissingClaim("sub")),
        ),
        (
            "empty sub",
            sign(&with(good.clone(), "sub", json!(""))),
            is(TokenError::EmptySubject),
        ),
        (
            "sub not a string",
            sign(&with(good.clone(), "sub", json!(42))),
            Box::new(claim_type("sub")),
        ),
        (
            "missing exp",
            sign(&without(good.clone(), "exp")),
            is(TokenError::MissingClaim("exp")),
        ),
        (
            "string-typed exp",
            sign(&with(good.clone(), "exp", json!((now + 300).to_string()))),
            Box::new(claim_type("exp")),
        ),
        (
            "string-typed nbf",
            sign(&with(good.clone(), "nbf", json!((now - 10).to_string()))),
            Box::new(claim_type("nbf")),
        ),
        (
            "string-typed auth_time",
            sign(&with(good.clone(), "auth_time", json!("0"))),
            Box::new(claim_type("auth_time")),
        ),
        (
            "alg none",
            unsigned(json!({ "alg": "none", "kid": kid }), &good, ""),
            is(TokenError::UnsupportedAlgorithm("none".into())),
        ),
        (
            "alg None with signature",
            unsigned(json!({ "alg": "None", "kid": kid }), &good, &fake_sig),
            is(TokenError::UnsupportedAlgorithm("None".into())),
        ),
        (
            "HS256 keyed with the public key PEM",
            hs256,
            is(TokenError::UnsupportedAlgorithm("HS256".into())),
        ),
        (
            "ES256",
            unsigned(json!({ "alg": "ES256", "kid": kid }), &good, &fake_sig),
            is(TokenError::UnsupportedAlgorithm("ES256".into())),
        ),
        (
            "lower-case rs256",
            unsigned(json!({ "alg": "rs256", "kid": kid }), &good, &fake_sig),
            is(TokenError::UnsupportedAlgorithm("rs256".into())),
        ),
        (
            "alg not a string",
            unsigned(json!({ "alg": ["RS256"], "kid": kid }), &good, &fake_sig),
            Box::new(|e| matches!(e, TokenError::UnsupportedAlgorithm(_))),
        ),
        (
            "no alg",
            unsigned(json!({ "kid": kid }), &good, &fake_sig),
            Box::new(malformed),
        ),
        (
            "critical header",
            unsigned(rs256_header(json!({ "crit": ["exp"] })), &good, &fake_sig),
            is(TokenError::CriticalHeader),
        ),
        (
            "missing kid",
            provider.sign_claims(None, &good).expect("sign"),
            is(TokenError::MissingKeyId),
        ),
        (
            "empty kid",
            unsigned(json!({ "alg": "RS256", "kid": "" }), &good, &fake_sig),
            is(TokenError::MissingKeyId),
        ),
        (
            "other key, same kid",
            other.sign_claims(Some(&kid), &good).expect("sign"),
            is(TokenError::BadSignature),
        ),
        (
            "payload swapped under a valid signature",
            tampered,
            is(TokenError::BadSignature),
        ),
        (
            "signature of another token",
            format!("{valid_head}.{fake_sig}"),
            is(TokenError::BadSignature),
        ),
        // 340 base64 characters decode cleanly to 255 bytes: a well-formed but short signature.
        (
            "signature cut to whole bytes",
            format!("{valid_head}.{}", &valid_sig[..340]),
            is(TokenError::BadSignature),
        ),
        (
            "signature cut mid-character",
            valid[..valid.len() - 1].to_owned(),
            Box::new(malformed),
        ),
        (
            "truncated in the payload",
            valid[..valid_head.len() * 3 / 4].to_owned(),
            Box::new(malformed),
        ),
        (
            "no signature part",
            valid_head.to_owned(),
            Box::new(malformed),
        ),
        (
            "empty RS256 signature",
            format!("{valid_head}."),
            is(TokenError::BadSignature),
        ),
        ("garbage abc", "abc".to_owned(), Box::new(malformed)),
        ("empty string", String::new(), Box::new(malformed)),
        (
            "three parts of base64 junk",
            "Zm9v.YmFy.YmF6".to_owned(),
            Box::new(malformed),
        ),
        ("dots only", "...".to_owned(), Box::new(malformed)),
        (
            "four parts",
            format!("{valid}.{valid_sig}"),
            Box::new(malformed),
        ),
        (
            "header JSON array",
            unsigned(json!(["RS256"]), &good, &fake_sig),
            Box::new(malformed),
        ),
        (
            "payload not JSON",
            format!(
                "{}.{}.{fake_sig}",
                b64(&rs256_header(json!({}))),
                URL_SAFE_NO_PAD.encode("not json")
            ),
            Box::new(malformed),
        ),
        (
            "padded base64",
            format!(
                "{}=.{}.{fake_sig}",
                b64(&rs256_header(json!({}))),
                b64(&good)
            ),
            Box::new(malformed),
        ),
        ("non-ASCII", "é.é.é".to_owned(), Box::new(malformed)),
        ("huge", "a".repeat(20_000), Box::new(malformed)),
    ];
    assert!(cases.len() >= 14);

    let mut failures = Vec::new();
    for (name, token, check) in &cases {
        match verifier.verify(token).await {
            Err(error) if check(&error) => {
                // Messages are for logs: they must never repeat the token.
                assert!(
                    token.len() < 8 || !error.to_string().contains(token.as_str()),
                    "{name}"
                );
            }
            other => failures.push(format!("{name}: got {other:?}")),
        }
    }
    assert!(
        failures.is_empty(),
        "refused for the wrong reason:\n{}",
        failures.join("\n")
    );
    // Every token carried the known kid (or none at all): the keys were fetched once.
    assert_eq!(server.hits(), 1);
}

#[tokio::test]
async fn valid_tokens_are_accepted_with_their_claims() {
    let Setup {
        provider, verifier, ..
    } = setup(Duration::from_secs(10)).await;
    let now = now();
    let sign = |claims: &Value| {
        provider
            .sign_claims(Some(provider.kid()), claims)
            .expect("sign")
    };

    let token = provider.issue_token(
        Site::Be,
        "Zoe.Martin@Example.BE",
        "Zoé",
        "Martin",
        Duration::from_secs(600),
    );
    let claims: VerifiedClaims = verifier
        .verify(&token)
        .await
        .expect("issued token verifies");
    assert_eq!(
        claims.sub,
        DevIdentityProvider::client_id("zoe.martin@example.be")
    );
    assert_eq!(claims.iss, ISSUER);
    assert_eq!(claims.email.as_deref(), Some("zoe.martin@example.be"));
    assert_eq!(claims.given_name.as_deref(), Some("Zoé"));
    assert_eq!(claims.family_name.as_deref(), Some("Martin"));
    assert_eq!(claims.site, Some(Site::Be));
    assert!((claims.exp - claims.nbf.expect("the dev provider sets nbf") - 600).abs() <= 1);

    // Positive controls at the edges of the leeway, and the other legal shapes.
    let accepted = [
        ("expired within leeway", json!({ "exp": now - 30 })),
        ("nbf within leeway", json!({ "nbf": now + 30 })),
        ("auth_time within leeway", json!({ "auth_time": now + 30 })),
        (
            "aud array containing ours",
            json!({ "aud": ["x", AUDIENCE] }),
        ),
        (
            "fractional NumericDate",
            json!({ "exp": now as f64 + 300.5 }),
        ),
        (
            "no optional profile claims",
            json!({ "email": null, "given_name": null }),
        ),
        // RFC 9068 access tokens (oidc-provider's): the client in `client_id`, no nbf, no
        // auth_time.
        (
            "client_id instead of azp, no nbf or auth_time",
            json!({ "azp": null, "client_id": AZP, "nbf": null, "auth_time": null }),
        ),
    ];
    for (name, changes) in accepted {
        let mut claims = good_claims(now);
        for (key, value) in changes.as_object().into_iter().flatten() {
            // null: the claim is left out.
            match value {
                Value::Null => {
                    claims.as_object_mut().map(|c| c.remove(key));
                }
                value => claims[key] = value.clone(),
            }
        }
        let verified = verifier.verify(&sign(&claims)).await;
        assert!(verified.is_ok(), "{name}: {verified:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_kid_refreshes_once_then_is_rate_limited() {
    let Setup {
        provider,
        verifier,
        server,
    } = setup(Duration::from_millis(300)).await;
    let good = provider.issue_token(Site::Fr, "a@b.fr", "A", "B", Duration::from_secs(300));
    let stranger = provider
        .sign_claims(Some("ffffffffffffffff"), &good_claims(now()))
        .expect("sign");

    verifier.verify(&good).await.expect("valid");
    assert_eq!(server.hits(), 1, "first use loads the keys");

    tokio::time::sleep(Duration::from_millis(400)).await;
    // Several requests with unknown kids at once: one refresh between them all.
    let attempts: Vec<_> = (0..6)
        .map(|_| {
            let (verifier, stranger) = (verifier.clone(), stranger.clone());
            tokio::spawn(async move { verifier.verify(&stranger).await })
        })
        .collect();
    for attempt in attempts {
        let result = attempt.await.expect("task");
        assert_eq!(
            result,
            Err(TokenError::UnknownKeyId("ffffffffffffffff".into()))
        );
    }
    assert_eq!(
        server.hits(),
        2,
        "exactly one JWKS refresh for the unknown kid"
    );

    // Within the interval, further unknown kids cost the issuer nothing.
    for _ in 0..5 {
        assert!(matches!(
            verifier.verify(&stranger).await,
            Err(TokenError::UnknownKeyId(_))
        ));
    }
    verifier
        .verify(&good)
        .await
        .expect("known kid needs no fetch");
    assert_eq!(server.hits(), 2);
}

#[tokio::test]
async fn a_fresh_verifier_fetches_once_for_an_unknown_kid() {
    let Setup {
        provider,
        verifier,
        server,
    } = setup(Duration::from_secs(10)).await;
    let stranger = provider
        .sign_claims(Some("0000000000000000"), &good_claims(now()))
        .expect("sign");
    for _ in 0..3 {
        assert!(matches!(
            verifier.verify(&stranger).await,
            Err(TokenError::UnknownKeyId(_))
        ));
    }
    assert_eq!(server.hits(), 1);
}

#[tokio::test]
async fn rotated_key_is_picked_up_by_the_refresh() {
    let old = shared_provider("main");
    let new = shared_provider("other");
    let published = Arc::new(Mutex::new(old.jwks_json()));
    let document = published.clone();
    let app = Router::new().route(
        "/jwks.json",
        get(move || {
            let document = document.clone();
            async move {
                let body = document.lock().map(|d| d.clone()).unwrap_or_default();
                ([("content-type", "application/json")], body)
            }
        }),
    );
    let server = TestServer::start(app).await;
    let verifier = TokenVerifier::new(old.verifier_config(format!("{}/jwks.json", server.base)))
        .expect("verifier")
        .with_min_refresh_interval(Duration::ZERO);

    let before = old.issue_token(Site::Nl, "a@b.nl", "A", "B", Duration::from_secs(300));
    verifier.verify(&before).await.expect("old key");
    let after = new.issue_token(Site::Nl, "a@b.nl", "A", "B", Duration::from_secs(300));
    assert!(matches!(
        verifier.verify(&after).await,
        Err(TokenError::UnknownKeyId(_))
    ));

    if let Ok(mut document) = published.lock() {
        *document = new.jwks_json();
    }
    let claims = verifier
        .verify(&after)
        .await
        .expect("new key after rotation");
    assert_eq!(claims.site, Some(Site::Nl));
    // The old key was withdrawn from the JWKS, so its tokens are no longer accepted.
    assert!(matches!(
        verifier.verify(&before).await,
        Err(TokenError::UnknownKeyId(_))
    ));
    // Load, refresh for the new kid (not yet published), refresh after publication, and one
    // more for the withdrawn kid: the interval is zero in this test.
    assert_eq!(server.hits(), 4);
}

#[tokio::test]
async fn unreachable_keys_are_a_server_side_error() {
    let provider = shared_provider("main");
    let server = TestServer::start(Router::new()).await;
    let verifier =
        TokenVerifier::new(provider.verifier_config(format!("{}/missing/jwks.json", server.base)))
            .expect("verifier");
    let token = provider.issue_token(Site::Fr, "a@b.fr", "A", "B", Duration::from_secs(300));
    let error = verifier.verify(&token).await.expect_err("no keys");
    assert!(error.is_unavailable(), "{error:?}");
    assert!(error.to_string().contains("404"), "{error}");
    assert!(verifier.load_keys().await.is_err());
}

#[tokio::test]
async fn injected_clock_decides_expiry() {
    let Setup {
        provider, verifier, ..
    } = setup(Duration::from_secs(10)).await;
    let token = provider.issue_token(Site::Fr, "a@b.fr", "A", "B", Duration::from_secs(300));
    let now = now();
    let late = verifier.clone().with_clock(Clock::fixed(now + 300 + 61));
    assert_eq!(late.verify(&token).await, Err(TokenError::Expired));
    let just_in = verifier.clone().with_clock(Clock::fixed(now + 300 + 59));
    assert!(just_in.verify(&token).await.is_ok());
    let early = verifier.with_clock(Clock::fixed(now - 61));
    assert_eq!(early.verify(&token).await, Err(TokenError::NotYetValid));
}

#[tokio::test]
async fn id_tokens_need_the_nonce() {
    let Setup {
        provider, verifier, ..
    } = setup(Duration::from_secs(10)).await;
    let claims = json!({ "nonce": "n-123" });
    let mut full = good_claims(now());
    full["nonce"] = claims["nonce"].clone();
    let token = provider
        .sign_claims(Some(provider.kid()), &full)
        .expect("sign");
    assert!(verifier.verify_id_token(&token, "n-123").await.is_ok());
    assert_eq!(
        verifier.verify_id_token(&token, "n-999").await,
        Err(TokenError::NonceMismatch)
    );
    let plain = provider.issue_token(Site::Fr, "a@b.fr", "A", "B", Duration::from_secs(60));
    assert_eq!(
        verifier.verify_id_token(&plain, "n-123").await,
        Err(TokenError::MissingClaim("nonce"))
    );
}

#[test]
fn configuration_mistakes_are_refused_up_front() {
    let mut config = identity::VerifierConfig::new(ISSUER, AUDIENCE, AZP, "ftp://x/jwks.json");
    assert!(TokenVerifier::new(config.clone()).is_err());
    config.jwks_url = "https://id.example/jwks.json".into();
    assert!(TokenVerifier::new(config.clone()).is_ok());
    config.audience = " ".into();
    assert!(TokenVerifier::new(config).is_err());
}
