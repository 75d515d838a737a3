//! `generator publish --from OUT --to s3://BUCKET/PREFIX` (or `--to DIR`): copies the site
//! folders of a build (`OUT/{site}/…`, never the build's own top-level files) to a CDN origin.
//!
//! Only what differs is sent: the destination is listed and each object compared with the
//! build by content (the listing's ETag, an MD5 for a plain upload; where a server lists no
//! ETag, the object's `x-amz-meta-sha256`). The order keeps the origin consistent at every
//! moment: assets (everything that is not a page) first, pages next, removals last. The first
//! failure stops the run with the key named and a non-zero exit; the destination is the truth,
//! so the next run sends what is still missing. See docs/operations.md "Publishing".

use crate::compress;
use anyhow::{bail, Context};
use futures_util::StreamExt as _;
use md5::Digest as _;
use rusty_s3::{Bucket, Credentials, S3Action as _, UrlStyle};
use sha2::Digest as _;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::Args, Clone, Debug)]
pub struct PublishOptions {
    /// The build's output folder; only its site folders (`{site}/…`) are published.
    #[arg(long, default_value = "out")]
    pub from: PathBuf,
    /// `s3://BUCKET/PREFIX` (endpoint, region and credentials from the AWS_* environment
    /// variables), or a folder.
    #[arg(long)]
    pub to: String,
    /// Requests in flight at once within a step (assets, pages, removals).
    #[arg(long, default_value_t = 8)]
    pub jobs: usize,
}

/// Cache-Control of the hashed assets (`{site}/assets/…`: their names change with their bytes).
pub const CACHE_IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache-Control of everything else: pages and unhashed files change under the same name.
pub const CACHE_SHORT: &str = "public, max-age=300, stale-while-revalidate=3600";
/// The metadata holding the SHA-256 (hex) of an object's bytes.
pub const HASH_METADATA: &str = "x-amz-meta-sha256";

