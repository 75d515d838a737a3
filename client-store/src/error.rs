//! The one error type of the store. The API maps each variant to a response: `LimitReached`
//! to the warning alert carrying the limit (spec §8), `NotFound` and `Invalid` to 4xx, and
//! `Backend` to a logged 5xx whose text never reaches the visitor.

/// Why a store operation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The favourite list already holds `limit` cinemas.
    #[error("favourite cinemas limit of {limit} reached")]
    LimitReached { limit: usize },
    /// The client does not exist (writes need the client created by `upsert_client` first).
    #[error("client not found")]
    NotFound,
    /// An input the store refuses to keep (empty, too long, control characters, …).
    #[error("invalid input: {0}")]
    Invalid(String),
    /// The database failed or could not be reached.
    #[error("storage backend error: {0}")]
    Backend(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        if let sqlx::Error::Database(database_error) = &error {
            // The only foreign keys point at `clients`, so a violation means an unknown
            // client; a CHECK violation means a value validation let through.
            if database_error.is_foreign_key_violation() {
                return StoreError::NotFound;
            }
            if database_error.is_check_violation() {
                return StoreError::Invalid(database_error.message().to_string());
            }
        }
        StoreError::Backend(error.to_string())
    }
}
