//! Hostile input, fuzzed by property: the token decoder takes any string — garbage, near-JWTs
//! made of real parts, real tokens with one character changed, with bits of the signature
//! changed, with a header or payload field changed under the real signature — without
//! panicking, and accepts none of them but the real token (a changed signature is refused as
//! a bad signature). `FUZZ_CASES` sets the number of inputs (a short run in scripts/test, a
//! million in scripts/bench).

mod common;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use common::shared_provider;
use identity::{TokenError, TokenVerifier};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use serde_json::{Map, Value};
use site::Site;
use std::sync::LazyLock;
use std::time::Duration;

fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    }
}

struct Setup {
    verifier: TokenVerifier,
    token: String,
    runtime: tokio::runtime::Runtime,
}

static SETUP: LazyLock<Setup> = LazyLock::new(|| {
    let provider = shared_provider("main");
    let verifier = TokenVerifier::with_static_jwks(
        provider.verifier_config("https://keys.invalid/jwks.json"),
        &provider.jwks_json(),
    )
    .expect("a verifier with the provider's keys");
    let token = provider.issue_token(
        Site::Fr,
        "fuzz@example.org",
        "F",
        "Z",
        Duration::from_secs(3600),
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    Setup {
        verifier,
        token,
        runtime,
    }
});

fn verify(token: &str) -> Result<(), TokenError> {
    SETUP
        .runtime
        .block_on(SETUP.verifier.verify(token))
        .map(|_| ())
}

/// The real token's three parts, decoded: header and payload bytes, signature bytes.
fn real_parts() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let mut parts = SETUP
        .token
        .split('.')
        .map(|p| URL_SAFE_NO_PAD.decode(p).expect("base64url"));
    let mut next = || parts.next().expect("three parts");
    (next(), next(), next())
}

fn object(json: &[u8]) -> Map<String, Value> {
    serde_json::from_slice(json).expect("a JSON object")
}

fn encode(header: &[u8], payload: &[u8], signature: &[u8]) -> String {
    format!(
        "{}.{}.{}",
        URL_SAFE_NO_PAD.encode(header),
        URL_SAFE_NO_PAD.encode(payload),
        URL_SAFE_NO_PAD.encode(signature)
    )
}

/// A JSON value that could stand in a claim or header field.
fn json_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        Just(Value::from(u64::MAX)),
        Just(Value::from(1e300)),
        "\\PC{0,20}".prop_map(Value::from),
        prop_oneof![
            Just("RS256"),
            Just("rs256"),
            Just("none"),
            Just("HS256"),
            Just("RS384"),
            Just("RS256 "),
            Just("https://keys.invalid"),
            Just(""),
            Just("../../etc/passwd"),
        ]
        .prop_map(Value::from),
        prop::collection::vec("[a-z]{0,6}".prop_map(Value::from), 0..3).prop_map(Value::from),
    ]
}

/// One change to a JSON object: a field set to another value, or removed, or added.
fn tamper() -> impl Strategy<Value = (String, Option<Value>)> {
    let field = prop_oneof![
        prop::sample::select(vec![
            "alg", "kid", "typ", "crit", "jku", "x5u", "iss", "aud", "azp", "sub", "exp", "nbf",
            "iat", "email", "nonce", "org_id",
        ])
        .prop_map(str::to_string),
        "[a-z_]{1,8}",
    ];
    (field, prop::option::weighted(0.8, json_value()))
}

fn apply(
    mut object: Map<String, Value>,
    (field, value): (String, Option<Value>),
) -> Map<String, Value> {
    match value {
        Some(v) => object.insert(field, v),
        None => object.remove(&field),
    };
    object
}

