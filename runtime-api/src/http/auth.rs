//! The signed-in client of a request: a bearer token checked by the identity verifier (spec
//! §5), then the client's record, created on its first call from the token's claims.

use crate::app::AppState;
use crate::http::error::ApiError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use client_store::{ClientRecord, NewClient};
use identity::VerifiedClaims;

pub struct SignedIn {
    pub claims: VerifiedClaims,
    pub client: ClientRecord,
}

impl SignedIn {
    /// A client touches only its own data: the `{id}` of a path must be the token's subject.
    pub fn must_be(&self, id: &str) -> Result<(), ApiError> {
        if self.claims.sub == id {
            Ok(())
        } else {
            Err(ApiError::Forbidden(
                "this token's client cannot act for another client".into(),
            ))
        }
    }
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = match parts.headers.get(axum::http::header::AUTHORIZATION) {
            None => {
                return Err(ApiError::Unauthorized {
                    code: "missing_token",
                    message: "a bearer token is required".into(),
                })
            }
            Some(_) => {
                identity::bearer_token(&parts.headers).ok_or_else(|| ApiError::Unauthorized {
                    code: "invalid_token",
                    message: "Invalid token specified: expected `Authorization: Bearer <token>`"
                        .into(),
                })?
            }
        };
        let host = parts
            .headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let site = app
            .sites
            .resolve(host)
            .ok_or_else(|| ApiError::UnknownSite(host.to_string()))?;
        let provider = app.live()?.providers.site(site);
        let claims = provider.verify(token).await.map_err(|e| {
            if e.is_unavailable() {
                ApiError::Unavailable(format!("the identity provider's keys are unavailable: {e}"))
            } else {
                ApiError::Unauthorized {
                    code: e.code(),
                    message: format!("Invalid token specified: {e}"),
                }
            }
        })?;
        let client = app
            .live()?
            .clients
            .ensure(&app.live()?.store, &claims, || {
                provider.userinfo(token, &claims.sub)
            })
            .await?;
        Ok(SignedIn { claims, client })
    }
}

/// Records of clients seen by this process: the first call of a client creates or refreshes
/// its record from the token; later calls read it from memory instead of writing each time.
#[derive(Default)]
pub struct KnownClients {
    seen: std::sync::Mutex<std::collections::HashMap<String, ClientRecord>>,
}

impl KnownClients {
    /// `userinfo` asks the provider for the email and names when the token has no email
    /// (Auth0's and oidc-provider's access tokens carry none): once per client and process.
    pub async fn ensure<F, Fut>(
        &self,
        store: &std::sync::Arc<dyn client_store::ClientStore>,
        claims: &VerifiedClaims,
        userinfo: F,
    ) -> Result<ClientRecord, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<
            Output = Result<crate::providers::UserInfo, crate::providers::ProviderError>,
        >,
    {
        if let Some(known) = self
            .seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&claims.sub)
        {
            if claims.email.as_deref().is_none_or(|e| e == known.email) {
                return Ok(known.clone());
            }
        }
        let mut new = NewClient {
            id: claims.sub.clone(),
            email: claims.email.clone().unwrap_or_default(),
            first_name: claims.given_name.clone().unwrap_or_default(),
            last_name: claims.family_name.clone().unwrap_or_default(),
        };
        if claims.email.is_none() {
            // Without the provider's word, the client is still served (with no email yet).
            match userinfo().await {
                Ok(info) => {
                    new.email = info.email.unwrap_or_default();
                    new.first_name = info.given_name.unwrap_or(new.first_name);
                    new.last_name = info.family_name.unwrap_or(new.last_name);
                }
                Err(error) => {
                    tracing::warn!(%error, "userinfo unavailable: the client record has no email yet")
                }
            }
        }
        let record = store.upsert_client(&new).await?;
        self.remember(record.clone());
        Ok(record)
    }

    /// Keeps a record as just written (after a change of its flags).
    pub fn remember(&self, record: ClientRecord) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        // Bounded: a process serving many clients re-reads some, it never grows without end.
        if seen.len() > 100_000 {
            seen.clear();
        }
        seen.insert(record.id.clone(), record);
    }
}
