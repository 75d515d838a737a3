//! Voucher checker and gift cards (spec §7): each look-up needs a captcha response header
//! checked by the configured verifier and is rate-limited per client address. The answer
//! carries `resultCode` 0 and the card, or another code, no card and the message the islands
//! show in their warning alert (spec §8).

use crate::http::doc::{ApiRouter, HeaderParam};
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use client_store::VoucherStatus;
use site::content::{GiftCard, GiftCardResult, VoucherCard, VoucherResult};
use std::net::SocketAddr;

/// The header carrying the captcha widget's response.
pub const CAPTCHA_HEADER: &str = "x-captcha-response";

/// The captcha a look-up needs: without a solution the answer is a 400 (`captcha_invalid`).
const CAPTCHA: &[HeaderParam] = &[HeaderParam {
    name: "X-Captcha-Response",
    description: "The captcha widget's solution (ALTCHA: base64 of its JSON payload). A missing or refused one is a 400 captcha_invalid.",
}];
/// Too many look-ups from one address: 429 with Retry-After.
const LIMITED: &[StatusCode] = &[StatusCode::TOO_MANY_REQUESTS];

pub fn router() -> ApiRouter {
    ApiRouter::new("cards")
        .get(
            "/captcha/challenge",
            challenge,
            "A new ALTCHA challenge for the captcha widget (proof of work)",
        )
        .unlocalized()
        .answers::<crate::captcha::AltchaChallenge>()
        .get(
            "/voucher/{code}",
            voucher,
            "Checks a voucher (needs the X-Captcha-Response header)",
        )
        .headers(CAPTCHA)
        .errors(LIMITED)
        .answers::<VoucherResult>()
        .get(
            "/gift-card/{a}/{b}",
            gift_card,
            "A gift card's balance by number and PIN (needs the X-Captcha-Response header)",
        )
        .headers(CAPTCHA)
        .errors(LIMITED)
        .answers::<GiftCardResult>()
        // A card's answer (and a challenge) is one visitor's: no cache keeps it.
        .map_router(|r| r.layer(axum::middleware::map_response(private_no_store)))
}

async fn private_no_store(mut response: axum::response::Response) -> axum::response::Response {
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("private, no-store"),
    );
    response
}

/// A fresh challenge; 404 when the configured verifier has none (`dev`, `none`).
async fn challenge(
    State(app): State<AppState>,
) -> ApiResult<Json<crate::captcha::AltchaChallenge>> {
    app.live()?.captcha.challenge().map(Json).ok_or_else(|| {
        ApiError::not_found(
            "captcha challenge",
            "this server's captcha needs none".to_string(),
        )
    })
}

/// The client's address, from the connection (absent when a test calls the router directly).
pub struct PeerAddress(pub Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for PeerAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(PeerAddress(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0),
        ))
    }
}

/// Result codes: 0 found and usable; the others say why not.
const FOUND: i32 = 0;
const NOT_FOUND: i32 = 1;
const NOT_USABLE: i32 = 2;

/// Captcha then rate limit: a request without a valid captcha does not spend the quota.
async fn guard(
    app: &AppState,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
    locale: Locale,
) -> ApiResult<()> {
    let live = app.live()?;
    let client = crate::rate_limit::client_address(
        peer.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |p| p.ip()),
        headers,
        &live.trusted_proxies,
    );
    let ip = client.to_string();
    let response = headers
        .get(CAPTCHA_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .unwrap_or("");
    if response.is_empty() {
        return Err(ApiError::Captcha(
            app.locales.text(locale.lang, "voucher.captcha"),
        ));
    }
    match app.live()?.captcha.verify(response, &ip).await {
        Ok(true) => {}
        Ok(false) => {
            return Err(ApiError::Captcha(
                app.locales.text(locale.lang, "voucher.captcha"),
            ))
        }
        Err(e) => {
            return Err(ApiError::Unavailable(format!(
                "the captcha service failed: {e}"
            )))
        }
    }
    app.live()?
        .card_limiter
        .check(client)
        .map_err(|retry_after| ApiError::TooManyRequests { retry_after })
}

async fn voucher(
    State(app): State<AppState>,
    locale: Locale,
    PeerAddress(peer): PeerAddress,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> ApiResult<Json<VoucherResult>> {
    guard(&app, &headers, peer, locale).await?;
    let code = code.trim().to_ascii_uppercase();
    if code.is_empty() || code.len() > 64 {
        return Err(ApiError::BadRequest(
            "a voucher code has 1 to 64 characters".into(),
        ));
    }
    let found = app.live()?.store.voucher(locale.site.code(), &code).await?;
    let today = app.clock.now().date_naive();
    let refused = |code| VoucherResult {
        result_code: code,
        card: None,
        message: Some(app.locales.text(locale.lang, "voucher.errorDefault")),
    };
    let answer = match found {
        Some(v) if v.status == VoucherStatus::Valid && v.valid_until.is_none_or(|d| d >= today) => {
            VoucherResult {
                result_code: FOUND,
                card: Some(VoucherCard {
                    code: v.code,
                    label: v.label,
                    remaining_uses: None,
                    expiry: v.valid_until,
                }),
                message: None,
            }
        }
        Some(_) => refused(NOT_USABLE),
        None => refused(NOT_FOUND),
    };
    Ok(Json(answer))
}

async fn gift_card(
    State(app): State<AppState>,
    locale: Locale,
    PeerAddress(peer): PeerAddress,
    headers: HeaderMap,
    Path((number, pin)): Path<(String, String)>,
) -> ApiResult<Json<GiftCardResult>> {
    guard(&app, &headers, peer, locale).await?;
    if number.len() > 64 || pin.len() > 32 {
        return Err(ApiError::BadRequest(
            "a card number has at most 64 characters and a PIN 32".into(),
        ));
    }
    let found: Option<client_store::GiftCard> = app
        .live()?
        .store
        .gift_card(locale.site.code(), number.trim(), pin.trim())
        .await?;
    let today = app.clock.now().date_naive();
    // The answer never echoes the PIN.
    let answer = match found {
        Some(card) if card.valid_until.is_some_and(|d| d < today) => GiftCardResult {
            result_code: NOT_USABLE,
            card: None,
            message: Some(app.locales.text(locale.lang, "giftCard.expired")),
        },
        Some(card) => GiftCardResult {
            result_code: FOUND,
            card: Some(GiftCard {
                number: card.number,
                balance: card.balance_cents as f64 / 100.0,
                currency: card.currency,
                expiry: card.valid_until,
            }),
            message: None,
        },
        None => GiftCardResult {
            result_code: NOT_FOUND,
            card: None,
            message: Some(app.locales.text(locale.lang, "giftCard.notFound")),
        },
    };
    Ok(Json(answer))
}
