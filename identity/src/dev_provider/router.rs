//! HTTP side of the dev provider: a standard OpenID provider (authorization code with PKCE,
//! refresh-token rotation, RP-initiated logout), so local use takes exactly the sites'
//! production code path. Routes, relative to where the API nests the router (`/identity`):
//!
//! | route                                  | what                                              |
//! |----------------------------------------|---------------------------------------------------|
//! | GET  /.well-known/openid-configuration | discovery document                                |
//! | GET  /.well-known/jwks.json            | the public signing key                            |
//! | GET  /authorize                        | the authorization request: a code, or the form    |
//! | POST /login, POST /signup              | the forms: session cookie, then the code          |
//! | POST /token                            | `authorization_code` and `refresh_token` grants   |
//! | GET  /userinfo                         | the client's claims for an access token           |
//! | GET  /end_session                      | signs out, back to the site                       |
//! | GET  /assets/identity.css              | the forms' styles                                 |

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, RawQuery, State};
use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use site::Lang;

use super::accounts::Names;
use super::form::{clean_name, parse_urlencoded, valid_email};
use super::grants::{same_origin_url, AuthRequest, Grant, GrantError, RequestError};
use super::pages::{self, FormKind, FormValues, PageContext, Problem};
use super::{DevIdentityProvider, Identity};
use crate::headers::{bearer_token, logout_cookie, session_cookie, session_token};

type Provider = Arc<DevIdentityProvider>;

/// A sign-in form or a token request is a few hundred bytes.
const MAX_FORM_BYTES: usize = 16 * 1024;

pub(crate) fn router(provider: DevIdentityProvider) -> Router {
    Router::new()
        .route("/.well-known/openid-configuration", get(discovery))
        .route("/.well-known/jwks.json", get(jwks))
        .route("/authorize", get(authorize))
        .route("/login", post(login))
        .route("/signup", post(signup))
        .route("/token", post(token))
        .route("/userinfo", get(userinfo))
        .route("/end_session", get(end_session))
        .route("/assets/identity.css", get(stylesheet))
        .layer(DefaultBodyLimit::max(MAX_FORM_BYTES))
        .with_state(Arc::new(provider))
}

async fn discovery(State(provider): State<Provider>) -> Response {
    let mut response = Json(provider.discovery()).into_response();
    set(&mut response, header::CACHE_CONTROL, "public, max-age=300");
    response
}

async fn jwks(State(provider): State<Provider>) -> Response {
    let mut response = Json(provider.keys.jwks()).into_response();
    set(&mut response, header::CACHE_CONTROL, "public, max-age=60");
    response
}

/// The authorization request (OpenID Connect Core §3.1.2): with a session and no prompt
/// asking otherwise, a code at once; `prompt=none` without one, `login_required`; otherwise
/// the sign-in form, or the sign-up form for `prompt=create`.
async fn authorize(
    State(provider): State<Provider>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let fields = match parse_urlencoded(query.as_deref().unwrap_or_default()) {
        Ok(fields) => fields,
        Err(()) => return Refusal::BadEncoding.into_response(),
    };
    let request = match AuthRequest::parse(&fields, &provider.authorized_party, &provider.origin())
    {
        Ok(request) => request,
        Err(error) => return refused(error, &fields),
    };
    let session = signed_in(&provider, &headers).await;
    match (request.prompt.as_deref(), session) {
        (Some("login"), _) => form(
            &provider,
            FormKind::Login,
            &request,
            &FormValues::default(),
            None,
            StatusCode::OK,
        ),
        (Some("create"), _) => form(
            &provider,
            FormKind::Signup,
            &request,
            &FormValues::default(),
            None,
            StatusCode::OK,
        ),
        (_, Some((identity, auth_time))) => {
            code_redirect(&provider, &request, identity, auth_time, None)
        }
        (Some("none"), None) => see_other(
            &request.answer(&[
                ("error", "login_required"),
                ("error_description", "no session at the identity provider"),
            ]),
            None,
        ),
        (_, None) => form(
            &provider,
            FormKind::Login,
            &request,
            &FormValues::default(),
            None,
            StatusCode::OK,
        ),
    }
}

