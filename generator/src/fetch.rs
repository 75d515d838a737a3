//! Fetching from the content API over HTTP: the base URL is all it needs. Requests carry the
//! site's host name (`{site}.localhost`, so one local API serves every site) and the
//! `language` parameter; they run concurrently up to a bound, each with a timeout, and are
//! retried with backoff on network errors and 5xx answers. With a fetch cache (see
//! `fetch_cache`), each call carries the tag of the answer kept from the last build in
//! `If-None-Match`, and a 304 reuses that answer.

use crate::changed_calls::{ContentKey, Touches};
use crate::fetch_cache::{FetchCache, Kept, KeptBy};
use reqwest::StatusCode;
use serde::de::DeserializeOwned;
use site::{Lang, Site};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Requests in flight at once: enough to hide latency, few enough not to swamp the API.
pub const CONCURRENCY: usize = 16;
pub const TIMEOUT: Duration = Duration::from_secs(20);
/// Attempts per URL (the first and two retries).
pub const ATTEMPTS: u32 = 3;
const BACKOFF: Duration = Duration::from_millis(200);
/// Calls and bytes (roughly) in one bulk revalidation: under the API's limits
/// (`site::revalidate::MAX_CALLS`, a 64 KB body).
const REVALIDATE_CALLS: usize = site::revalidate::MAX_CALLS / 2;
const REVALIDATE_BYTES: usize = 48 * 1024;

#[derive(Debug, Clone, thiserror::Error)]
pub enum FetchError {
    #[error("{url}: {reason}")]
    Failed { url: String, reason: String },
}

impl FetchError {
    fn new(url: &str, reason: impl Into<String>) -> FetchError {
        FetchError::Failed {
            url: url.to_string(),
            reason: reason.into(),
        }
    }
}

/// What a detail call answered: the item, or that it does not exist (404) or is gone (410).
pub enum Answer<T> {
    Found(T),
    NotFound,
    Gone,
}

#[derive(Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    base: String,
    /// Host name per site; `{site}.localhost` unless configured otherwise.
    hosts: Arc<dyn Fn(Site) -> String + Send + Sync>,
    permits: Arc<Semaphore>,
    pub requests: Arc<AtomicUsize>,
    pub bytes: Arc<AtomicUsize>,
    /// Calls answered 304 (the kept answer reused), and the bytes those answers hold.
    pub not_modified: Arc<AtomicUsize>,
    pub reused_bytes: Arc<AtomicUsize>,
    cache: Option<Arc<FetchCache>>,
    /// A targeted build (`--changed`): a kept answer these keys do not touch is used as it
    /// is, without asking (see `deps::ContentKey::touches`).
    changed: Option<Arc<Vec<ContentKey>>>,
    /// Kept answers used without asking (targeted builds only).
    pub unasked: Arc<AtomicUsize>,
    /// Answers kept from the last build that were left unread on arrival (`get_lazily`) and
    /// read later because a page needed them.
    pub kept_read: Arc<AtomicUsize>,
    /// Answers kept from the last build left unread on arrival (`get_lazily`).
    pub kept_unread: Arc<AtomicUsize>,
    /// Of `kept_read`, those read from their compact form (`FetchCache::load_compact`).
    pub kept_compact: Arc<AtomicUsize>,
    /// Of `kept_read`, those asked for again: their compact form was all that was kept, and
    /// it could not be read (damaged, or written by another build of the generator and left
    /// unasked by a targeted build).
    pub kept_asked_again: Arc<AtomicUsize>,
    /// Calls whose kept tag the API said still holds, asked in bulk (`revalidate`): host and
    /// URL under the API's root (`FetchCache` keys) to that tag. Used as a 304 without asking.
    fresh: Arc<Mutex<HashMap<(String, String), String>>>,
    /// Of `not_modified`, the answers revalidated in bulk rather than asked one by one.
    pub revalidated: Arc<AtomicUsize>,
    /// Per site (in `Site::ALL` order), a hash of every answer: its URL and body, or its
    /// status when not found or gone. Summed, so the order the answers come in does not matter.
    content: Arc<[AtomicU64; Site::ALL.len()]>,
}

