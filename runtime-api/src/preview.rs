//! Local preview of the generated sites: `http://{site}.localhost:PORT/` serves `out/{site}/`
//! with the same rules production has (no trailing slash, 404 page with status 404, language
//! negotiation at a site root without prefix), and `http://localhost:PORT/` lists the sites.
//! In production a CDN does this job from the generated web-server configuration.

use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use site::routes::RouteTable;
use site::{request_language, Site};
use std::path::{Path, PathBuf};

pub async fn serve(State(app): State<AppState>, request: Request) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let Some(site) = app.sites.resolve(host) else {
        return site_index(host).into_response();
    };
    let mut response = serve_site(&app, site, request).await;
    add_security_headers(&app.out.join(site.code()), &mut response).await;
    response
}

/// The headers the generator wrote for the site's pages (`site::security`, `_headers`), on
/// every answer of the site, as the production web server adds them.
async fn add_security_headers(root: &Path, response: &mut Response) {
    let Ok(text) = tokio::fs::read_to_string(root.join(site::security::HEADERS_FILE)).await else {
        return;
    };
    for line in text.lines() {
        let Some((name, value)) = line.split_once(": ") else {
            continue;
        };
        if let (Ok(name), Ok(value)) = (
            header::HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(value),
        ) {
            response.headers_mut().insert(name, value);
        }
    }
}

async fn serve_site(app: &AppState, site: Site, request: Request) -> Response {
    let uri = request.uri().clone();
    let headers = request.headers().clone();
    let path = uri.path();
    if path.len() > 1 && path.ends_with('/') {
        // Only to an address of this site: `//evil.example/` or `/\evil.example/` would
        // otherwise redirect a visitor to another host (those paths are no page: a 404).
        let target = without_trailing_slash(&uri);
        if is_local_target(&target) {
            return redirect(StatusCode::MOVED_PERMANENTLY, &target);
        }
        return not_found_page(&app.out.join(site.code()), site, path).await;
    }
    if path == "/" && site.has_prefix(site.default_language()) {
        return negotiate_language(site, &headers);
    }
    if let Some(rest) = path.strip_prefix("/media/") {
        return match safe_join(&app.media, rest) {
            Some(file) => send_file(&app.media, &file, StatusCode::OK)
                .await
                .unwrap_or_else(not_found_plain),
            None => not_found_plain(),
        };
    }
    let root = app.out.join(site.code());
    if let Some(response) = find_page(&root, path).await {
        return response;
    }
    if let Some(base) = filtered_page_base(app, site, path) {
        if let Some(response) = find_page(&root, &base).await {
            return response;
        }
    }
    if let Some(response) = redirect_rule(&root, path).await {
        return response;
    }
    not_found_page(&root, site, path).await
}

/// A page address with URL filters (`/cinemas/versailles/filters/versions-vost`, spec §2) is
/// its base page: the islands read the filters from the address. Only for page kinds that
/// take filters, with a well-formed filters part; anything else stays a 404.
fn filtered_page_base(app: &AppState, site: Site, path: &str) -> Option<String> {
    static ROUTES: std::sync::OnceLock<Option<RouteTable>> = std::sync::OnceLock::new();
    if !path
        .split('/')
        .any(|segment| segment == site::filters::FILTERS_SEGMENT)
    {
        return None;
    }
    let routes = ROUTES
        .get_or_init(|| RouteTable::try_new(&app.brand.slug).ok())
        .as_ref()?;
    let found = routes.parse(site, path)?;
    found.filters.is_some().then_some(found.base_path)
}

/// The generator's `_redirects` rules (`from to status`): 301 to the new address, or 410 with
/// the gone page served at the old address.
async fn redirect_rule(root: &Path, path: &str) -> Option<Response> {
    let rules = tokio::fs::read_to_string(root.join("_redirects"))
        .await
        .ok()?;
    let (to, status) = rules
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|line| {
            let mut parts = line.split_whitespace();
            let (from, to, status) = (parts.next()?, parts.next()?, parts.next()?);
            (from == path).then(|| (to.to_string(), status.to_string()))
        })?;
    match status.as_str() {
        "410" => {
            let file = safe_join(root, &format!("{}.html", to.trim_start_matches('/')))?;
            send_file(root, &file, StatusCode::GONE).await
        }
        _ => Some(redirect(StatusCode::MOVED_PERMANENTLY, &to)),
    }
}

/// The candidates for a path, in order: an asset, a page written as `{path}.html`, a folder
/// index.
async fn find_page(root: &Path, path: &str) -> Option<Response> {
    let rel = path.trim_start_matches('/');
    let candidates: Vec<PathBuf> = if rel.is_empty() {
        vec![safe_join(root, "index.html")?]
    } else {
        vec![
            safe_join(root, rel)?,
            safe_join(root, &format!("{rel}.html"))?,
            safe_join(root, &format!("{rel}/index.html"))?,
        ]
    };
    for file in candidates {
        if let Some(response) = send_file(root, &file, StatusCode::OK).await {
            return Some(response);
        }
    }
    None
}

