//! Signed-in client calls (spec §7 Client): the client, favourite cinemas, feelings (wish-list
//! intentions and emotions) and `accounts/me`. Every call needs a bearer token whose subject
//! is the client of the path (403 otherwise).

use crate::http::auth::SignedIn;
use crate::http::body::JsonObject;
use crate::http::doc::ApiRouter;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use client_store::{validate, ClientRecord, Emotion, ShowFeeling};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use site::content::{
    AccountCinema, AccountCinemasBody, AccountPayload, Client, ClientSubscriptions,
};
use site::Site;

/// A favourite list is full: 409 with the limit (spec §4).
const FULL: &[StatusCode] = &[StatusCode::CONFLICT];
/// A show taken down for good: 410 (spec §8).
const GONE: &[StatusCode] = &[StatusCode::GONE];

pub fn router() -> ApiRouter {
    ApiRouter::new("client")
        .get(
            "/client/{id}",
            client,
            "The signed-in client (spec §3 Client)",
        )
        .bearer()
        .answers::<Client>()
        .post(
            "/client/{id}/cinema/{slug}",
            add_favourite,
            "Adds a favourite cinema, first in the list (409 with the limit when full)",
        )
        .bearer()
        .errors(FULL)
        .answers::<Favourites>()
        .delete(
            "/client/{id}/cinema/{slug}",
            remove_favourite,
            "Removes a favourite cinema",
        )
        .bearer()
        .answers::<Favourites>()
        .post(
            "/client/{id}/shows",
            feelings,
            "The client's feelings for the listed shows (body {showSlugs})",
        )
        .bearer()
        .unlocalized()
        .body::<ShowsBody>()
        .answers::<Vec<ShowFeeling>>()
        .post(
            "/client/{id}/show/{slug}/intention",
            intention,
            "Sets (or with isDelete removes) the wish-list intention, default 2",
        )
        .bearer()
        .optional_body::<IntentionBody>()
        .errors(GONE)
        .answers::<ShowFeeling>()
        .post(
            "/client/{id}/show/{slug}/emotion",
            emotion,
            "Sets (or with isDelete removes) an emotion: disappointed, liked or loved",
        )
        .bearer()
        .body::<EmotionBody>()
        .errors(GONE)
        .answers::<ShowFeeling>()
        .get(
            "/accounts/me",
            account,
            "The account payload of the signed-in client",
        )
        .bearer()
        .answers::<AccountPayload>()
        .get(
            "/accounts/me/cinemas",
            account_cinemas,
            "Favourite cinemas as references (codeCcs)",
        )
        .bearer()
        .answers::<Vec<AccountCinema>>()
        .patch(
            "/accounts/me/cinemas",
            replace_account_cinemas,
            "Replaces the favourite cinemas (body {cinemas: [references]})",
        )
        .bearer()
        .body::<AccountCinemasBody>()
        .errors(FULL)
        .answers::<Vec<AccountCinema>>()
        .delete(
            "/accounts/me/cinemas",
            remove_account_cinemas,
            "Removes favourite cinemas (body {cinemas: [references]})",
        )
        .bearer()
        .body::<AccountCinemasBody>()
        .answers::<Vec<AccountCinema>>()
}

/// The client of spec §3 for a site: favourites of that site, newsletter flag as §6 says.
fn client_payload(site: Site, record: &ClientRecord, favourites: Vec<String>) -> Client {
    let name = [record.first_name.as_str(), record.last_name.as_str()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    Client {
        id: record.id.clone(),
        name,
        email: record.email.clone(),
        avatar: record
            .photo_url
            .clone()
            .filter(|p| site::rules::show_avatar(Some(p))),
        avatar_fallback: site::rules::avatar_initials(&record.first_name, &record.last_name),
        favorite_cinemas: favourites,
        registered: record.registered,
        email_verify: record.email_verified,
        first_login: record.first_login,
        send_newsletter: record.send_newsletter,
        mail_communication: record.mail_communication,
        loyalty_level: record.loyalty_level.clone(),
        cinepass_type: None,
        subscriptions: ClientSubscriptions {
            newsletter: newsletter_flag(site, record),
            cinepass: false,
        },
        subscription: None,
    }
}

/// Spec §6: FR uses the mail-communication flag, the other sites sendNewsletter.
fn newsletter_flag(site: Site, record: &ClientRecord) -> bool {
    site::rules::newsletter_flag(site, record.mail_communication, record.send_newsletter)
}

async fn client(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    Path(id): Path<String>,
) -> ApiResult<Json<Client>> {
    who.must_be(&id)?;
    let favourites = app
        .live()?
        .store
        .favourites(&id, locale.site.code())
        .await?;
    Ok(Json(client_payload(locale.site, &who.client, favourites)))
}

/// The favourite cinemas after a change, most recent first, and how many the site allows.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Favourites {
    favorite_cinemas: Vec<String>,
    limit: usize,
}