impl Fetcher {
    pub fn new(base: &str) -> anyhow::Result<Fetcher> {
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .pool_max_idle_per_host(CONCURRENCY)
            .build()?;
        Ok(Fetcher {
            client,
            base: base.trim_end_matches('/').to_string(),
            hosts: Arc::new(|site: Site| format!("{}.localhost", site.code())),
            permits: Arc::new(Semaphore::new(CONCURRENCY)),
            requests: Arc::new(AtomicUsize::new(0)),
            bytes: Arc::new(AtomicUsize::new(0)),
            not_modified: Arc::new(AtomicUsize::new(0)),
            reused_bytes: Arc::new(AtomicUsize::new(0)),
            cache: None,
            changed: None,
            unasked: Arc::new(AtomicUsize::new(0)),
            kept_read: Arc::new(AtomicUsize::new(0)),
            kept_compact: Arc::new(AtomicUsize::new(0)),
            kept_asked_again: Arc::new(AtomicUsize::new(0)),
            kept_unread: Arc::new(AtomicUsize::new(0)),
            fresh: Arc::new(Mutex::new(HashMap::new())),
            revalidated: Arc::new(AtomicUsize::new(0)),
            content: Arc::new(std::array::from_fn(|_| AtomicU64::new(0))),
        })
    }

    /// Asks conditionally, keeping answers in `cache` (see `fetch_cache`).
    pub fn with_cache(mut self, cache: Arc<FetchCache>) -> Fetcher {
        self.cache = Some(cache);
        self
    }

    /// Asks only for the answers `changed` touches; the other kept answers are used as they
    /// are (a targeted build: the content API said what changed).
    pub fn only_changed(mut self, changed: Vec<ContentKey>) -> Fetcher {
        self.changed = Some(Arc::new(changed));
        self
    }

    /// Asks the API, in a few requests, which of the last whole build's calls to `site` still
    /// have the answer kept (`POST /api/content/revalidate`, see the runtime API's
    /// `http::revalidate`); those are then used as 304s without asking them one by one. Not in
    /// a targeted build (it asks only what changed), nor without a fetch cache. An API without
    /// the call, or any failure, leaves every call to be asked alone, as before.
    pub async fn revalidate(&self, site: Site) {
        let (Some(cache), None) = (&self.cache, &self.changed) else {
            return;
        };
        let host = (self.hosts)(site);
        let calls = cache.last_calls(&host);
        let url = format!("{}{}", self.base, site::revalidate::PATH);
        let mut start = 0;
        while start < calls.len() {
            // Within the API's body limit (64 KB) and call limit.
            let mut end = start;
            let mut bytes = 0;
            while end < calls.len() && end - start < REVALIDATE_CALLS && bytes < REVALIDATE_BYTES {
                bytes += calls[end].0.len() + calls[end].1.len() + 32;
                end += 1;
            }
            let chunk = &calls[start..end];
            start = end;
            let body = site::revalidate::Revalidate {
                calls: chunk
                    .iter()
                    .map(|(url, etag)| site::revalidate::Call {
                        path: url.clone(),
                        etag: etag.clone(),
                    })
                    .collect(),
            };
            let _permit = self.permits.acquire().await.expect("never closed");
            self.requests.fetch_add(1, Ordering::Relaxed);
            let answer = self
                .client
                .post(&url)
                .header(reqwest::header::HOST, &host)
                .json(&body)
                .send()
                .await;
            let fresh = match answer {
                Ok(response) if response.status().is_success() => {
                    match response.json::<site::revalidate::Fresh>().await {
                        Ok(answer) if answer.fresh.len() == chunk.len() => answer.fresh,
                        _ => return,
                    }
                }
                // No such call (another content API), or it failed: ask one by one.
                _ => return,
            };
            let mut kept = self.fresh.lock().unwrap_or_else(|e| e.into_inner());
            for ((url, etag), fresh) in chunk.iter().zip(fresh) {
                if fresh {
                    kept.insert((host.clone(), url.clone()), etag.clone());
                }
            }
        }
    }

