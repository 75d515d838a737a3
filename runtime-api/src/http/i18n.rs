//! `GET /assets/i18n/{language}.json` (spec §7): the UI strings of one language, the same files
//! the templates read, so the islands and the pages never disagree.

use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use site::Lang;

pub fn router() -> Router<AppState> {
    Router::new().route("/assets/i18n/{file}", get(translations))
}

async fn translations(
    State(app): State<AppState>,
    Path(file): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let code = file
        .strip_suffix(".json")
        .ok_or_else(|| ApiError::BadRequest(format!("expected {{language}}.json, got {file:?}")))?;
    let lang = Lang::from_code(code).ok_or_else(|| ApiError::not_found("language", code))?;
    let body = app.locales.json(lang).clone();
    Ok(([(header::CONTENT_TYPE, "application/json")], body))
}