/// The 404 page of the path's language if the site has one, else the site's, else plain text.
async fn not_found_page(root: &Path, site: Site, path: &str) -> Response {
    let first = path.trim_start_matches('/').split('/').next().unwrap_or("");
    let mut candidates = Vec::new();
    if site
        .languages()
        .iter()
        .any(|l| l.code() == first && site.has_prefix(*l))
    {
        candidates.push(root.join(first).join("404.html"));
    }
    candidates.push(root.join("404.html"));
    for file in candidates {
        if let Some(response) = send_file(root, &file, StatusCode::NOT_FOUND).await {
            return response;
        }
    }
    not_found_plain()
}

fn not_found_plain() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found",
    )
        .into_response()
}

/// Joins a URL path to a root, refusing anything that could leave it, and the build's
/// metadata files (`_redirects`, `_headers`) at the root of a site.
fn safe_join(root: &Path, rel: &str) -> Option<PathBuf> {
    let mut out = root.to_path_buf();
    for (i, segment) in rel.split('/').enumerate() {
        let segment = percent_decode_segment(segment)?;
        if segment.is_empty()
            || segment == "."
            || segment == ".."
            || segment.contains(['\\', '\0'])
            || (i == 0 && site::security::UNSERVED_FILES.contains(&segment.as_str()))
        {
            return None;
        }
        out.push(segment);
    }
    Some(out)
}

fn percent_decode_segment(segment: &str) -> Option<String> {
    let decoded = crate::http::locale::percent_decode(segment, false);
    (!decoded.contains('/')).then_some(decoded)
}

async fn send_file(root: &Path, file: &Path, status: StatusCode) -> Option<Response> {
    // As nginx's `disable_symlinks on`: no file reached through a symbolic link.
    if has_symlink(root, file).await {
        return None;
    }
    let bytes = tokio::fs::read(file).await.ok()?;
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(file)),
    );
    let cache = if file.to_string_lossy().contains("/assets/") && status == StatusCode::OK {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=300"
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // As nginx: when the file was written (a build leaves unchanged pages as they were). A
    // schedule's live statuses date from it until the API answers (`document.lastModified`).
    if let Ok(modified) = tokio::fs::metadata(file).await.and_then(|m| m.modified()) {
        let at = chrono::DateTime::<chrono::Utc>::from(modified);
        if let Ok(value) =
            HeaderValue::from_str(&at.format("%a, %d %b %Y %H:%M:%S GMT").to_string())
        {
            headers.insert(header::LAST_MODIFIED, value);
        }
    }
    Some(response)
}

/// Whether the file or a folder on its way below `root` is a symbolic link.
async fn has_symlink(root: &Path, file: &Path) -> bool {
    for part in file
        .ancestors()
        .take_while(|p| *p != root && p.starts_with(root))
    {
        if let Ok(meta) = tokio::fs::symlink_metadata(part).await {
            if meta.file_type().is_symlink() {
                return true;
            }
        }
    }
    false
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "xml" => "application/xml; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        // The calendar feeds (issue 17).
        "ics" => "text/calendar; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

fn without_trailing_slash(uri: &Uri) -> String {
    let path = uri.path().trim_end_matches('/');
    let path = if path.is_empty() { "/" } else { path };
    match uri.query() {
        Some(q) => format!("{path}?{q}"),
        None => path.to_string(),
    }
}

/// A redirect target a browser resolves to this same site: a path whose first segment is not
/// empty and does not start with a backslash, an encoded slash or backslash, or a character
/// browsers strip from URLs (controls, spaces), all of which can turn `/x` into `//host`.
pub fn is_local_target(target: &str) -> bool {
    let Some(rest) = target.strip_prefix('/') else {
        return false;
    };
    let decoded = site::escape::percent_decode(rest, false);
    match decoded.chars().next() {
        None | Some('?') => true,
        Some(c) => !(c == '/' || c == '\\' || c.is_control() || c.is_whitespace()),
    }
}

/// Spec §5 at a root without prefix: cookie `lang`, then the browser's languages, then the
/// site's default. The answer varies with both, so caches must key on them.
fn negotiate_language(site: Site, headers: &HeaderMap) -> Response {
    let lang = request_language(
        site,
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok()),
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    let mut response = redirect(StatusCode::FOUND, &format!("/{}", lang.code()));
    response.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("Cookie, Accept-Language"),
    );
    response
}

fn redirect(status: StatusCode, location: &str) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = status;
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// `http://localhost:PORT/`: links to every site.
fn site_index(host: &str) -> impl IntoResponse {
    let port = host
        .rsplit_once(':')
        .map(|(_, p)| p)
        .filter(|p| p.chars().all(|c| c.is_ascii_digit()));
    let port = port.map(|p| format!(":{p}")).unwrap_or_default();
    let links: String = Site::ALL
        .iter()
        .map(|s| {
            format!(
                "<li><a href=\"http://{code}.localhost{port}/\">{code}.localhost{port}</a></li>",
                code = s.code()
            )
        })
        .collect();
    Html(format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Country sites</title>\
         <h1>Country sites</h1><ul>{links}</ul></html>"
    ))
}