/// What one publish did; `steps` lists the keys sent and removed, in order.
#[derive(Debug, Default, serde::Serialize)]
pub struct PublishReport {
    pub uploaded: usize,
    pub uploaded_assets: usize,
    pub uploaded_pages: usize,
    pub uploaded_bytes: u64,
    pub unchanged: usize,
    pub deleted: usize,
    pub ms: u128,
    #[serde(skip)]
    pub steps: Vec<(Step, String)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub enum Step {
    Asset,
    Page,
    Removal,
}

/// One file of the build: its key below the destination's prefix and its bytes' hashes.
#[derive(Clone, Debug)]
struct Local {
    rel: String,
    path: PathBuf,
    sha256: String,
    md5: String,
    size: u64,
}

impl Local {
    fn step(&self) -> Step {
        let original = compress::SUFFIXES
            .iter()
            .find_map(|s| {
                self.rel
                    .strip_suffix(s)
                    .filter(|o| compress::compressible(o))
            })
            .unwrap_or(&self.rel);
        if original.ends_with(".html") {
            Step::Page
        } else {
            Step::Asset
        }
    }
}

/// What the destination holds for a key: its size, and the hashes it tells.
#[derive(Clone, Debug, Default)]
struct Remote {
    size: u64,
    md5: Option<String>,
}

pub fn publish(options: &PublishOptions) -> anyhow::Result<PublishReport> {
    let started = Instant::now();
    let locals = read_build(&options.from)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let mut report = match options.to.strip_prefix("s3://") {
        Some(target) => {
            let s3 = S3::from_env(target)?;
            runtime.block_on(s3.publish(&locals, options.jobs.max(1)))?
        }
        None => publish_to_dir(&locals, &options.from, Path::new(&options.to))?,
    };
    report.ms = started.elapsed().as_millis();
    Ok(report)
}

/// Every file under the build's site folders, keyed `{site}/…`, with its hashes.
fn read_build(from: &Path) -> anyhow::Result<BTreeMap<String, Local>> {
    let sites: BTreeSet<&str> = site::Site::ALL.iter().map(|s| s.code()).collect();
    let mut files = Vec::new();
    let entries =
        std::fs::read_dir(from).with_context(|| format!("reading the build {}", from.display()))?;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        // Site folders only: nginx.conf, the build's report, manifest and metrics stay home.
        if !entry.file_type()?.is_dir() || !sites.contains(name) {
            continue;
        }
        for file in walkdir::WalkDir::new(entry.path()) {
            let file = file?;
            if !file.file_type().is_file() {
                continue;
            }
            let rel = file
                .path()
                .strip_prefix(from)
                .expect("walked below it")
                .to_str()
                .with_context(|| {
                    format!("a file name that is not UTF-8: {}", file.path().display())
                })?
                .replace('\\', "/");
            files.push((rel, file.path().to_path_buf()));
        }
    }
    if files.is_empty() {
        bail!(
            "{} holds no site folder: build first (generator build --out {})",
            from.display(),
            from.display()
        );
    }
    use rayon::prelude::*;
    files
        .into_par_iter()
        .map(|(rel, path)| {
            let bytes =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            Ok((
                rel.clone(),
                Local {
                    rel,
                    sha256: hex(&sha2::Sha256::digest(&bytes)),
                    md5: hex(&md5::Md5::digest(&bytes)),
                    size: bytes.len() as u64,
                    path,
                },
            ))
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The headers of an object: Content-Type (the original's for a `.gz`/`.br` sibling, with its
/// Content-Encoding), Cache-Control, and the content hash.
pub fn object_headers(rel: &str, sha256: &str) -> Vec<(&'static str, String)> {
    let (original, encoding) = match compress::SUFFIXES.iter().find_map(|s| {
        rel.strip_suffix(s)
            .filter(|o| compress::compressible(o))
            .map(|o| (o, *s))
    }) {
        Some((original, ".gz")) => (original, Some("gzip")),
        Some((original, _)) => (original, Some("br")),
        None => (rel, None),
    };
    let hashed = original
        .split_once('/')
        .is_some_and(|(_, rest)| rest.starts_with("assets/"));
    let mut headers = vec![
        ("content-type", content_type(original).to_string()),
        (
            "cache-control",
            if hashed { CACHE_IMMUTABLE } else { CACHE_SHORT }.to_string(),
        ),
    ];
    if let Some(encoding) = encoding {
        headers.push(("content-encoding", encoding.to_string()));
    }
    headers.push((HASH_METADATA, sha256.to_string()));
    headers
}

pub fn content_type(rel: &str) -> &'static str {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let ext = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        // The calendar feeds (issue 17).
        "ics" => "text/calendar; charset=utf-8",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        // `_redirects`, `_headers`: rules for the origin, plain text.
        "" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The work of a publish: uploads by step (assets, then pages), then removals.
struct Plan<'a> {
    assets: Vec<&'a Local>,
    pages: Vec<&'a Local>,
    removals: Vec<String>,
    unchanged: usize,
}

fn plan<'a>(
    locals: &'a BTreeMap<String, Local>,
    remote: &BTreeMap<String, Remote>,
    same: impl Fn(&Local, &Remote) -> bool,
) -> Plan<'a> {
    let mut plan = Plan {
        assets: Vec::new(),
        pages: Vec::new(),
        removals: Vec::new(),
        unchanged: 0,
    };
    for local in locals.values() {
        match remote.get(&local.rel) {
            Some(r) if r.size == local.size && same(local, r) => plan.unchanged += 1,
            _ => match local.step() {
                Step::Asset => plan.assets.push(local),
                _ => plan.pages.push(local),
            },
        }
    }
    // Removed pages first, then the assets only they used.
    let mut removals: Vec<&String> = remote.keys().filter(|k| !locals.contains_key(*k)).collect();
    removals.sort_by_key(|k| {
        let page = k.ends_with(".html") || k.contains(".html.");
        (!page, k.to_string())
    });
    plan.removals = removals.into_iter().cloned().collect();
    plan
}

// ---------------------------------------------------------------------------------------------
// S3

struct S3 {
    bucket: Bucket,
    credentials: Credentials,
    /// Key prefix, empty or ending with `/`.
    prefix: String,
    client: reqwest::Client,
}

/// How long a signed request stays valid (it is signed right before it is sent).
const SIGNED_FOR: Duration = Duration::from_secs(900);

impl S3 {
    /// `BUCKET/PREFIX` and the environment as the AWS tools read it: `AWS_ENDPOINT_URL_S3` or
    /// `AWS_ENDPOINT_URL` (a custom endpoint, addressed path-style), `AWS_REGION` or
    /// `AWS_DEFAULT_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`.
    fn from_env(target: &str) -> anyhow::Result<S3> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let (bucket, prefix) = target.split_once('/').unwrap_or((target, ""));
        if bucket.is_empty() {
            bail!("s3://BUCKET/PREFIX: the bucket is missing in s3://{target}");
        }
        let prefix = prefix.trim_matches('/');
        let prefix = if prefix.is_empty() {
            String::new()
        } else {
            format!("{prefix}/")
        };
        let region = var("AWS_REGION")
            .or_else(|| var("AWS_DEFAULT_REGION"))
            .unwrap_or_else(|| "us-east-1".to_string());
        let (endpoint, style) = match var("AWS_ENDPOINT_URL_S3").or_else(|| var("AWS_ENDPOINT_URL"))
        {
            Some(url) => (url, UrlStyle::Path),
            None => (
                format!("https://s3.{region}.amazonaws.com"),
                UrlStyle::VirtualHost,
            ),
        };
        let endpoint = endpoint
            .parse()
            .with_context(|| format!("the S3 endpoint {endpoint:?}"))?;
        let bucket = Bucket::new(endpoint, style, bucket.to_string(), region)
            .map_err(|e| anyhow::anyhow!("the bucket {bucket:?}: {e}"))?;
        let (Some(key), Some(secret)) = (var("AWS_ACCESS_KEY_ID"), var("AWS_SECRET_ACCESS_KEY"))
        else {
            bail!("no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones)");
        };
        let credentials = match var("AWS_SESSION_TOKEN") {
            Some(token) => Credentials::new_with_token(key, secret, token),
            None => Credentials::new(key, secret),
        };
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(120))
            .build()?;
        Ok(S3 {
            bucket,
            credentials,
            prefix,
            client,
        })
    }

    async fn publish(
        &self,
        locals: &BTreeMap<String, Local>,
        jobs: usize,
    ) -> anyhow::Result<PublishReport> {
        let remote = self.list().await?;
        // A server that lists no ETag (or a multipart one): the object's own hash metadata.
        let unknown: Vec<&String> = remote
            .iter()
            .filter(|(k, r)| r.md5.is_none() && locals.get(*k).is_some_and(|l| l.size == r.size))
            .map(|(k, _)| k)
            .collect();
        let told: BTreeMap<String, Option<String>> =
            futures_util::stream::iter(unknown)
                .map(|rel| async move {
                    Ok::<_, anyhow::Error>((rel.clone(), self.head_hash(rel).await?))
                })
                .buffer_unordered(jobs)
                .collect::<Vec<_>>()
                .await
                .into_iter()
                .collect::<anyhow::Result<_>>()?;
        let plan = plan(locals, &remote, |local, r| match &r.md5 {
            Some(md5) => *md5 == local.md5,
            None => told.get(&local.rel).and_then(|h| h.as_deref()) == Some(local.sha256.as_str()),
        });
        let mut report = PublishReport {
            unchanged: plan.unchanged,
            ..PublishReport::default()
        };
        for (step, files) in [(Step::Asset, &plan.assets), (Step::Page, &plan.pages)] {
            let mut sent = futures_util::stream::iter(files.iter().copied())
                .map(|local| async move { (local, self.put(local).await) })
                .buffer_unordered(jobs);
            while let Some((local, result)) = sent.next().await {
                result.with_context(|| {
                    format!("publishing stopped at {}{}", self.prefix, local.rel)
                })?;
                report.uploaded += 1;
                report.uploaded_bytes += local.size;
                match step {
                    Step::Asset => report.uploaded_assets += 1,
                    _ => report.uploaded_pages += 1,
                }
                report.steps.push((step, local.rel.clone()));
            }
        }
        let mut removed = futures_util::stream::iter(plan.removals.iter())
            .map(|rel| async move { (rel, self.delete(rel).await) })
            .buffer_unordered(jobs);
        while let Some((rel, result)) = removed.next().await {
            result
                .with_context(|| format!("publishing stopped at removing {}{rel}", self.prefix))?;
            report.deleted += 1;
            report.steps.push((Step::Removal, rel.clone()));
        }
        Ok(report)
    }

    /// Every object under the prefix, keyed without it.
    async fn list(&self) -> anyhow::Result<BTreeMap<String, Remote>> {
        let mut objects = BTreeMap::new();
        let mut token: Option<String> = None;
        loop {
            let mut action = self.bucket.list_objects_v2(Some(&self.credentials));
            if !self.prefix.is_empty() {
                action.with_prefix(self.prefix.as_str());
            }
            if let Some(token) = &token {
                action.with_continuation_token(token.clone());
            }
            let url = action.sign(SIGNED_FOR);
            let answer = self
                .client
                .get(url)
                .send()
                .await
                .map_err(reqwest::Error::without_url)
                .with_context(|| format!("listing s3://{}/{}", self.bucket.name(), self.prefix))?;
            let status = answer.status();
            let body = answer.text().await?;
            if !status.is_success() {
                bail!(
                    "listing s3://{}/{}: {status} {}",
                    self.bucket.name(),
                    self.prefix,
                    s3_error(&body)
                );
            }
            let page = parse_listing(&body);
            for (key, remote) in page.objects {
                if let Some(rel) = key.strip_prefix(self.prefix.as_str()) {
                    objects.insert(rel.to_string(), remote);
                }
            }
            match page.next {
                Some(next) if page.truncated => token = Some(next),
                _ => break,
            }
        }
        Ok(objects)
    }

    async fn head_hash(&self, rel: &str) -> anyhow::Result<Option<String>> {
        let key = format!("{}{rel}", self.prefix);
        let url = self
            .bucket
            .head_object(Some(&self.credentials), &key)
            .sign(SIGNED_FOR);
        let answer = self
            .client
            .head(url)
            .send()
            .await
            .map_err(reqwest::Error::without_url)
            .with_context(|| format!("reading {key}"))?;
        if !answer.status().is_success() {
            return Ok(None);
        }
        Ok(answer
            .headers()
            .get(HASH_METADATA)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string))
    }

    async fn put(&self, local: &Local) -> anyhow::Result<()> {
        let bytes = tokio::fs::read(&local.path)
            .await
            .with_context(|| format!("reading {}", local.path.display()))?;
        let key = format!("{}{}", self.prefix, local.rel);
        let headers = object_headers(&local.rel, &local.sha256);
        let mut action = self.bucket.put_object(Some(&self.credentials), &key);
        for (name, value) in &headers {
            action.headers_mut().insert(*name, value.clone());
        }
        let url = action.sign(SIGNED_FOR);
        let mut request = self.client.put(url).body(bytes);
        for (name, value) in &headers {
            request = request.header(*name, value);
        }
        // Without the URL: a signed one in a log is a short-lived permission.
        let answer = request.send().await.map_err(reqwest::Error::without_url)?;
        let status = answer.status();
        if !status.is_success() {
            let body = answer.text().await.unwrap_or_default();
            bail!("{status} {}", s3_error(&body));
        }
        Ok(())
    }

    async fn delete(&self, rel: &str) -> anyhow::Result<()> {
        let key = format!("{}{rel}", self.prefix);
        let url = self
            .bucket
            .delete_object(Some(&self.credentials), &key)
            .sign(SIGNED_FOR);
        let answer = self
            .client
            .delete(url)
            .send()
            .await
            .map_err(reqwest::Error::without_url)?;
        let status = answer.status();
        if !status.is_success() && status != reqwest::StatusCode::NOT_FOUND {
            let body = answer.text().await.unwrap_or_default();
            bail!("{status} {}", s3_error(&body));
        }
        Ok(())
    }
}