    /// Whether the API said, in bulk, that `etag` is still the answer of this call.
    fn still_fresh(&self, host: &str, key: &str, etag: &str) -> bool {
        let fresh = self.fresh.lock().unwrap_or_else(|e| e.into_inner());
        fresh
            .get(&(host.to_string(), key.to_string()))
            .is_some_and(|t| t == etag)
    }

    /// A hash of everything fetched so far for `site` (see `content`): the same content
    /// answers the same hash, whatever the order of the requests.
    pub fn content_hash(&self, site: Site) -> u64 {
        self.content[site_index(site)].load(Ordering::Relaxed)
    }

    fn record(&self, site: Site, url: &str, body: &[u8]) {
        self.record_as(site, url, b"body", body);
    }

    /// Records an answer by its tag rather than its bytes: a tag names one body of its URL
    /// (RFC 9110), whether the body came with it (200) or was kept (304), so a build with
    /// nothing changed need not read the kept bodies it never uses.
    fn record_tag(&self, site: Site, url: &str, etag: &str) {
        self.record_as(site, url, b"etag", etag.as_bytes());
    }

    fn record_as(&self, site: Site, url: &str, what: &[u8], bytes: &[u8]) {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hasher.update(&(url.len() as u64).to_le_bytes());
        hasher.update(url.as_bytes());
        hasher.update(what);
        hasher.update(bytes);
        self.content[site_index(site)].fetch_add(hasher.digest(), Ordering::Relaxed);
    }

    /// The URL of a content call for a site and language (for messages and reports).
    pub fn url(&self, lang: Option<Lang>, path: &str) -> String {
        let sep = if path.contains('?') { '&' } else { '?' };
        match lang {
            Some(lang) => format!("{}/api{path}{sep}language={}", self.base, lang.code()),
            None => format!("{}/api{path}", self.base),
        }
    }

    /// A call that must succeed.
    pub async fn get<T: DeserializeOwned>(
        &self,
        site: Site,
        lang: Option<Lang>,
        path: impl Into<String>,
    ) -> Result<T, FetchError> {
        self.get_with(site, lang, path, |body| json(body)).await
    }

    /// A call that must succeed, its body read by `parse` (see `get_parsed`).
    pub async fn get_with<T>(
        &self,
        site: Site,
        lang: Option<Lang>,
        path: impl Into<String>,
        parse: impl FnOnce(&[u8]) -> Result<T, serde_json::Error>,
    ) -> Result<T, FetchError> {
        let path = path.into();
        match self.get_parsed(site, lang, path.as_str(), parse).await? {
            Answer::Found(value) => Ok(value),
            Answer::NotFound => Err(FetchError::new(&self.url(lang, &path), "not found (404)")),
            Answer::Gone => Err(FetchError::new(&self.url(lang, &path), "gone (410)")),
        }
    }

    /// A detail call, where 404 and 410 are answers rather than failures.
    pub async fn get_detail<T: DeserializeOwned>(
        &self,
        site: Site,
        lang: Option<Lang>,
        path: impl Into<String>,
    ) -> Result<Answer<T>, FetchError> {
        self.get_parsed(site, lang, path, |body| json(body)).await
    }

    /// A detail call whose body `parse` reads as it likes: it may borrow from the bytes and
    /// keep only what it needs (schedules are read this way, see `schedule`).
    pub async fn get_parsed<T>(
        &self,
        site: Site,
        lang: Option<Lang>,
        path: impl Into<String>,
        parse: impl FnOnce(&[u8]) -> Result<T, serde_json::Error>,
    ) -> Result<Answer<T>, FetchError> {
        let parse = |body: &[u8]| parse(body).map(|value| (value, None));
        let decode = None::<fn(&[u8]) -> Option<T>>;
        Ok(
            match self
                .answer(site, lang, path.into(), parse, decode, false)
                .await?
            {
                Answer::Found(Lazy::Parsed(value)) => Answer::Found(value),
                Answer::Found(Lazy::Kept(_)) => {
                    unreachable!("kept answers are parsed when not lazy")
                }
                Answer::NotFound => Answer::NotFound,
                Answer::Gone => Answer::Gone,
            },
        )
    }

