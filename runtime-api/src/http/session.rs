//! Sign-in plumbing (spec §4, §7): `GET /webview` tells the islands which OpenID provider
//! signs this site's visitors in and how (its endpoints, the client id, the callback page);
//! `POST /logout` ends what the API keeps of a session. The provider's own session ends at
//! its end-session endpoint, where the islands send the visitor next.

use crate::http::doc::ApiRouter;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use schemars::JsonSchema;
use serde::Serialize;
use site::content::AuthEndpoints;
use site::routes::{PageKind, Params};

pub fn router() -> ApiRouter {
    ApiRouter::new("session")
        .get(
            "/webview",
            webview,
            "The site's OpenID provider for the sign-in frame: endpoints, client id, callback page",
        )
        .answers::<AuthEndpoints>()
        .get(
            "/sign-in-origins",
            sign_in_origins,
            "The origins of the site's OpenID provider, for the pages' Content-Security-Policy",
        )
        .answers::<SignInOrigins>()
        .post(
            "/logout",
            logout,
            "Ends the session (clears the session cookie)",
        )
        .unlocalized()
        .no_content()
}

/// `/sign-in-origins`: what the generator writes into the pages' `frame-src` and
/// `connect-src`.
#[derive(Serialize, JsonSchema)]
struct SignInOrigins {
    /// `scheme://host[:port]` of the provider's pages and endpoints; none for a content-only
    /// server.
    origins: Vec<String>,
}

async fn webview(State(app): State<AppState>, locale: Locale) -> ApiResult<Response> {
    let live = app.live()?;
    let callback = live
        .routes
        .path(
            PageKind::Callback,
            locale.site,
            locale.lang,
            &Params::new(),
            false,
        )
        .ok_or_else(|| {
            ApiError::not_found(
                "sign-in return page",
                format!("{}/{}", locale.site.code(), locale.lang.code()),
            )
        })?;
    let provider = live
        .providers
        .site(locale.site)
        .for_islands(callback)
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))?;
    let answer = AuthEndpoints {
        url_login: provider.authorization_endpoint.clone(),
        url_signup: provider.authorization_endpoint.clone(),
        provider,
    };
    let mut response = Json(answer).into_response();
    // A change of provider must reach browsers soon; an hour of reuse saves nothing worth it.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    Ok(response)
}

async fn sign_in_origins(State(app): State<AppState>, locale: Locale) -> ApiResult<Response> {
    // A content-only server signs nobody in: no origin to allow.
    let origins = match app.live() {
        Ok(live) => live.providers.site(locale.site).browser_origins().await,
        Err(_) => Vec::new(),
    };
    Ok(Json(SignInOrigins { origins }).into_response())
}

async fn logout() -> impl IntoResponse {
    (
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, identity::logout_cookie())],
    )
}