/// The `Code: Message` of an S3 error document, or its first characters.
fn s3_error(body: &str) -> String {
    match (tag(body, "Code"), tag(body, "Message")) {
        (Some(code), Some(message)) => format!("{code}: {message}"),
        (Some(code), None) => code,
        _ => body.chars().take(200).collect(),
    }
}

struct Listing {
    objects: Vec<(String, Remote)>,
    truncated: bool,
    next: Option<String>,
}

/// A ListObjectsV2 answer, read by its few tags (some servers leave out ETag or LastModified,
/// which a strict parser refuses). Keys are percent-decoded when the answer says
/// `EncodingType` url (asked for by the request).
fn parse_listing(body: &str) -> Listing {
    let url_encoded = tag(body, "EncodingType").as_deref() == Some("url");
    let mut objects = Vec::new();
    let mut rest = body;
    while let Some(start) = rest.find("<Contents>") {
        let after = &rest[start + "<Contents>".len()..];
        let end = after.find("</Contents>").unwrap_or(after.len());
        let item = &after[..end];
        rest = &after[end..];
        let Some(mut key) = tag(item, "Key") else {
            continue;
        };
        if url_encoded {
            key = percent_encoding::percent_decode_str(&key)
                .decode_utf8_lossy()
                .into_owned();
        }
        let md5 = tag(item, "ETag")
            .map(|e| e.trim_matches('"').to_ascii_lowercase())
            .filter(|e| e.len() == 32 && e.bytes().all(|b| b.is_ascii_hexdigit()));
        let size = tag(item, "Size").and_then(|s| s.parse().ok()).unwrap_or(0);
        objects.push((key, Remote { size, md5 }));
    }
    Listing {
        objects,
        truncated: tag(body, "IsTruncated").as_deref() == Some("true"),
        next: tag(body, "NextContinuationToken"),
    }
}