    /// As `get_parsed`, but an answer kept from the last build (a 304, or unasked in a
    /// targeted build) is not read: the build reads it from the fetch cache only if a page
    /// needs it (`KeptAnswer::read`). A rebuild with nothing changed then parses none of the
    /// schedules, most of the bytes a site fetches. `parse` also gives the answer's compact
    /// form, which the cache keeps for `KeptAnswer::read`: instead of the answer when it is
    /// large (`FetchCache::store_compact_only`), else beside it (`FetchCache::store_compact`).
    pub async fn get_lazily<T>(
        &self,
        site: Site,
        lang: Option<Lang>,
        path: impl Into<String>,
        parse: impl FnOnce(&[u8]) -> Result<(T, Option<Vec<u8>>), serde_json::Error>,
    ) -> Result<Answer<Lazy<T>>, FetchError> {
        let decode = None::<fn(&[u8]) -> Option<T>>;
        self.answer(site, lang, path.into(), parse, decode, true)
            .await
    }

    /// A call read now, as `get_with` reads it, whose compact form the cache keeps beside the
    /// answer: an answer kept from the last build is read from that form by `decode` when the
    /// cache has it for the same answer, else by `parse`. Seasons are read this way: every
    /// build needs them, and their compact form is a small part of their JSON.
    pub async fn get_compact<T>(
        &self,
        site: Site,
        lang: Option<Lang>,
        path: impl Into<String>,
        decode: impl FnOnce(&[u8]) -> Option<T>,
        parse: impl FnOnce(&[u8]) -> Result<(T, Option<Vec<u8>>), serde_json::Error>,
    ) -> Result<T, FetchError> {
        let path = path.into();
        match self
            .answer(site, lang, path.clone(), parse, Some(decode), false)
            .await?
        {
            Answer::Found(Lazy::Parsed(value)) => Ok(value),
            Answer::Found(Lazy::Kept(_)) => unreachable!("kept answers are read when not lazy"),
            Answer::NotFound => Err(FetchError::new(&self.url(lang, &path), "not found (404)")),
            Answer::Gone => Err(FetchError::new(&self.url(lang, &path), "gone (410)")),
        }
    }

    /// A kept answer used as it is: left to read later (`lazy`) or read now.
    #[allow(clippy::too_many_arguments)]
    fn use_kept<T>(
        &self,
        site: Site,
        url: &str,
        host: &str,
        key: &str,
        kept: &Kept,
        lazy: bool,
        parse: impl FnOnce(&[u8]) -> Result<(T, Option<Vec<u8>>), serde_json::Error>,
        decode: Option<impl FnOnce(&[u8]) -> Option<T>>,
    ) -> Result<Answer<Lazy<T>>, FetchError> {
        self.record_tag(site, url, &kept.etag);
        let body = || body_of(kept, url);
        match (&self.cache, lazy) {
            (Some(cache), true) => {
                self.kept_unread.fetch_add(1, Ordering::Relaxed);
                Ok(Answer::Found(Lazy::Kept(Box::new(KeptAnswer {
                    cache: cache.clone(),
                    fetcher: self.clone(),
                    runtime: tokio::runtime::Handle::current(),
                    host: host.to_string(),
                    key: key.to_string(),
                    url: url.to_string(),
                    etag: kept.etag.clone(),
                }))))
            }
            (Some(cache), false) if decode.is_some() => {
                let decode = decode.expect("checked above");
                if let Some(value) = cache
                    .load_compact(host, key, &kept.etag)
                    .and_then(|bytes| decode(&bytes))
                {
                    return Ok(Answer::Found(Lazy::Parsed(value)));
                }
                // Only the tag was read, for the compact form: the body now, if the same.
                let whole;
                let kept = match kept.body() {
                    Some(_) => kept,
                    None => {
                        whole = read_whole(cache, host, key, url, &kept.etag)?;
                        &whole
                    }
                };
                let (value, compact) = parse(body_of(kept, url)?)
                    .map_err(|err| FetchError::new(url, format!("malformed JSON: {err}")))?;
                if let Some(compact) = compact {
                    cache.store_compact(host, key, &kept.etag, kept.len, &compact);
                }
                Ok(Answer::Found(Lazy::Parsed(value)))
            }
            _ => parse(body()?)
                .map(|(v, _)| Answer::Found(Lazy::Parsed(v)))
                .map_err(|err| FetchError::new(url, format!("malformed JSON: {err}"))),
        }
    }