fn known_cinema(app: &AppState, locale: Locale, slug: &str) -> ApiResult<()> {
    // Slugs may differ per language: a favourite is the slug of the language in use.
    match app.content.locale(locale.site, locale.lang).cinema(slug) {
        Some(_) => Ok(()),
        None => Err(ApiError::not_found("cinema", slug)),
    }
}

async fn add_favourite(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    Path((id, slug)): Path<(String, String)>,
) -> ApiResult<Json<Favourites>> {
    who.must_be(&id)?;
    known_cinema(&app, locale, &slug)?;
    let limit = locale.site.favourite_limit();
    let list = app
        .live()?
        .store
        .add_favourite(&id, locale.site.code(), &slug, limit)
        .await?;
    Ok(Json(Favourites {
        favorite_cinemas: list,
        limit,
    }))
}

async fn remove_favourite(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    Path((id, slug)): Path<(String, String)>,
) -> ApiResult<Json<Favourites>> {
    who.must_be(&id)?;
    let store = &app.live()?.store;
    // A slug the store could not keep (empty, spaces around, a control character) is no
    // favourite: removing it leaves the list as it is.
    let list = if validate::key("cinema slug", &slug).is_ok() {
        store.remove_favourite(&id, locale.site.code(), &slug).await
    } else {
        store.favourites(&id, locale.site.code()).await
    }?;
    Ok(Json(Favourites {
        favorite_cinemas: list,
        limit: locale.site.favourite_limit(),
    }))
}

/// Body of `/client/{id}/shows`: the shows to read feelings of.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ShowsBody {
    /// Show slugs (the store refuses empty ones, surrounding spaces and control characters).
    #[schemars(
        length(max = validate::MAX_SLUGS_PER_CALL),
        inner(length(min = 1, max = validate::MAX_TEXT_LEN), pattern(validate::KEY_PATTERN))
    )]
    show_slugs: Vec<String>,
}

async fn feelings(
    State(app): State<AppState>,
    who: SignedIn,
    Path(id): Path<String>,
    JsonObject(body): JsonObject<ShowsBody>,
) -> ApiResult<Json<Vec<ShowFeeling>>> {
    who.must_be(&id)?;
    Ok(Json(
        app.live()?.store.feelings(&id, &body.show_slugs).await?,
    ))
}

fn known_show(app: &AppState, locale: Locale, slug: &str) -> ApiResult<()> {
    if app
        .content
        .site(locale.site)
        .gone_shows
        .iter()
        .any(|s| s == slug)
    {
        return Err(ApiError::Gone {
            kind: "show",
            slug: slug.to_string(),
        });
    }
    match app.content.locale(locale.site, locale.lang).show(slug) {
        Some(_) => Ok(()),
        None => Err(ApiError::not_found("show", slug)),
    }
}

/// Body of `/client/{id}/show/{slug}/intention` (none: set intention 2).
#[derive(Deserialize, Default, JsonSchema)]
#[serde(rename_all = "camelCase", default)]
struct IntentionBody {
    /// 0 to 10; 2 when absent.
    #[serde(deserialize_with = "whole_number")]
    #[schemars(with = "Option<i16>", range(min = 0, max = 10))]
    intention: Option<i16>,
    /// Remove the intention.
    is_delete: bool,
}

/// A JSON integer, written `5` or `5.0` (both are integers to JSON Schema), within `i16`.
fn whole_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i16>, D::Error> {
    let number: Option<f64> = Option::deserialize(d)?;
    number
        .map(|n| {
            if n.fract() == 0.0 && (f64::from(i16::MIN)..=f64::from(i16::MAX)).contains(&n) {
                Ok(n as i16)
            } else {
                Err(serde::de::Error::custom(format!(
                    "{n} is not a whole number"
                )))
            }
        })
        .transpose()
}

/// Spec §7: intention defaults to 2; `isDelete` removes it. Repeating a call is harmless.
async fn intention(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    Path((id, slug)): Path<(String, String)>,
    body: Option<JsonObject<IntentionBody>>,
) -> ApiResult<Json<ShowFeeling>> {
    who.must_be(&id)?;
    known_show(&app, locale, &slug)?;
    let body = body.map(|JsonObject(b)| b).unwrap_or_default();
    // Checked even when removing: the document says 0 to 10, whatever `isDelete` says.
    if body.intention.is_some_and(|v| !(0..=10).contains(&v)) {
        return Err(ApiError::BadRequest(
            "intention must be between 0 and 10".into(),
        ));
    }
    let value = if body.is_delete {
        None
    } else {
        Some(body.intention.unwrap_or(2))
    };
    app.live()?.store.set_intention(&id, &slug, value).await?;
    feeling_of(&app, &id, slug).await
}

