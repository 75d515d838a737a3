//! Signed-in clients, the account payload read from the accounts API, token claims and
//! feelings (spec §3 Client, Account payload, Feelings; §7 Client calls).
//!
//! Naming: the spec's "mail-communication flag" is `mailCommunication` (the newsletter flag
//! on the FR site; other sites use `sendNewsletter`).

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Newsletter and cinema-pass subscription states of a client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct ClientSubscriptions {
    pub newsletter: bool,
    pub cinepass: bool,
}

/// A scheduled downgrade of a subscription plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Downgrade {
    pub plan: String,
    pub execution_date: NaiveDate,
}

/// A client's subscription plan and what they may change.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ClientSubscription {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_plan: Option<String>,
    /// Plan ids the client may change to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eligible_changes: Vec<String>,
    #[serde(default)]
    pub eligible_re_subscription: bool,
    #[serde(default)]
    pub eligible_for_addon_change: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub downgrade: Option<Downgrade>,
}

/// The signed-in client as the site uses it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Client {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// Photo URL; absent or the default placeholder means "show initials".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avatar: Option<String>,
    /// Two initials, from the last and first name.
    #[serde(default)]
    pub avatar_fallback: String,
    /// Cinema slugs, most recent first.
    #[serde(default)]
    pub favorite_cinemas: Vec<String>,
    #[serde(default)]
    pub registered: bool,
    #[serde(default)]
    pub email_verify: bool,
    #[serde(default)]
    pub first_login: bool,
    #[serde(default)]
    pub send_newsletter: bool,
    #[serde(default)]
    pub mail_communication: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty_level: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinepass_type: Option<String>,
    #[serde(default)]
    pub subscriptions: ClientSubscriptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription: Option<ClientSubscription>,
}

/// Subscription block of the account payload.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AccountSubscription {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_plan: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eligible_changes: Vec<String>,
    #[serde(default)]
    pub eligible_re_subscription: bool,
    #[serde(default)]
    pub eligible_for_addon_change: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_lead_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_plan: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_plan_execution_date: Option<NaiveDate>,
}

/// The account read from the server (`accounts/me`). `icu` is the client id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AccountPayload {
    pub icu: String,
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(default)]
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_url: Option<String>,
    #[serde(default)]
    pub newsletter_subscription: bool,
    #[serde(default)]
    pub cinepass_subscription: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinepass_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription: Option<AccountSubscription>,
    #[serde(default)]
    pub registered: bool,
    #[serde(default)]
    pub email_verify: bool,
    #[serde(default)]
    pub first_login: bool,
    #[serde(default)]
    pub mail_communication: bool,
    #[serde(default)]
    pub send_newsletter: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty_level: Option<String>,
}

/// A favourite cinema as `accounts/me/cinemas` lists it (`codeCcs` is the cinema reference).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AccountCinema {
    pub code_ccs: String,
}

/// Body of PATCH / DELETE `accounts/me/cinemas`: cinema references.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AccountCinemasBody {
    pub cinemas: Vec<String>,
}

/// Claims of a token-based client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TokenClient {
    pub sub: String,
    #[serde(default)]
    pub iss: String,
    #[serde(default)]
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family_name: Option<String>,
}

/// A client's rating of a show.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Emotion {
    Disappointed,
    Liked,
    Loved,
}

/// A client's wish list (show slugs) and emotions (show slug → emotion).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Feelings {
    #[serde(default)]
    pub wishlist: Vec<String>,
    #[serde(default)]
    pub emotions: BTreeMap<String, Emotion>,
}

/// Body of POST `/client/{id}/shows`.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FeelingsRequest {
    pub show_slugs: Vec<String>,
}

/// Body of POST `/client/{id}/show/{slug}/intention` (intention defaults to 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct IntentionRequest {
    #[serde(default = "default_intention")]
    pub intention: u8,
    #[serde(default)]
    pub is_delete: bool,
}

fn default_intention() -> u8 {
    2
}

/// Body of POST `/client/{id}/show/{slug}/emotion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EmotionRequest {
    pub emotion: Emotion,
    #[serde(default)]
    pub is_delete: bool,
}

/// Answer of `webview` (spec §4, §7): where the identity frame signs a visitor in or up, and
/// the OpenID provider the islands run the authorization-code flow with (PKCE) for this site.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AuthEndpoints {
    /// The provider's authorization endpoint (the sign-in frame opens it with the request).
    pub url_login: String,
    /// The same endpoint: sign-up adds [`IdentityProvider::signup_hint`] to the request.
    pub url_signup: String,
    pub provider: IdentityProvider,
}

/// One site's OpenID provider, as its configuration and the provider's discovery document
/// say. Nothing secret: a browser client is public (PKCE, no client secret).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct IdentityProvider {
    /// Exact `iss` of the provider's tokens.
    pub issuer: String,
    /// The site's client id at the provider (the ID token's audience).
    pub client_id: String,
    /// The API the access token is for (sent as `audience`, as Auth0 expects), if any.
    pub audience: Option<String>,
    /// Organization the client must belong to (`organization` in the request, `org_id` or
    /// `org_name` in the ID token), if any.
    pub organization: Option<String>,
    pub authorization_endpoint: String,
    pub token_endpoint: String,
    /// Where sign-out ends the provider's session (RP-initiated logout), if it has one.
    pub end_session_endpoint: Option<String>,
    pub jwks_uri: String,
    /// Scopes asked for (`offline_access` for refresh tokens).
    pub scope: String,
    /// Query parameter a sign-up adds, as `name=value` (`prompt=create`, `screen_hint=signup`).
    pub signup_hint: String,
    /// Navigate to the provider instead of opening it in a frame over the page.
    pub redirect: bool,
    /// Ask the provider to end the federated (social) session too at sign-out.
    pub federated_logout: bool,
    /// The site's sign-in return page in this language (`/callback`, `/nl/callback`…): the
    /// redirect URI is the site's origin followed by this path.
    pub callback_path: String,
}