    async fn answer<T>(
        &self,
        site: Site,
        lang: Option<Lang>,
        path: String,
        parse: impl FnOnce(&[u8]) -> Result<(T, Option<Vec<u8>>), serde_json::Error>,
        decode: Option<impl FnOnce(&[u8]) -> Option<T>>,
        lazy: bool,
    ) -> Result<Answer<Lazy<T>>, FetchError> {
        let url = self.url(lang, &path);
        let host = (self.hosts)(site);
        let _permit = self
            .permits
            .acquire()
            .await
            .expect("the semaphore is never closed");
        // Kept under the call's path, not the API's address: the same content wherever the
        // API runs (a 304 still checks it, and a targeted build trusts it).
        let key = &url[self.base.len()..];
        // A kept body is read now only when it is parsed now, or when a targeted build must
        // look into it for what changed (its path alone does not say). Otherwise the tag alone:
        // a lazy answer's body is read when a page needs it (`KeptAnswer::read`), and one with
        // a compact form is decoded from that (`use_kept`). A targeted build read every
        // schedule whole, ~60 MB at scale 1, to find what its path already said.
        let must_look = self
            .changed
            .as_ref()
            .is_some_and(|changed| changed.iter().any(|c| c.touches_path(&path).is_none()));
        let whole = (!lazy && decode.is_none()) || must_look;
        let mut kept = self.cache.as_ref().and_then(|c| {
            if whole {
                // An answer kept by its compact form alone has no body to look into: asked
                // with its tag.
                c.load(&host, key)
                    .or_else(|| lazy.then(|| c.load_tag(&host, key)).flatten())
            } else {
                c.load_tag(&host, key)
            }
        });
        // A compact form kept alone answers only a lazy call: a call read now (a season)
        // could not ask again for an answer its form does not give.
        kept = kept.filter(|k| k.by == KeptBy::Body || lazy);
        let mut parse = Some(parse);
        if let (Some(changed), Some(answer)) = (&self.changed, &kept) {
            let touched = |c: &ContentKey| {
                c.touches_path(&path)
                    .unwrap_or_else(|| answer.body().is_none_or(|body| c.touches(&path, body)))
            };
            if !changed.iter().any(touched) {
                self.unasked.fetch_add(1, Ordering::Relaxed);
                let parse = parse.take().expect("parsed once");
                return self.use_kept(site, &url, &host, key, answer, lazy, parse, decode);
            }
        }
        // Past a targeted build's unasked calls (whose page asks again if it needs the answer),
        // a form another build of the generator wrote is no answer to ask with: asked whole.
        kept = kept.filter(|k| k.by != KeptBy::FormOfAnotherBinary);
        if let Some(answer) = kept
            .as_ref()
            .filter(|k| self.changed.is_none() && self.still_fresh(&host, key, &k.etag))
        {
            self.not_modified.fetch_add(1, Ordering::Relaxed);
            self.revalidated.fetch_add(1, Ordering::Relaxed);
            self.reused_bytes.fetch_add(answer.len, Ordering::Relaxed);
            let parse = parse.take().expect("parsed once");
            return self.use_kept(site, &url, &host, key, answer, lazy, parse, decode);
        }
        let reply = self
            .request(&url, &host, kept.as_ref().map(|k| k.etag.as_str()))
            .await?;
        let (etag, body) = match reply {
            Reply::NotModified => {
                let Some(kept) = kept.take() else {
                    return Err(FetchError::new(&url, "304 to a call without a tag"));
                };
                self.not_modified.fetch_add(1, Ordering::Relaxed);
                self.reused_bytes.fetch_add(kept.len, Ordering::Relaxed);
                let parse = parse.take().expect("parsed once");
                return self.use_kept(site, &url, &host, key, &kept, lazy, parse, decode);
            }
            Reply::NotFound => {
                self.record(site, &url, b"404");
                return Ok(Answer::NotFound);
            }
            Reply::Gone => {
                self.record(site, &url, b"410");
                return Ok(Answer::Gone);
            }
            Reply::Body { etag, body } => (etag, body),
        };
        match etag.as_deref() {
            Some(tag) => self.record_tag(site, &url, tag),
            None => self.record(site, &url, &body),
        }
        // Kept only when it reads: a malformed answer is asked for whole next time.
        let parsed = (parse.take().expect("parsed once"))(&body);
        if let (Some(cache), Some(etag), Ok((_, compact))) = (&self.cache, &etag, &parsed) {
            // Kept with the body it was read from: a 200 repeating the kept tag (a server
            // that ignores `If-None-Match`) keeps both as they were.
            if kept.as_ref().is_none_or(|k| &k.etag != etag) {
                match compact {
                    // A large answer read lazily: its compact form alone (see `fetch_cache`).
                    Some(compact) if lazy && body.len() > crate::fetch_pack::SMALL => {
                        cache.store_compact_only(&host, key, etag, &body, compact)
                    }
                    _ => {
                        cache.store(&host, key, etag, &body);
                        if let Some(compact) = compact {
                            cache.store_compact(&host, key, etag, body.len(), compact);
                        }
                    }
                }
            }
        }
        parsed
            .map(|(v, _)| Answer::Found(Lazy::Parsed(v)))
            .map_err(|err| FetchError::new(&url, format!("malformed JSON: {err}")))
    }