/// Body of `/client/{id}/show/{slug}/emotion`: an emotion, or `isDelete`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
// Read as text so that another word is a 400 that names the three; an emotion is required
// unless `isDelete` is true.
#[schemars(extend("anyOf" = [
    {"required": ["emotion"], "properties": {"emotion": {"type": "string"}}},
    {"required": ["isDelete"], "properties": {"isDelete": {"const": true}}},
]))]
struct EmotionBody {
    #[schemars(with = "Option<Emotion>")]
    emotion: Option<String>,
    /// Remove the emotion.
    #[serde(default)]
    is_delete: bool,
}

async fn emotion(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    Path((id, slug)): Path<(String, String)>,
    JsonObject(body): JsonObject<EmotionBody>,
) -> ApiResult<Json<ShowFeeling>> {
    who.must_be(&id)?;
    known_show(&app, locale, &slug)?;
    // Checked even when removing: the document lists the three, whatever `isDelete` says.
    let emotion = match body.emotion {
        Some(text) => Some(text.parse::<Emotion>().map_err(|_| {
            ApiError::BadRequest(format!(
                "emotion {text:?} is not one of disappointed, liked, loved"
            ))
        })?),
        None => None,
    };
    let value = if body.is_delete {
        None
    } else {
        Some(emotion.ok_or_else(|| {
            ApiError::BadRequest("emotion is required unless isDelete is true".into())
        })?)
    };
    app.live()?.store.set_emotion(&id, &slug, value).await?;
    feeling_of(&app, &id, slug).await
}

async fn feeling_of(app: &AppState, id: &str, slug: String) -> ApiResult<Json<ShowFeeling>> {
    let found = app
        .live()?
        .store
        .feelings(id, std::slice::from_ref(&slug))
        .await?;
    Ok(Json(found.into_iter().next().unwrap_or(ShowFeeling {
        slug,
        intention: None,
        emotion: None,
    })))
}

async fn account(locale: Locale, who: SignedIn) -> Json<AccountPayload> {
    let r = &who.client;
    Json(AccountPayload {
        icu: r.id.clone(),
        firstname: r.first_name.clone(),
        lastname: r.last_name.clone(),
        email: r.email.clone(),
        photo_url: r.photo_url.clone(),
        newsletter_subscription: newsletter_flag(locale.site, r),
        cinepass_subscription: false,
        cinepass_type: None,
        subscription: None,
        registered: r.registered,
        email_verify: r.email_verified,
        first_login: r.first_login,
        mail_communication: r.mail_communication,
        send_newsletter: r.send_newsletter,
        loyalty_level: r.loyalty_level.clone(),
    })
}

/// Favourites as cinema references (spec §7: items carry codeCcs).
async fn account_cinemas(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
) -> ApiResult<Json<Vec<AccountCinema>>> {
    let slugs = app
        .live()?
        .store
        .favourites(&who.client.id, locale.site.code())
        .await?;
    Ok(Json(references(&app, locale, &slugs)))
}

fn references(app: &AppState, locale: Locale, slugs: &[String]) -> Vec<AccountCinema> {
    let index = app.content.locale(locale.site, locale.lang);
    slugs
        .iter()
        .filter_map(|s| index.cinema(s))
        .map(|c| AccountCinema {
            code_ccs: c.cinema.vista_ref.clone(),
        })
        .collect()
}

/// Cinema references → slugs of the language in use; an unknown reference is a 404.
fn slugs_of(app: &AppState, locale: Locale, refs: &[String]) -> ApiResult<Vec<String>> {
    let cinemas = &app.content.locale(locale.site, locale.lang).content.cinemas;
    refs.iter()
        .map(|r| {
            cinemas
                .iter()
                .find(|c| &c.cinema.vista_ref == r)
                .map(|c| c.cinema.slug.clone())
                .ok_or_else(|| ApiError::not_found("cinema", r.clone()))
        })
        .collect()
}

async fn replace_account_cinemas(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    JsonObject(body): JsonObject<AccountCinemasBody>,
) -> ApiResult<Json<Vec<AccountCinema>>> {
    let slugs = slugs_of(&app, locale, &body.cinemas)?;
    let list = app
        .live()?
        .store
        .replace_favourites(
            &who.client.id,
            locale.site.code(),
            &slugs,
            locale.site.favourite_limit(),
        )
        .await?;
    Ok(Json(references(&app, locale, &list)))
}

async fn remove_account_cinemas(
    State(app): State<AppState>,
    locale: Locale,
    who: SignedIn,
    JsonObject(body): JsonObject<AccountCinemasBody>,
) -> ApiResult<(StatusCode, Json<Vec<AccountCinema>>)> {
    let slugs = slugs_of(&app, locale, &body.cinemas)?;
    let list = app
        .live()?
        .store
        .remove_favourites(&who.client.id, locale.site.code(), &slugs)
        .await?;
    Ok((StatusCode::OK, Json(references(&app, locale, &list))))
}
