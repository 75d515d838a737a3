//! The clients this process has seen: a signed-in client's record is written on its first
//! call (from the token's claims, or the provider's userinfo), then read from memory.

use crate::http::error::ApiError;
use crate::providers::{ProviderError, UserInfo};
use client_store::{ClientRecord, ClientStore, NewClient};
use identity::VerifiedClaims;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

/// Records of clients seen by this process: the first call of a client creates or refreshes
/// its record from the token; later calls read it from memory instead of writing each time.
#[derive(Default)]
pub struct KnownClients {
    seen: Mutex<HashMap<String, ClientRecord>>,
}

impl KnownClients {
    /// `userinfo` asks the provider for the email and names when the token has no email
    /// (Auth0's and oidc-provider's access tokens carry none): once per client and process.
    pub async fn ensure<F, Fut>(
        &self,
        store: &Arc<dyn ClientStore>,
        claims: &VerifiedClaims,
        userinfo: F,
    ) -> Result<ClientRecord, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<UserInfo, ProviderError>>,
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