    /// One call over HTTP, `If-None-Match: etag` when given; retried with backoff on network
    /// errors and 5xx answers. A body comes with its tag when it has one that can be kept.
    async fn request(
        &self,
        url: &str,
        host: &str,
        etag: Option<&str>,
    ) -> Result<Reply, FetchError> {
        let mut last_error = String::new();
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                tokio::time::sleep(BACKOFF * 4u32.pow(attempt - 1)).await;
            }
            self.requests.fetch_add(1, Ordering::Relaxed);
            let mut request = self.client.get(url).header(reqwest::header::HOST, host);
            if let Some(etag) = etag {
                request = request.header(reqwest::header::IF_NONE_MATCH, etag);
            }
            let response = match request.send().await {
                Ok(response) => response,
                Err(err) => {
                    last_error = describe(&err);
                    continue;
                }
            };
            let status = response.status();
            if status == StatusCode::NOT_MODIFIED && etag.is_some() {
                return Ok(Reply::NotModified);
            }
            if status == StatusCode::NOT_MODIFIED {
                return Err(FetchError::new(url, "304 to a call without a tag"));
            }
            if status == StatusCode::NOT_FOUND {
                return Ok(Reply::NotFound);
            }
            if status == StatusCode::GONE {
                return Ok(Reply::Gone);
            }
            if status.is_server_error() {
                last_error = format!("server error {status}");
                continue;
            }
            if !status.is_success() {
                // 4xx other than 404/410 will not get better by retrying.
                return Err(FetchError::new(url, format!("refused with {status}")));
            }
            let etag = response
                .headers()
                .get(reqwest::header::ETAG)
                .and_then(|t| t.to_str().ok())
                .filter(|t| crate::fetch_cache::is_tag(t))
                .map(str::to_string);
            match response.bytes().await {
                Ok(body) => {
                    self.bytes.fetch_add(body.len(), Ordering::Relaxed);
                    return Ok(Reply::Body { etag, body });
                }
                Err(err) => last_error = describe(&err),
            }
        }
        Err(FetchError::new(
            url,
            format!("failed after {ATTEMPTS} attempts: {last_error}"),
        ))
    }
}