/// The text of the first `<name>…</name>` in `xml`, unescaped.
fn tag(xml: &str, name: &str) -> Option<String> {
    let open = format!("<{name}>");
    let start = xml.find(&open)? + open.len();
    let end = xml[start..].find(&format!("</{name}>"))? + start;
    Some(
        xml[start..end]
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&#34;", "\"")
            .replace("&amp;", "&"),
    )
}

// ---------------------------------------------------------------------------------------------
// A folder

/// The same steps on a folder: each file written to a temporary name and renamed over its
/// place (a reader never sees half a file), assets before pages, removals last.
fn publish_to_dir(
    locals: &BTreeMap<String, Local>,
    from: &Path,
    to: &Path,
) -> anyhow::Result<PublishReport> {
    let from_abs = from.canonicalize()?;
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    let to_abs = to.canonicalize()?;
    if to_abs.starts_with(&from_abs) || from_abs.starts_with(&to_abs) {
        bail!(
            "--to {} and --from {} overlap: publish into another folder",
            to.display(),
            from.display()
        );
    }
    let mut remote = BTreeMap::new();
    let mut hashes = BTreeMap::new();
    for entry in walkdir::WalkDir::new(to) {
        let entry = entry?;
        if !entry.file_type().is_file() {
            continue;
        }
        let Some(rel) = entry
            .path()
            .strip_prefix(to)
            .ok()
            .and_then(|r| r.to_str())
            .map(|r| r.replace('\\', "/"))
        else {
            continue;
        };
        let size = entry.metadata()?.len();
        if locals.get(&rel).is_some_and(|l| l.size == size) {
            let bytes = std::fs::read(entry.path())?;
            hashes.insert(rel.clone(), hex(&sha2::Sha256::digest(&bytes)));
        }
        remote.insert(rel, Remote { size, md5: None });
    }
    let plan = plan(locals, &remote, |local, _| {
        hashes.get(&local.rel) == Some(&local.sha256)
    });
    let mut report = PublishReport {
        unchanged: plan.unchanged,
        ..PublishReport::default()
    };
    for (step, files) in [(Step::Asset, &plan.assets), (Step::Page, &plan.pages)] {
        for local in files {
            let target = to.join(&local.rel);
            copy_atomically(&local.path, &target)
                .with_context(|| format!("publishing stopped at {}", target.display()))?;
            report.uploaded += 1;
            report.uploaded_bytes += local.size;
            match step {
                Step::Asset => report.uploaded_assets += 1,
                _ => report.uploaded_pages += 1,
            }
            report.steps.push((step, local.rel.clone()));
        }
    }
    for rel in &plan.removals {
        let target = to.join(rel);
        std::fs::remove_file(&target)
            .with_context(|| format!("publishing stopped at removing {}", target.display()))?;
        report.deleted += 1;
        report.steps.push((Step::Removal, rel.clone()));
        // Folders left empty go too.
        let mut dir = target.parent();
        while let Some(d) = dir.filter(|d| *d != to) {
            if std::fs::remove_dir(d).is_err() {
                break;
            }
            dir = d.parent();
        }
    }
    Ok(report)
}