/// JWT-shaped strings: base64url-ish parts, sometimes the real token's parts in other places.
fn near_jwt() -> impl Strategy<Value = String> {
    let real = |i: usize| {
        Just(
            SETUP
                .token
                .split('.')
                .nth(i)
                .expect("three parts")
                .to_string(),
        )
    };
    let part = prop_oneof![
        real(0),
        real(1),
        real(2),
        "[A-Za-z0-9_-]{0,60}",
        Just("eyJhbGciOiJub25lIn0".to_string()),
        Just("eyJhbGciOiJIUzI1NiJ9".to_string()),
        Just("eyJhbGciOiJSUzI1NiIsImtpZCI6Ii4uLy4uIn0".to_string()),
        "\\PC{0,12}",
    ];
    proptest::collection::vec(part, 1..5).prop_map(|p| p.join("."))
}

#[test]
fn sanity_the_real_token_is_accepted() {
    assert_eq!(
        verify(&SETUP.token),
        Ok(()),
        "the properties below would prove nothing"
    );
    let (header, payload, signature) = real_parts();
    let again = encode(&header, &payload, &signature);
    assert_eq!(again, SETUP.token);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn garbage_and_near_tokens_are_refused_without_panicking(
        token in prop_oneof![near_jwt(), "\\PC{0,200}", any::<String>()]
    ) {
        // The near-tokens can put the real parts back in their places: that one is the real token.
        prop_assert!(token == SETUP.token || verify(&token).is_err(), "{:?} was accepted", token);
    }

    /// Base64url without padding has one spelling per byte string (the decoder refuses
    /// non-zero trailing bits), so any one-character change makes another token.
    #[test]
    fn a_real_token_with_one_character_changed_is_refused(
        index in any::<prop::sample::Index>(),
        replacement in prop_oneof!["[A-Za-z0-9_.=+/-]", "\\PC"],
    ) {
        let token = &SETUP.token;
        let at = index.index(token.len());
        let spoiled = format!("{}{}{}", &token[..at], replacement, &token[at + 1..]);
        // The same character back makes the real token.
        prop_assert!(spoiled == *token || verify(&spoiled).is_err(), "{} was accepted", spoiled);
    }

    #[test]
    fn a_signature_with_bits_changed_is_a_bad_signature(
        changes in prop::collection::vec((any::<prop::sample::Index>(), 1u8..=255), 1..4),
    ) {
        let (header, payload, mut signature) = real_parts();
        let real = signature.clone();
        for (at, mask) in changes {
            let at = at.index(signature.len());
            signature[at] ^= mask;
        }
        // Two changes of one byte can cancel out: that is the real token again.
        let expected = if signature == real { Ok(()) } else { Err(TokenError::BadSignature) };
        let spoiled = encode(&header, &payload, &signature);
        prop_assert_eq!(verify(&spoiled), expected, "{}", spoiled);
    }

    /// A header or payload changed in any field, under the real signature: refused, whatever
    /// the change says (another algorithm, a later expiry, another audience, `crit`, …).
    #[test]
    fn a_tampered_header_or_payload_under_the_real_signature_is_refused(
        header_changes in prop::collection::vec(tamper(), 0..3),
        payload_changes in prop::collection::vec(tamper(), 0..3),
        truncate in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let (header, payload, signature) = real_parts();
        let real_length = signature.len();
        // Even unchanged, a re-serialized header differs from the issuer's bytes (key order):
        // what is signed is the bytes, not the JSON they mean.
        let tampered = |json: &[u8], changes: Vec<(String, Option<Value>)>| {
            serde_json::to_vec(&changes.into_iter().fold(object(json), apply)).unwrap()
        };
        let (real_header, real_payload) = (header.clone(), payload.clone());
        let header = tampered(&header, header_changes);
        let payload = tampered(&payload, payload_changes);
        let signature = match truncate {
            Some(at) => signature[..at.index(signature.len())].to_vec(),
            None => signature,
        };
        prop_assume!(header != real_header || payload != real_payload || signature.len() < real_length);
        let spoiled = encode(&header, &payload, &signature);
        prop_assert!(verify(&spoiled).is_err(), "{} was accepted", spoiled);
    }
}
