//! The shape of the runtime API's bulk revalidation (`POST /api/content/revalidate`): the
//! generator sends the calls of its last build with the tags it kept, the API answers which
//! still hold. One definition for both sides (runtime-api's `http::revalidate`, the
//! generator's `Fetcher::revalidate`), as `changes` is for the rebuild webhook's keys.

use serde::{Deserialize, Serialize};

/// Where the API answers it.
pub const PATH: &str = "/api/content/revalidate";

/// Calls asked at most in one request (the API refuses more with 400).
pub const MAX_CALLS: usize = 2_000;

/// A content call as the generator made it: its path and query under the API's root
/// (`/api/show/x?language=fr`), and the tag its kept answer came with.
#[derive(Deserialize, Serialize, Debug)]
pub struct Call {
    pub path: String,
    pub etag: String,
}

/// The request's body.
#[derive(Deserialize, Serialize, Debug)]
pub struct Revalidate {
    pub calls: Vec<Call>,
}

/// The answer: `fresh[i]`, the tag of `calls[i]` is still its answer's.
#[derive(Deserialize, Serialize, Debug)]
pub struct Fresh {
    pub fresh: Vec<bool>,
}