/// The visitor of a valid session cookie, and when they signed in.
async fn signed_in(provider: &DevIdentityProvider, headers: &HeaderMap) -> Option<(Identity, i64)> {
    let claims = provider.local.verify(session_token(headers)?).await.ok()?;
    let email = claims.email?;
    let names = provider.names_for(&email);
    Some((
        Identity {
            site: claims.site.or(provider.site),
            email,
            given_name: names.given_name,
            family_name: names.family_name,
        },
        claims.auth_time.unwrap_or(provider.clock.now()),
    ))
}

fn refused(error: RequestError, fields: &HashMap<String, String>) -> Response {
    let lang = fields
        .get("ui_locales")
        .and_then(|l| Lang::from_code(l))
        .unwrap_or(Lang::En);
    match error {
        RequestError::Page(reason) => Refusal::BadRequest { reason, lang }.into_response(),
        RequestError::Redirect { error, description } => {
            // The redirect URI was checked before any redirecting error is returned.
            let uri = fields.get("redirect_uri").cloned().unwrap_or_default();
            let state = fields.get("state").cloned();
            let target = AuthRequest {
                client_id: String::new(),
                redirect_uri: uri,
                scope: String::new(),
                state,
                nonce: None,
                code_challenge: String::new(),
                prompt: None,
                lang,
            };
            see_other(
                &target.answer(&[("error", error), ("error_description", description)]),
                None,
            )
        }
    }
}

async fn login(State(provider): State<Provider>, headers: HeaderMap, body: Bytes) -> Response {
    submit(&provider, FormKind::Login, &headers, &body).await
}