/// What the API answered a call (`Fetcher::request`).
enum Reply {
    NotModified,
    NotFound,
    Gone,
    Body {
        etag: Option<String>,
        body: bytes::Bytes,
    },
}

/// An answer of `Fetcher::get_lazily`: read when it arrived, or kept from the last build
/// and read from the fetch cache when a page needs it.
pub enum Lazy<T> {
    Parsed(T),
    Kept(Box<KeptAnswer>),
}

/// Where an answer kept from the last build is: the fetch cache, which nothing changes
/// during a build (its lock keeps other builds out; pruning comes after the commit).
#[derive(Clone)]
pub struct KeptAnswer {
    cache: Arc<FetchCache>,
    /// To ask for the answer again when its compact form is all that was kept and cannot be
    /// read (`read`), on the build's runtime, which outlives every page.
    fetcher: Fetcher,
    runtime: tokio::runtime::Handle,
    host: String,
    key: String,
    url: String,
    /// The kept answer's tag: its compact form is read only when written for this answer.
    etag: String,
}

impl KeptAnswer {
    /// The kept answer: from its compact form by `decode` when the cache has one for it,
    /// else read by `parse` from the kept JSON, whose compact form is then kept for the next
    /// build; when the compact form was all that was kept, the answer is asked for again.
    /// Called off the runtime's threads (on rayon's, or a blocking task).
    pub fn read<T>(
        &self,
        decode: impl FnOnce(&[u8]) -> Option<T>,
        parse: impl FnOnce(&[u8]) -> Result<(T, Option<Vec<u8>>), serde_json::Error>,
    ) -> Result<T, FetchError> {
        self.fetcher.kept_read.fetch_add(1, Ordering::Relaxed);
        if let Some(value) = self
            .cache
            .load_compact(&self.host, &self.key, &self.etag)
            .and_then(|bytes| decode(&bytes))
        {
            self.fetcher.kept_compact.fetch_add(1, Ordering::Relaxed);
            return Ok(value);
        }
        let malformed =
            |err: serde_json::Error| FetchError::new(&self.url, format!("malformed JSON: {err}"));
        if let Some(kept) = self.cache.load(&self.host, &self.key) {
            let (value, compact) = parse(body_of(&kept, &self.url)?).map_err(malformed)?;
            if let Some(compact) = compact.filter(|_| kept.etag == self.etag) {
                self.cache
                    .store_compact(&self.host, &self.key, &self.etag, kept.len, &compact);
            }
            return Ok(value);
        }
        self.fetcher
            .kept_asked_again
            .fetch_add(1, Ordering::Relaxed);
        let reply = self.runtime.block_on(async {
            // Within the fetch's bound, as every call: the next site may be fetching.
            let _permit = self
                .fetcher
                .permits
                .acquire()
                .await
                .expect("the semaphore is never closed");
            self.fetcher.request(&self.url, &self.host, None).await
        })?;
        let (etag, body) = match reply {
            Reply::Body { etag, body } => (etag, body),
            Reply::NotFound | Reply::Gone => {
                return Err(FetchError::new(
                    &self.url,
                    "gone since the last build, whose answer could not be read again",
                ))
            }
            Reply::NotModified => unreachable!("asked without a tag"),
        };
        let (value, compact) = parse(&body).map_err(malformed)?;
        if let (Some(etag), Some(compact)) = (etag, compact) {
            self.cache
                .store_compact_only(&self.host, &self.key, &etag, &body, &compact);
        }
        Ok(value)
    }
}

/// A kept answer's file read whole (its body was left unread on arrival), when it is still
/// the answer tagged `tag`.
fn read_whole(
    cache: &FetchCache,
    host: &str,
    key: &str,
    url: &str,
    tag: &str,
) -> Result<Kept, FetchError> {
    cache
        .load(host, key)
        .filter(|whole| whole.etag == tag)
        .ok_or_else(|| {
            FetchError::new(url, "the kept answer left the fetch cache during the build")
        })
}

