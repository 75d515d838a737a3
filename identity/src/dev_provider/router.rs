//! HTTP side of the dev provider. Routes (relative to where the API nests the router):
//!
//! | route                         | what                                                 |
//! |-------------------------------|------------------------------------------------------|
//! | GET  /.well-known/jwks.json   | the public signing key                               |
//! | GET  /login, GET /signup      | the forms (`site`, `lang`, `return` in the query)    |
//! | POST /login, POST /signup     | sets the session cookie, reports success to parent   |
//! | POST /token                   | silent access token from the session cookie          |
//! | GET  /logout?return=          | clears the session cookie and goes back              |
//! | GET  /assets/result.js, .css  | the frame's script and styles                        |

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, RawQuery, State};
use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;
use site::{Lang, Site};

use super::accounts::Names;
use super::form::{clean_name, parse_urlencoded, safe_return_path, valid_email};
use super::pages::{self, FormKind, FormValues, PageContext, Problem};
use super::{DevIdentityProvider, Identity};
use crate::headers::{logout_cookie, session_cookie, session_token};

type Provider = Arc<DevIdentityProvider>;

/// A sign-in form is a few hundred bytes.
const MAX_FORM_BYTES: usize = 16 * 1024;

pub(crate) fn router(provider: DevIdentityProvider) -> Router {
    Router::new()
        .route("/.well-known/jwks.json", get(jwks))
        .route("/login", get(login_form).post(login))
        .route("/signup", get(signup_form).post(signup))
        .route("/token", post(token))
        .route("/logout", get(logout))
        .route("/assets/result.js", get(result_js))
        .route("/assets/identity.css", get(stylesheet))
        .layer(DefaultBodyLimit::max(MAX_FORM_BYTES))
        .with_state(Arc::new(provider))
}

async fn jwks(State(provider): State<Provider>) -> Response {
    let mut response = Json(provider.keys.jwks()).into_response();
    set(&mut response, header::CACHE_CONTROL, "public, max-age=60");
    response
}

async fn login_form(RawQuery(query): RawQuery) -> Response {
    show_form(FormKind::Login, query.as_deref())
}

async fn signup_form(RawQuery(query): RawQuery) -> Response {
    show_form(FormKind::Signup, query.as_deref())
}

async fn login(State(provider): State<Provider>, headers: HeaderMap, body: Bytes) -> Response {
    submit(&provider, FormKind::Login, &headers, &body).await
}

async fn signup(State(provider): State<Provider>, headers: HeaderMap, body: Bytes) -> Response {
    submit(&provider, FormKind::Signup, &headers, &body).await
}

fn show_form(kind: FormKind, query: Option<&str>) -> Response {
    let fields = match parse_urlencoded(query.unwrap_or_default()) {
        Ok(fields) => fields,
        Err(()) => return Refusal::BadEncoding.into_response(),
    };
    match page_context(&fields) {
        Ok(context) => page(
            StatusCode::OK,
            pages::form_page(kind, &context, &FormValues::default(), None),
        ),
        Err(refusal) => refusal.into_response(),
    }
}

async fn submit(
    provider: &DevIdentityProvider,
    kind: FormKind,
    headers: &HeaderMap,
    body: &[u8],
) -> Response {
    if let Err(refusal) = check_form_post(headers) {
        return refusal.into_response();
    }
    let fields = match std::str::from_utf8(body)
        .map_err(|_| ())
        .and_then(parse_urlencoded)
    {
        Ok(fields) => fields,
        Err(()) => return Refusal::BadEncoding.into_response(),
    };
    let context = match page_context(&fields) {
        Ok(context) => context,
        Err(refusal) => return refusal.into_response(),
    };
    let text = |name: &str| fields.get(name).cloned().unwrap_or_default();
    let values = FormValues {
        email: text("email"),
        given_name: text("given_name"),
        family_name: text("family_name"),
    };
    let refuse = |problem| {
        page(
            StatusCode::BAD_REQUEST,
            pages::form_page(kind, &context, &values, Some(problem)),
        )
    };

    let Some(email) = valid_email(&values.email) else {
        return refuse(Problem::Email);
    };
    let names = match kind {
        FormKind::Login => provider.names_for(&email),
        FormKind::Signup => {
            let (Some(given_name), Some(family_name)) = (
                clean_name(&values.given_name),
                clean_name(&values.family_name),
            ) else {
                return refuse(Problem::Names);
            };
            let names = Names {
                given_name,
                family_name,
            };
            // Losing the names only costs a later sign-in its display name: not worth
            // failing this sign-up over.
            if let Err(error) = provider
                .accounts
                .remember(email.clone(), names.clone())
                .await
            {
                tracing::warn!(%error, "dev identity provider could not save account names");
            }
            names
        }
    };

    let identity = Identity {
        site: Some(context.site),
        email,
        given_name: names.given_name,
        family_name: names.family_name,
    };
    let lifetime = provider.session_lifetime;
    let cookie = provider
        .mint(&identity, provider.clock.now(), lifetime)
        .map_err(|error| tracing::error!(%error, "dev identity provider cannot sign"))
        .ok()
        .and_then(|token| session_cookie(&token, lifetime.as_secs(), provider.secure_cookies()));
    let Some(cookie) = cookie else {
        return Refusal::ServerError(context.lang).into_response();
    };
    let mut response = page(StatusCode::OK, pages::result_page(kind, &context));
    response.headers_mut().append(header::SET_COOKIE, cookie);
    response
}