async fn signup(State(provider): State<Provider>, headers: HeaderMap, body: Bytes) -> Response {
    submit(&provider, FormKind::Signup, &headers, &body).await
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
    let request = match AuthRequest::parse(&fields, &provider.authorized_party, &provider.origin())
    {
        Ok(request) => request,
        Err(error) => return refused(error, &fields),
    };
    let text = |name: &str| fields.get(name).cloned().unwrap_or_default();
    let values = FormValues {
        email: text("email"),
        given_name: text("given_name"),
        family_name: text("family_name"),
    };
    let refuse = |problem| {
        form(
            provider,
            kind,
            &request,
            &values,
            Some(problem),
            StatusCode::BAD_REQUEST,
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
        site: provider.site,
        email,
        given_name: names.given_name,
        family_name: names.family_name,
    };
    let now = provider.clock.now();
    let lifetime = provider.session_lifetime;
    let cookie = provider
        .mint(&identity, now, lifetime)
        .map_err(|error| tracing::error!(%error, "dev identity provider cannot sign"))
        .ok()
        .and_then(|token| session_cookie(&token, lifetime.as_secs(), provider.secure_cookies()));
    let Some(cookie) = cookie else {
        return Refusal::ServerError(request.lang).into_response();
    };
    code_redirect(provider, &request, identity, now, Some(cookie))
}

/// Back to the site's callback page with a code (and the new session cookie, if any).
fn code_redirect(
    provider: &DevIdentityProvider,
    request: &AuthRequest,
    identity: Identity,
    auth_time: i64,
    cookie: Option<HeaderValue>,
) -> Response {
    let grant = Grant {
        identity,
        auth_time,
        scope: request.scope.clone(),
        client_id: request.client_id.clone(),
        nonce: request.nonce.clone(),
    };
    let code = provider
        .grants
        .issue_code(grant, request, provider.clock.now());
    see_other(&request.answer(&[("code", &code)]), cookie)
}

fn see_other(location: &str, cookie: Option<HeaderValue>) -> Response {
    let Ok(location) = HeaderValue::from_str(location) else {
        return Refusal::BadEncoding.into_response();
    };
    let mut response = StatusCode::SEE_OTHER.into_response();
    response.headers_mut().insert(header::LOCATION, location);
    if let Some(cookie) = cookie {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    set(&mut response, header::CACHE_CONTROL, "no-store");
    response
}

fn form(
    provider: &DevIdentityProvider,
    kind: FormKind,
    request: &AuthRequest,
    values: &FormValues,
    problem: Option<Problem>,
    status: StatusCode,
) -> Response {
    let context = PageContext {
        site: provider.site.unwrap_or(site::Site::Fr),
        lang: request.lang,
        request: request.clone(),
    };
    page(status, pages::form_page(kind, &context, values, problem))
}

/// The token endpoint (RFC 6749 §4.1.3, §6): a public client, so no secret; the code's
/// PKCE verifier or a refresh token (rotated) proves the caller.
async fn token(State(provider): State<Provider>, headers: HeaderMap, body: Bytes) -> Response {
    let fields = match token_fields(&headers, &body) {
        Some(fields) => fields,
        None => {
            return token_error(
                StatusCode::BAD_REQUEST,
                GrantError("invalid_request", "a form-encoded or JSON body is required"),
            )
        }
    };
    let get = |name: &str| fields.get(name).map(String::as_str).unwrap_or_default();
    let client_id = get("client_id");
    if client_id != provider.authorized_party {
        return token_error(
            StatusCode::UNAUTHORIZED,
            GrantError("invalid_client", "unknown client_id"),
        );
    }
    let now = provider.clock.now();
    let session_end =
        now.saturating_add(i64::try_from(provider.session_lifetime.as_secs()).unwrap_or(i64::MAX));
    let outcome = match get("grant_type") {
        "authorization_code" => provider
            .grants
            .redeem_code(
                get("code"),
                client_id,
                get("redirect_uri"),
                get("code_verifier"),
                now,
            )
            .map(|grant| (grant, None, session_end, true)),
        "refresh_token" => provider
            .grants
            .rotate(get("refresh_token"), client_id, now)
            .map(|(grant, family, expires)| (grant, Some(family), expires, false)),
        _ => Err(GrantError(
            "unsupported_grant_type",
            "grant_type must be authorization_code or refresh_token",
        )),
    };
    let (grant, family, refresh_expires, with_nonce) = match outcome {
        Ok(found) => found,
        Err(error) => return token_error(StatusCode::BAD_REQUEST, error),
    };
    // The access token never outlives the session it comes from.
    let remaining = u64::try_from(refresh_expires.saturating_sub(now)).unwrap_or(0);
    let lifetime = provider
        .access_lifetime
        .min(std::time::Duration::from_secs(remaining.max(1)));
    let nonce = if with_nonce {
        grant.nonce.as_deref()
    } else {
        None
    };
    let (access, id) = match (
        provider.mint(&grant.identity, grant.auth_time, lifetime),
        provider.id_token(&grant.identity, grant.auth_time, nonce, lifetime),
    ) {
        (Ok(access), Ok(id)) => (access, id),
        (Err(error), _) | (_, Err(error)) => {
            tracing::error!(%error, "dev identity provider cannot sign");
            return token_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                GrantError("server_error", "cannot sign"),
            );
        }
    };
    let mut answer = json!({
        "access_token": access,
        "token_type": "Bearer",
        "expires_in": lifetime.as_secs(),
        "id_token": id,
        "scope": grant.scope,
    });
    if grant.scope.split(' ').any(|s| s == "offline_access") {
        answer["refresh_token"] =
            json!(provider
                .grants
                .issue_refresh(grant, family, refresh_expires, now));
    }
    no_store(Json(answer).into_response())
}

/// `application/x-www-form-urlencoded` (RFC 6749) or JSON (some clients send it).
fn token_fields(headers: &HeaderMap, body: &[u8]) -> Option<HashMap<String, String>> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    match essence.as_str() {
        "application/x-www-form-urlencoded" => std::str::from_utf8(body)
            .ok()
            .and_then(|b| parse_urlencoded(b).ok()),
        "application/json" => match serde_json::from_slice::<Value>(body).ok()? {
            Value::Object(map) => Some(
                map.into_iter()
                    .filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_owned())))
                    .collect(),
            ),
            _ => None,
        },
        _ => None,
    }
}

