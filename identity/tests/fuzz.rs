//! Hostile input, fuzzed by property: the token decoder takes any string — garbage, near-JWTs,
//! real tokens with one character changed — without panicking, and accepts none of them but
//! the real token. `FUZZ_CASES` sets the number of inputs (a short run in scripts/test, a
//! million in scripts/bench).

mod common;

use common::shared_provider;
use identity::TokenVerifier;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use site::Site;
use std::sync::LazyLock;
use std::time::Duration;

fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(512);
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

fn verify(token: &str) -> bool {
    SETUP.runtime.block_on(SETUP.verifier.verify(token)).is_ok()
}

/// JWT-shaped strings: three base64url-ish parts, sometimes real JSON headers.
fn near_jwt() -> impl Strategy<Value = String> {
    let part = prop_oneof![
        "[A-Za-z0-9_-]{0,60}",
        Just("eyJhbGciOiJub25lIn0".to_string()),
        Just("eyJhbGciOiJIUzI1NiJ9".to_string()),
        Just("eyJhbGciOiJSUzI1NiIsImtpZCI6Ii4uLy4uIn0".to_string()),
        "\\PC{0,12}",
    ];
    proptest::collection::vec(part, 1..5).prop_map(|p| p.join("."))
}

#[test]
fn the_real_token_is_accepted() {
    assert!(
        verify(&SETUP.token),
        "the property below would prove nothing"
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn garbage_and_near_tokens_are_refused_without_panicking(token in prop_oneof![near_jwt(), "\\PC{0,200}"]) {
        prop_assert!(!verify(&token), "{token:?} was accepted");
    }

    #[test]
    fn a_real_token_with_one_character_changed_is_refused(index in any::<prop::sample::Index>(), replacement in "[A-Za-z0-9_.=-]") {
        let token = &SETUP.token;
        let at = index.index(token.len());
        let original = &token[at..at + 1];
        prop_assume!(original != replacement);
        let spoiled = format!("{}{}{}", &token[..at], replacement, &token[at + 1..]);
        // Base64url's last character may carry unused bits: a change there can decode to the
        // same bytes, and then the token is the same token.
        let same_bytes = spoiled.split('.').map(|p| p.trim_end_matches('=').to_string()).collect::<Vec<_>>()
            == token.split('.').map(str::to_string).collect::<Vec<_>>();
        prop_assume!(!same_bytes);
        if verify(&spoiled) {
            // Accepted only if every part still decodes to the same bytes as the original's.
            use base64::Engine as _;
            let decode = |t: &str| t.split('.').map(|p| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(p.trim_end_matches('=')).ok()).collect::<Vec<_>>();
            prop_assert_eq!(decode(&spoiled), decode(token), "{} was accepted", spoiled);
        }
    }
}