/// The silent token endpoint: an access token for whoever holds a valid session cookie,
/// otherwise `login_required` (the error the sites treat as "anonymous", spec §4).
async fn token(State(provider): State<Provider>, headers: HeaderMap) -> Response {
    let Some(session) = session_token(&headers) else {
        return login_required(false);
    };
    let claims = match provider.local.verify(session).await {
        Ok(claims) => claims,
        Err(error) => {
            tracing::debug!(%error, "session cookie refused");
            return login_required(true);
        }
    };
    let Some(email) = claims.email else {
        return login_required(true);
    };
    // The access token never outlives the session it comes from.
    let remaining = claims.exp.saturating_sub(provider.clock.now());
    let Some(remaining) = u64::try_from(remaining).ok().filter(|&r| r > 0) else {
        return login_required(true);
    };
    let lifetime = provider
        .access_lifetime
        .min(std::time::Duration::from_secs(remaining));
    let identity = Identity {
        site: claims.site,
        email,
        given_name: claims.given_name.unwrap_or_default(),
        family_name: claims.family_name.unwrap_or_default(),
    };
    match provider.mint(&identity, claims.auth_time, lifetime) {
        Ok(access_token) => {
            let mut response = Json(json!({
                "access_token": access_token,
                "token_type": "Bearer",
                "expires_in": lifetime.as_secs(),
            }))
            .into_response();
            set(&mut response, header::CACHE_CONTROL, "no-store");
            set(&mut response, header::PRAGMA, "no-cache");
            response
        }
        Err(error) => {
            tracing::error!(%error, "dev identity provider cannot sign");
            let mut response = (
                StatusCode::INTERNAL_SERVER_ERROR,
                Json(json!({ "error": "server_error" })),
            )
                .into_response();
            set(&mut response, header::CACHE_CONTROL, "no-store");
            response
        }
    }
}

fn login_required(clear_cookie: bool) -> Response {
    let mut response = (
        StatusCode::UNAUTHORIZED,
        Json(json!({ "error": "login_required" })),
    )
        .into_response();
    set(&mut response, header::CACHE_CONTROL, "no-store");
    if clear_cookie {
        // A stale or forged cookie is dropped so the browser stops sending it.
        response
            .headers_mut()
            .append(header::SET_COOKIE, logout_cookie());
    }
    response
}

/// Signing out always succeeds; a return path that is not ours is replaced by `/` rather
/// than followed.
async fn logout(RawQuery(query): RawQuery) -> Response {
    let fields = parse_urlencoded(query.as_deref().unwrap_or_default()).unwrap_or_default();
    let target = fields
        .get("return")
        .and_then(|r| safe_return_path(r))
        .unwrap_or("/");
    let location = HeaderValue::from_str(target).unwrap_or(HeaderValue::from_static("/"));
    let mut response = StatusCode::SEE_OTHER.into_response();
    response.headers_mut().insert(header::LOCATION, location);
    response
        .headers_mut()
        .append(header::SET_COOKIE, logout_cookie());
    set(&mut response, header::CACHE_CONTROL, "no-store");
    response
}

async fn result_js() -> Response {
    asset("text/javascript; charset=utf-8", pages::RESULT_JS)
}