fn token_error(status: StatusCode, GrantError(error, description): GrantError) -> Response {
    no_store(
        (
            status,
            Json(json!({ "error": error, "error_description": description })),
        )
            .into_response(),
    )
}

fn no_store(mut response: Response) -> Response {
    set(&mut response, header::CACHE_CONTROL, "no-store");
    set(&mut response, header::PRAGMA, "no-cache");
    response
}

/// OpenID Connect Core §5.3: the claims of the access token's client.
async fn userinfo(State(provider): State<Provider>, headers: HeaderMap) -> Response {
    let claims = match bearer_token(&headers) {
        Some(token) => provider.local.verify(token).await.ok(),
        None => None,
    };
    let Some(claims) = claims else {
        let mut response = StatusCode::UNAUTHORIZED.into_response();
        set(
            &mut response,
            header::WWW_AUTHENTICATE,
            "Bearer error=\"invalid_token\"",
        );
        return no_store(response);
    };
    no_store(
        Json(json!({
            "sub": claims.sub,
            "email": claims.email,
            "email_verified": true,
            "given_name": claims.given_name,
            "family_name": claims.family_name,
        }))
        .into_response(),
    )
}

/// RP-initiated logout: the session cookie and the client's refresh tokens go, then back to
/// `post_logout_redirect_uri` when it is on the site, else a page saying it is done.
async fn end_session(
    State(provider): State<Provider>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let fields = parse_urlencoded(query.as_deref().unwrap_or_default()).unwrap_or_default();
    if let Some((identity, _)) = signed_in(&provider, &headers).await {
        provider.grants.revoke_subject(&identity.email);
    }
    let lang = fields
        .get("ui_locales")
        .and_then(|l| Lang::from_code(l))
        .unwrap_or(Lang::Fr);
    let mut response = match fields
        .get("post_logout_redirect_uri")
        .filter(|uri| same_origin_url(uri, &provider.origin()))
    {
        Some(uri) => see_other(uri, None),
        None => page(StatusCode::OK, pages::signed_out_page(lang)),
    };
    response
        .headers_mut()
        .append(header::SET_COOKIE, logout_cookie());
    response
}

async fn stylesheet() -> Response {
    let mut response = pages::STYLESHEET.into_response();
    set(
        &mut response,
        header::CONTENT_TYPE,
        "text/css; charset=utf-8",
    );
    set(&mut response, header::CACHE_CONTROL, "no-cache");
    set(&mut response, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    response
}

/// An HTML page of the frame: no script at all; styles only from our own file; framing only
/// by our own origin (the sites), which stops other sites from clickjacking the form.
fn page(status: StatusCode, html: String) -> Response {
    let mut response = (status, html).into_response();
    set(
        &mut response,
        header::CONTENT_TYPE,
        "text/html; charset=utf-8",
    );
    set(&mut response, header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'");
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
    BadRequest { reason: &'static str, lang: Lang },
    NotAForm,
    WrongOrigin,
    ServerError(Lang),
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let (status, lang, message, detail): (_, _, fn(&pages::Texts) -> &str, _) = match self {
            Refusal::BadEncoding => (StatusCode::BAD_REQUEST, Lang::En, |t| t.bad_request, None),
            Refusal::BadRequest { reason, lang } => (
                StatusCode::BAD_REQUEST,
                lang,
                |t| t.bad_return,
                Some(reason),
            ),
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
            pages::error_page(lang, message(pages::texts(lang)), detail),
        )
    }
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