fn copy_atomically(source: &Path, target: &Path) -> anyhow::Result<()> {
    let dir = target.parent().context("a file inside the folder")?;
    std::fs::create_dir_all(dir)?;
    let name = target
        .file_name()
        .and_then(|n| n.to_str())
        .context("a file name")?;
    let temp = dir.join(format!(".{name}.publishing"));
    std::fs::copy(source, &temp)?;
    std::fs::rename(&temp, target)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_follow_the_file_kind() {
        let h = |rel: &str| object_headers(rel, "ab");
        let get = |hs: &Vec<(&str, String)>, n: &str| {
            hs.iter().find(|(k, _)| *k == n).map(|(_, v)| v.clone())
        };
        let page = h("fr/fr/cinemas.html");
        assert_eq!(get(&page, "cache-control").as_deref(), Some(CACHE_SHORT));
        assert_eq!(get(&page, "content-encoding"), None);
        let br = h("fr/fr/cinemas.html.br");
        assert_eq!(
            get(&br, "content-type").as_deref(),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(get(&br, "content-encoding").as_deref(), Some("br"));
        let css = h("fr/assets/site.0123.css.gz");
        assert_eq!(get(&css, "cache-control").as_deref(), Some(CACHE_IMMUTABLE));
        assert_eq!(get(&css, "content-encoding").as_deref(), Some("gzip"));
        assert_eq!(get(&css, HASH_METADATA).as_deref(), Some("ab"));
        assert_eq!(content_type("fr/_redirects"), "text/plain; charset=utf-8");
        // The calendar feeds (issue 17), and their compressed siblings.
        assert_eq!(
            content_type("fr/calendars/cinema-rex.ics"),
            "text/calendar; charset=utf-8"
        );
        let feed = h("fr/en/calendars/film-dune.ics.gz");
        assert_eq!(
            get(&feed, "content-type").as_deref(),
            Some("text/calendar; charset=utf-8")
        );
    }

    #[test]
    fn listings_are_read_with_or_without_etags() {
        let body = r#"<?xml version="1.0"?><ListBucketResult><EncodingType>url</EncodingType><IsTruncated>true</IsTruncated><NextContinuationToken>t&amp;1</NextContinuationToken><Contents><Key>p/fr/a%20b.html</Key><ETag>&quot;0123456789abcdef0123456789ABCDEF&quot;</ETag><Size>12</Size></Contents><Contents><Key>p/fr/c.css</Key><Size>3</Size></Contents></ListBucketResult>"#;
        let listing = parse_listing(body);
        assert!(listing.truncated);
        assert_eq!(listing.next.as_deref(), Some("t&1"));
        assert_eq!(listing.objects[0].0, "p/fr/a b.html");
        assert_eq!(
            listing.objects[0].1.md5.as_deref(),
            Some("0123456789abcdef0123456789abcdef")
        );
        assert_eq!(listing.objects[1].1.size, 3);
        assert!(listing.objects[1].1.md5.is_none());
    }
}
