//! Card secrets stay out of caches and logs (issue "Sign-in for real", item 5): every voucher
//! and gift-card answer is `private, no-store`, and the request log never holds a card
//! number, a PIN or a voucher code (they travel in the path, spec §7).

mod common;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, StatusCode};
use common::{request, send_live, Reply, LIVE};
use site::Site;
use std::io::Write;
use std::sync::{Arc, Mutex};

const FR: &str = "fr.localhost";

/// Everything the log writes, kept for the test to read.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

async fn card_call(uri: &str, captcha: Option<&str>) -> Reply {
    let mut headers = Vec::new();
    if let Some(c) = captcha {
        headers.push(("x-captcha-response", c));
    }
    let mut req = request(Method::GET, FR, uri, &headers, Body::empty());
    req.extensions_mut()
        .insert(ConnectInfo(std::net::SocketAddr::from((
            [10, 9, 9, 9],
            40000,
        ))));
    send_live(req).await
}

#[tokio::test]
async fn card_answers_are_never_cached_and_card_secrets_never_logged() {
    let log = Captured::default();
    let writer = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter("info")
        .with_writer(move || writer.clone())
        .json()
        .with_current_span(true)
        .with_span_list(true)
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let _ = &*LIVE;

    let voucher = runtime_api::demo_cards::voucher_code(Site::Fr, true);
    let number = runtime_api::demo_cards::gift_card_number(Site::Fr);
    let pin = runtime_api::demo_cards::GIFT_CARD_PIN;
    let dev = Some(runtime_api::captcha::DEV_CAPTCHA_ANSWER);
    let answers = [
        card_call(&format!("/api/voucher/{voucher}"), dev).await,
        card_call(&format!("/api/gift-card/{number}/{pin}"), dev).await,
        card_call(&format!("/api/gift-card/{number}/{pin}"), None).await,
        card_call("/api/voucher/SECRET-CODE-4242", Some("wrong")).await,
    ];
    assert_eq!(answers[0].status, StatusCode::OK);
    assert_eq!(answers[1].status, StatusCode::OK);
    for reply in &answers {
        assert_eq!(
            reply.header("cache-control"),
            Some("private, no-store"),
            "{}",
            reply.what
        );
    }
    // No challenge with the dev captcha, and never a cached one.
    let challenge = card_call("/api/captcha/challenge", None).await;
    assert_eq!(challenge.status, StatusCode::NOT_FOUND);

    let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    assert!(
        text.contains("/api/voucher/{code}") && text.contains("/api/gift-card/{a}/{b}"),
        "the calls are logged by their shape:\n{text:.2000}"
    );
    // The PIN is short: looked for where it travels (after the number), not as any 4 digits
    // of a timestamp.
    let pin_in_path = format!("{number}/{pin}");
    for secret in [
        voucher.as_str(),
        number.as_str(),
        pin_in_path.as_str(),
        "SECRET-CODE-4242",
    ] {
        assert!(!text.contains(secret), "{secret} in the log");
    }
    let metrics = send_live(request(Method::GET, FR, "/metrics", &[], Body::empty()))
        .await
        .text();
    for secret in [voucher.as_str(), number.as_str(), "SECRET-CODE-4242"] {
        assert!(!metrics.contains(secret), "{secret} in /metrics");
    }
}
