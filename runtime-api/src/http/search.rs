//! `GET /search/full?q=&type=&scope=` (spec §7): the site's search in the request's language
//! over shows, cinemas, offers, news and FAQ — previews of every type, or all results of one
//! `type`; `scope=faq` is the help centre's. The answer's shape is `search::SearchAnswer`.

use crate::content::live_cache::LiveKey;
use crate::http::content::answer::live_cached_result;
use crate::http::doc::ApiRouter;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::response::Response;
use serde::Deserialize;
use site::content::SearchResultType;

pub fn router() -> ApiRouter {
    ApiRouter::new("search")
        .get("/search/full", search, "Searches shows, cinemas, offers, news and FAQ (q of 3+ characters; type for one type; scope=faq)")
        .query(&["q", "type", "scope"])
        .answers::<search::SearchAnswer>()
}

#[derive(Deserialize)]
struct SearchParams {
    #[serde(default)]
    q: String,
    #[serde(rename = "type")]
    kind: Option<String>,
    scope: Option<String>,
}

async fn search(
    State(app): State<AppState>,
    locale: Locale,
    Query(p): Query<SearchParams>,
) -> ApiResult<Response> {
    // An empty `type` or `scope` is refused like any other value the document does not list.
    let kind = match p.kind.as_deref() {
        None => None,
        Some(k) => Some(
            serde_json::from_value::<SearchResultType>(serde_json::Value::String(k.to_string()))
                .map_err(|_| {
                    ApiError::BadRequest(format!(
                        "type {k:?} is not one of show, cinema, offer, news, faq"
                    ))
                })?,
        ),
    };
    let faq_only = match p.scope.as_deref() {
        None | Some("site") => false,
        Some("faq") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "scope {other:?} is not faq or site"
            )))
        }
    };
    let request = search::SearchRequest {
        q: p.q.clone(),
        kind,
        faq_only,
    };
    let key = LiveKey {
        call: "search",
        site: locale.site,
        lang: locale.lang,
        slug: p.q,
        date: None,
        extra: format!("{:?}|{faq_only}", kind),
    };
    live_cached_result(&app, key, || {
        app.live()?
            .search
            .search(locale.site, locale.lang, &request)
            .map_err(|e| {
                if e.is_bad_request() {
                    ApiError::BadRequest(e.to_string())
                } else {
                    ApiError::Internal(anyhow::anyhow!(e))
                }
            })
    })
}