fn body_of<'k>(kept: &'k Kept, url: &str) -> Result<&'k [u8], FetchError> {
    kept.body()
        .ok_or_else(|| FetchError::new(url, "the kept answer was read without its body"))
}

fn site_index(site: Site) -> usize {
    Site::ALL
        .iter()
        .position(|s| *s == site)
        .expect("every site is in Site::ALL")
}

fn describe(err: &reqwest::Error) -> String {
    if err.is_timeout() {
        format!("timed out after {}s", TIMEOUT.as_secs())
    } else if err.is_connect() {
        "could not connect".to_string()
    } else {
        err.to_string()
    }
}

/// An answer's JSON read into `T`: its UTF-8 checked once, in one pass, rather than string by
/// string as `serde_json::from_slice` does (most of an answer is strings).
pub fn json<'a, T: serde::Deserialize<'a>>(body: &'a [u8]) -> Result<T, serde_json::Error> {
    let text = std::str::from_utf8(body).map_err(serde::de::Error::custom)?;
    serde_json::from_str(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kept answer without a compact form (kept by another generator binary) is read from its
    /// JSON once, which keeps its compact form; the next read takes that. A form is never
    /// written for a kept file whose tag is not the one the build used.
    #[test]
    fn a_kept_answer_is_read_from_its_json_once_then_from_its_compact_form() {
        let dir = std::env::temp_dir().join(format!("kept-answer-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = Arc::new(FetchCache::open(dir.clone()).expect("cache"));
        cache.store("fr.localhost", "/cinema/a/shows", "\"t1\"", b"[1,2]");
        // Nothing listens there: the answer is never asked for again in this test.
        let fetcher = Fetcher::new("http://127.0.0.1:9")
            .expect("fetcher")
            .with_cache(cache.clone());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let kept = |etag: &str| KeptAnswer {
            cache: cache.clone(),
            fetcher: fetcher.clone(),
            runtime: runtime.handle().clone(),
            host: "fr.localhost".into(),
            key: "/cinema/a/shows".into(),
            url: "http://api/cinema/a/shows".into(),
            etag: etag.into(),
        };
        let parse = |body: &[u8]| -> Result<(Vec<u8>, Option<Vec<u8>>), serde_json::Error> {
            let list: Vec<u8> = serde_json::from_slice(body)?;
            Ok((list.clone(), Some(list)))
        };
        let decode = |bytes: &[u8]| Some(bytes.iter().map(|b| b + 100).collect::<Vec<u8>>());

        // Another tag than the kept file's (never in a build: the lock keeps the cache still):
        // read from the JSON, no form kept for it.
        let other = kept("\"t0\"");
        assert_eq!(other.read(decode, parse).unwrap(), vec![1, 2]);
        assert!(cache
            .load_compact("fr.localhost", "/cinema/a/shows", "\"t1\"")
            .is_none());

        let answer = kept("\"t1\"");
        assert_eq!(answer.read(decode, parse).unwrap(), vec![1, 2]);
        assert_eq!(fetcher.kept_compact.load(Ordering::Relaxed), 0);
        // Now from the compact form (`decode` marks what it read).
        assert_eq!(answer.read(decode, parse).unwrap(), vec![101, 102]);
        assert_eq!(fetcher.kept_read.load(Ordering::Relaxed), 3);
        assert_eq!(fetcher.kept_compact.load(Ordering::Relaxed), 1);
        assert_eq!(fetcher.kept_asked_again.load(Ordering::Relaxed), 0);
        // A compact form that does not decode falls back to the JSON.
        assert_eq!(answer.read(|_| None::<Vec<u8>>, parse).unwrap(), vec![1, 2]);
        // JSON that does not read fails with the call's address.
        cache.store("fr.localhost", "/cinema/a/shows", "\"t2\"", b"[1,");
        let err = kept("\"t2\"").read(decode, parse).unwrap_err();
        assert!(
            format!("{err}").contains("http://api/cinema/a/shows"),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