async fn stylesheet() -> Response {
    asset("text/css; charset=utf-8", pages::STYLESHEET)
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    let mut response = body.into_response();
    set(&mut response, header::CONTENT_TYPE, content_type);
    set(&mut response, header::CACHE_CONTROL, "no-cache");
    set(&mut response, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    response
}

/// An HTML page of the frame. Scripts and styles only from our own files; framing only by
/// our own origin (the sites), which stops other sites from clickjacking the form.
fn page(status: StatusCode, html: String) -> Response {
    let mut response = (status, html).into_response();
    set(
        &mut response,
        header::CONTENT_TYPE,
        "text/html; charset=utf-8",
    );
    set(
        &mut response,
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'; script-src 'self'; style-src 'self'; form-action 'self'; \
         frame-ancestors 'self'; base-uri 'none'",
    );
    set(&mut response, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(&mut response, header::REFERRER_POLICY, "same-origin");
    set(&mut response, header::CACHE_CONTROL, "no-store");
    response
}

fn set(response: &mut Response, name: HeaderName, value: &'static str) {
    response
        .headers_mut()
        .insert(name, HeaderValue::from_static(value));
}

/// Why a request to the frame was refused, rendered as an error page.
enum Refusal {
    BadEncoding,
    UnknownSite { given: String, lang: Lang },
    BadReturn { given: String, lang: Lang },
    NotAForm,
    WrongOrigin,
    ServerError(Lang),
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let (status, lang, message, detail): (_, _, fn(&pages::Texts) -> &str, _) = match self {
            Refusal::BadEncoding => (StatusCode::BAD_REQUEST, Lang::En, |t| t.bad_request, None),
            Refusal::UnknownSite { given, lang } => (
                StatusCode::BAD_REQUEST,
                lang,
                |t| t.unknown_site,
                Some(given),
            ),
            Refusal::BadReturn { given, lang } => {
                (StatusCode::BAD_REQUEST, lang, |t| t.bad_return, Some(given))
            }
            Refusal::NotAForm => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                Lang::En,
                |t| t.bad_request,
                None,
            ),
            Refusal::WrongOrigin => (StatusCode::FORBIDDEN, Lang::En, |t| t.wrong_origin, None),
            Refusal::ServerError(lang) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                lang,
                |t| t.server_error,
                None,
            ),
        };
        page(
            status,
            pages::error_page(lang, message(pages::texts(lang)), detail.as_deref()),
        )
    }
}

/// `site` is required and must be one of ours; `lang` falls back to the site's default when
/// absent or not offered there; `return` defaults to `/` and must be a same-origin path.
fn page_context(fields: &HashMap<String, String>) -> Result<PageContext, Refusal> {
    let asked_lang = fields.get("lang").and_then(|code| Lang::from_code(code));
    let given_site = fields.get("site").map(String::as_str).unwrap_or_default();
    let Some(site) = Site::from_code(given_site) else {
        return Err(Refusal::UnknownSite {
            given: given_site.to_owned(),
            lang: asked_lang.unwrap_or(Lang::En),
        });
    };
    let lang = asked_lang
        .filter(|&lang| site.supports(lang))
        .unwrap_or(site.default_language());
    let return_to = match fields.get("return").filter(|r| !r.is_empty()) {
        None => "/".to_owned(),
        Some(given) => match safe_return_path(given) {
            Some(path) => path.to_owned(),
            None => {
                return Err(Refusal::BadReturn {
                    given: given.clone(),
                    lang,
                })
            }
        },
    };
    Ok(PageContext {
        site,
        lang,
        return_to,
    })
}

/// Form posts must be form-encoded, and when the browser names the page that sent them
/// (`Origin`), that page must be on this host: another site cannot sign a visitor in to an
/// account of its choosing.
fn check_form_post(headers: &HeaderMap) -> Result<(), Refusal> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    if !essence.eq_ignore_ascii_case("application/x-www-form-urlencoded") {
        return Err(Refusal::NotAForm);
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|origin| origin.split_once("://"))
        .map(|(_, authority)| authority);
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    match (origin_host, host) {
        (Some(origin_host), Some(host)) if origin_host.eq_ignore_ascii_case(host) => Ok(()),
        _ => Err(Refusal::WrongOrigin),
    }
}
