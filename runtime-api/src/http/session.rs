//! Sign-in plumbing (spec §7): `GET /webview` tells the islands where the sign-in and sign-up
//! pages are; `POST /logout` ends the session the identity frame opened.

use crate::app::AppState;
use crate::http::doc::ApiRouter;
use crate::http::locale::Locale;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::Serialize;

pub fn router() -> ApiRouter {
    ApiRouter::new("session")
        .get("/webview", webview, "Sign-in and sign-up page addresses for the identity frame")
        .post("/logout", logout, "Ends the session (clears the session cookie)")
        .unlocalized()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Webview {
    url_login: String,
    url_signup: String,
}

async fn webview(State(app): State<AppState>, locale: Locale) -> crate::http::error::ApiResult<Json<Webview>> {
    let live = app.live()?;
    let query = format!("site={}&lang={}", locale.site.code(), locale.lang.code());
    Ok(Json(Webview { url_login: format!("{}?{query}", live.login_url), url_signup: format!("{}?{query}", live.signup_url) }))
}

async fn logout() -> impl IntoResponse {
    (StatusCode::NO_CONTENT, [(header::SET_COOKIE, identity::logout_cookie())])
}
