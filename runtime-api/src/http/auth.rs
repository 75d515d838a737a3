//! The signed-in client of a request: a bearer token checked by the identity verifier (spec
//! §5), then the client's record, created on its first call from the token's claims.

use crate::http::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use client_store::ClientRecord;
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
