//! The generated nginx configuration: it passes `nginx -t`, and nginx serves the small build
//! with the rules of the preview (pages, slashes, filters, 404 and 410, redirects, language
//! negotiation, open redirects, security headers).

use crate::common::*;
use crate::support::*;
use site::routes::{PageKind, Params};
use site::Site;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The nginx binary: `None` (the test then skips) unless under CI, where it must exist.
fn nginx() -> Option<PathBuf> {
    let dirs = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    let found = dirs
        .into_iter()
        .chain(["/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"].map(PathBuf::from))
        .map(|d| d.join("nginx"))
        .find(|p| p.is_file());
    if found.is_none() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("nginx is missing under CI: scripts/test installs it (need_nginx in scripts/lib.sh)");
        }
        eprintln!("nginx is not installed: skipping (apt-get install nginx)");
    }
    found
}

/// A minimal main configuration around the generated file, everything in `dir`.
fn main_conf(dir: &Path, include: &Path, extra_http: &str, top: &str) -> PathBuf {
    for sub in ["tmp", "logs"] {
        std::fs::create_dir_all(dir.join(sub)).expect("nginx folders");
    }
    let d = dir.display();
    let mime = Path::new("/etc/nginx/mime.types");
    let mime = if mime.is_file() {
        format!("    include {};\n", mime.display())
    } else {
        String::new()
    };
    let conf = format!(
        "{top}pid {d}/nginx.pid;\nerror_log {d}/logs/error.log;\nevents {{}}\nhttp {{\n{mime}    access_log off;\n    client_body_temp_path {d}/tmp/body;\n    proxy_temp_path {d}/tmp/proxy;\n    fastcgi_temp_path {d}/tmp/fastcgi;\n    uwsgi_temp_path {d}/tmp/uwsgi;\n    scgi_temp_path {d}/tmp/scgi;\n{extra_http}    include {};\n}}\n",
        include.display()
    );
    let file = dir.join("main.conf");
    std::fs::write(&file, conf).expect("writing main.conf");
    file
}

#[test]
fn the_generated_nginx_config_passes_nginx_t() {
    let Some(nginx) = nginx() else { return };
    let generated = SMALL.out.join("nginx.conf");
    assert!(generated.is_file(), "{} missing", generated.display());
    let dir = scratch("page-content-nginx-t");
    let main = main_conf(&dir, &generated, "", "");
    let run = std::process::Command::new(&nginx)
        .arg("-t")
        .arg("-c")
        .arg(&main)
        .arg("-p")
        .arg(&dir)
        .output()
        .expect("running nginx -t");
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "nginx -t refuses the generated {} included in http {{}} of a minimal main config ({}):\n{said}",
        generated.display(),
        main.display()
    );
}

/// nginx started on a free port; stopped when dropped.
struct Nginx {
    child: std::process::Child,
    port: u16,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request of the serving comparison.
struct Case {
    site: Site,
    path: String,
    headers: Vec<(&'static str, String)>,
    status: u16,
    /// The `Location` path (a relative redirect, or the path of an absolute one).
    location: Option<String>,
    /// The file whose bytes the body must be.
    body: Option<PathBuf>,
    what: String,
}

fn location_path(location: &str) -> String {
    match location.split_once("://") {
        Some((_, rest)) => match rest.find('/') {
            Some(i) => rest[i..].to_string(),
            None => "/".to_string(),
        },
        None => location.to_string(),
    }
}

#[test]
fn nginx_serves_the_build_with_the_rules_of_the_preview() {
    let Some(nginx) = nginx() else { return };
    let small = &*SMALL;
    let dir = scratch("page-content-nginx-serve");
    let generated = std::fs::read_to_string(small.out.join("nginx.conf")).expect("nginx.conf");
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        probe.local_addr().expect("address").port()
    };
    assert!(
        generated.contains("listen 80;") && generated.contains("root /srv/www/"),
        "the generated nginx.conf no longer has `listen 80;` and `root /srv/www/…`: adapt this test"
    );
    let local = generated
        .replace("listen 80;", &format!("listen 127.0.0.1:{port};"))
        .replace("root /srv/www/", &format!("root {}/", small.out.display()));
    let include = dir.join("sites.conf");
    std::fs::write(&include, local).expect("writing sites.conf");
    // `nginx -t` above reports a missing map_hash_bucket_size; supplied here (only when the
    // generated file does not set it) so that the serving rules are still checked.
    let extra = if generated.contains("map_hash_bucket_size") {
        ""
    } else {
        "    map_hash_bucket_size 256;\n"
    };
    let main = main_conf(&dir, &include, extra, "daemon off;\nmaster_process off;\n");
    let child = std::process::Command::new(&nginx)
        .arg("-c")
        .arg(&main)
        .arg("-p")
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting nginx");
    let mut server = Nginx { child, port };
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", server.port)).is_err() {
        if let Ok(Some(status)) = server.child.try_wait() {
            let mut err = String::new();
            if let Some(mut e) = server.child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut e, &mut err);
            }
            let log = std::fs::read_to_string(dir.join("logs/error.log")).unwrap_or_default();
            panic!("nginx exited ({status}) before serving:\n{err}\n{log}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "nginx did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let mut cases = Vec::new();
    let file = |site: Site, rel: &str| small.out.join(site.code()).join(rel);
    let case = |site: Site,
                path: &str,
                status: u16,
                location: Option<&str>,
                body: Option<PathBuf>,
                what: &str| Case {
        site,
        path: path.to_string(),
        headers: Vec::new(),
        status,
        location: location.map(str::to_string),
        body,
        what: what.to_string(),
    };
    let none = Params::new();
    // Pages, trailing slashes, unknown paths.
    for site in SMALL_SITES {
        let lang = site.default_language();
        let cinemas = path(PageKind::Cinemas, site, lang, &none);
        cases.push(case(
            site,
            &cinemas,
            200,
            None,
            Some(file(site, &file_of(&cinemas))),
            "a page",
        ));
        cases.push(case(
            site,
            &format!("{cinemas}/"),
            301,
            Some(&cinemas),
            None,
            "a trailing slash",
        ));
        // URL filters: the base page for a kind that takes them, a 404 for one that does not.
        let first = api_json(site, Some(lang), "/cinemas");
        let first = list(&first, "")
            .first()
            .and_then(|c| str_of(c, "slug"))
            .unwrap_or_default()
            .to_string();
        let cinema = path(PageKind::Cinema, site, lang, &slug(&first));
        cases.push(case(
            site,
            &format!("{cinema}/filters/versions-vost/date-2026-11-23"),
            200,
            None,
            Some(file(site, &file_of(&cinema))),
            "a cinema page with URL filters",
        ));
        cases.push(case(
            site,
            &format!("{cinemas}/filters/versions-vost"),
            404,
            None,
            None,
            "URL filters on a page that takes none",
        ));
        cases.push(case(
            site,
            &format!("{cinemas}/?x=1"),
            301,
            Some(&format!("{cinemas}?x=1")),
            None,
            "a trailing slash with a query",
        ));
        let prefix = if site.has_prefix(lang) {
            format!("/{}", lang.code())
        } else {
            String::new()
        };
        let not_found = if site.has_prefix(lang) {
            format!("{}/404.html", lang.code())
        } else {
            "404.html".to_string()
        };
        cases.push(case(
            site,
            &format!("{prefix}/no-such-page"),
            404,
            None,
            Some(file(site, &not_found)),
            "an unknown path of the default language",
        ));
        cases.push(case(
            site,
            "/no-such-page",
            404,
            None,
            Some(file(site, "404.html")),
            "an unknown path at the root",
        ));
        for &other in site.languages().iter().filter(|l| site.has_prefix(**l)) {
            let l = other.code();
            cases.push(case(
                site,
                &format!("/{l}/no/such/page"),
                404,
                None,
                Some(file(site, &format!("{l}/404.html"))),
                "an unknown path of a prefixed language",
            ));
        }
        if !site.has_prefix(lang) {
            cases.push(case(
                site,
                "/",
                200,
                None,
                Some(file(site, "index.html")),
                "the home at the root",
            ));
        }
        // Redirect rules of the build: the first 301 and every kind of 410.
        let redirects = &small.sites[&site].redirects;
        if let Some((from, (to, _))) = redirects.iter().find(|(_, (_, s))| *s == 301) {
            cases.push(case(
                site,
                from,
                301,
                Some(to),
                None,
                "a _redirects 301 rule",
            ));
        }
        let mut gone_targets = BTreeSet::new();
        for (from, (to, _)) in redirects.iter().filter(|(_, (_, s))| *s == 410) {
            if gone_targets.insert(to.clone()) {
                cases.push(case(
                    site,
                    from,
                    410,
                    None,
                    Some(file(site, &file_of(to))),
                    "a _redirects 410 rule",
                ));
            }
        }
        // An asset.
        if let Some(css) = small.sites[&site]
            .files
            .iter()
            .find(|f| f.starts_with("assets/") && f.ends_with(".css"))
        {
            cases.push(case(
                site,
                &format!("/{css}"),
                200,
                None,
                Some(file(site, css)),
                "an asset",
            ));
        }
        // Language negotiation at a root without a language (spec §5).
        if site.has_prefix(lang) {
            let accept_cases: [(&str, Option<&str>, Option<&str>); 7] = [
                ("no header", None, None),
                ("Accept-Language de-CH", None, Some("de-CH")),
                (
                    "Accept-Language fr-CH,fr;q=0.9",
                    None,
                    Some("fr-CH,fr;q=0.9"),
                ),
                ("Accept-Language en-GB", None, Some("en-GB")),
                (
                    "cookie lang=fr, Accept-Language de-CH",
                    Some("fr"),
                    Some("de-CH"),
                ),
                (
                    "cookie lang=it (unsupported), Accept-Language de-CH",
                    Some("it"),
                    Some("de-CH"),
                ),
                (
                    "Accept-Language it-IT,de;q=0.8",
                    None,
                    Some("it-IT,de;q=0.8"),
                ),
            ];
            for (what, cookie, accept) in accept_cases {
                let lang = site::choose_language(site, None, cookie, accept);
                let mut c = case(
                    site,
                    "/",
                    302,
                    Some(&format!("/{}", lang.code())),
                    None,
                    &format!("language negotiation, {what}"),
                );
                if let Some(cookie) = cookie {
                    c.headers.push(("cookie", format!("lang={cookie}")));
                }
                if let Some(accept) = accept {
                    c.headers.push(("accept-language", accept.to_string()));
                }
                cases.push(c);
            }
        }
    }

    let brand = brand();
    // No address sends a browser to another host (open redirects): every form of a double
    // slash or backslash after the first slash, resolved as a browser does (the `url` crate).
    for site in SMALL_SITES {
        let host = brand.domains.get(&site).cloned().unwrap_or_default();
        let base = url::Url::parse(&format!("https://{host}/a/")).expect("a base URL");
        for hostile in [
            "//evil.example/",
            "/%5cevil.example/",
            "/%5Cevil.example/",
            "/%2f%2fevil.example/",
            "/%2F/evil.example/",
            "/%5c%2fevil.example/",
            "/%2f%5cevil.example/",
            "/%09/evil.example/",
            "/%0d%0aSet-Cookie:%20a=b/",
            "/%20/evil.example/",
            "///evil.example/",
            "/.//evil.example/",
            "/.%2f%5cevil.example/",
        ] {
            for (server_name, origin) in [
                ("nginx", format!("http://127.0.0.1:{}", server.port)),
                ("preview", API.base.clone()),
            ] {
                let r = http_raw(&format!("{origin}{hostile}"), &host, &[]);
                if let Some(location) = &r.location {
                    let to = base
                        .join(location)
                        .expect("a Location a browser can follow");
                    assert_eq!(
                        to.host_str(),
                        Some(host.as_str()),
                        "{server_name}: {site} {hostile} redirects to {location:?}, i.e. {to}"
                    );
                    assert!(!location.contains(['\r', '\n']), "{server_name}: {hostile}");
                }
                assert!(
                    [301, 400, 404].contains(&r.status),
                    "{server_name}: {site} {hostile} answered {}",
                    r.status
                );
            }
        }
    }
    // Security headers on every answer of both servers (pages, 404s, redirects, assets), the
    // build's metadata files never served, no file reached through a symbolic link.
    let linked = small.out.join("fr/linked-outside.txt");
    let _ = std::fs::remove_file(&linked);
    std::os::unix::fs::symlink(root().join("Cargo.toml"), &linked).expect("a symlink in out/");
    let fr_host = brand.domains[&Site::Fr].clone();
    for (server_name, origin) in [
        ("nginx", format!("http://127.0.0.1:{}", server.port)),
        ("preview", API.base.clone()),
    ] {
        for (path, status) in [
            ("/", 200),
            ("/no-such-page", 404),
            ("/_redirects", 404),
            ("/_headers", 404),
            ("/linked-outside.txt", 404),
        ] {
            let r = http_raw(&format!("{origin}{path}"), &fr_host, &[]);
            assert_eq!(r.status, status, "{server_name}: {path}");
            let header = |name: &str| {
                r.headers
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name))
                    .map(|(_, v)| v.as_str())
                    .unwrap_or_else(|| panic!("{server_name}: {path} has no {name}"))
            };
            let csp = header("content-security-policy");
            let script_src = csp
                .split(';')
                .map(str::trim)
                .find(|d| d.starts_with("script-src"))
                .unwrap_or_else(|| panic!("{server_name}: no script-src in {csp}"));
            assert!(
                !script_src.contains("unsafe"),
                "{server_name}: {script_src}"
            );
            assert!(
                csp.contains("frame-ancestors 'self'"),
                "{server_name}: {csp}"
            );
            assert_eq!(header("x-content-type-options"), "nosniff");
            assert!(header("permissions-policy").contains("geolocation=(self)"));
            header("referrer-policy");
            if server_name == "nginx" {
                assert!(header("strict-transport-security").contains("max-age="));
            }
        }
    }
    std::fs::remove_file(&linked).expect("removing the symlink");
    // Pre-compressed siblings (generator/src/compress.rs): nginx sends a page's and a
    // stylesheet's `.gz` bytes to a client that accepts gzip, with their encoding, `Vary` and
    // type (`gzip_static`), and the plain bytes to one that does not.
    {
        let site = Site::Fr;
        let lang = site.default_language();
        let cinemas = path(PageKind::Cinemas, site, lang, &none);
        let mut checks = vec![(cinemas.clone(), file(site, &file_of(&cinemas)), "text/html")];
        if let Some(css) = small.sites[&site]
            .files
            .iter()
            .find(|f| f.starts_with("assets/") && f.ends_with(".css"))
        {
            checks.push((format!("/{css}"), file(site, css), "text/css"));
        }
        // A calendar feed (issue 17) and its siblings.
        if let Some(feed) = small.sites[&site]
            .files
            .iter()
            .find(|f| f.starts_with("calendars/") && f.ends_with(".ics"))
        {
            checks.push((format!("/{feed}"), file(site, feed), "text/calendar"));
        }
        let origin = format!("http://127.0.0.1:{}", server.port);
        for (address, plain_file, content_type) in checks {
            let plain = std::fs::read(&plain_file).expect("the plain file");
            let gz_file = PathBuf::from(format!("{}.gz", plain_file.display()));
            let gz = std::fs::read(&gz_file)
                .unwrap_or_else(|e| panic!("the build wrote no {}: {e}", gz_file.display()));
            assert!(gz.len() < plain.len(), "{}", gz_file.display());
            let r = http_raw(
                &format!("{origin}{address}"),
                &fr_host,
                &[("accept-encoding", "gzip, deflate")],
            );
            let header = |r: &RawResponse, name: &str| {
                r.headers
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name))
                    .map(|(_, v)| v.clone())
            };
            assert_eq!(r.status, 200, "{address} with gzip");
            assert!(
                r.body == gz,
                "{address}: not the bytes of {}",
                gz_file.display()
            );
            assert_eq!(
                header(&r, "content-encoding").as_deref(),
                Some("gzip"),
                "{address}"
            );
            assert!(
                header(&r, "vary")
                    .is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding")),
                "{address}: Vary {:?}",
                header(&r, "vary")
            );
            assert!(
                header(&r, "content-type").is_some_and(|t| t.starts_with(content_type)),
                "{address}: Content-Type {:?}",
                header(&r, "content-type")
            );
            let r = http_raw(&format!("{origin}{address}"), &fr_host, &[]);
            assert_eq!(r.status, 200, "{address} without Accept-Encoding");
            assert!(
                r.body == plain,
                "{address}: not the plain bytes without Accept-Encoding"
            );
            assert_eq!(header(&r, "content-encoding"), None, "{address}");
            assert!(
                header(&r, "content-type").is_some_and(|t| t.starts_with(content_type)),
                "{address}"
            );
        }
    }
    // The calendar feeds (issue 17): every language's first cinema and film feed, from both
    // servers, as `text/calendar; charset=utf-8` with the file's bytes and the pages' security
    // headers; a feed that does not exist is a 404.
    for site in SMALL_SITES {
        let host = brand.domains.get(&site).cloned().unwrap_or_default();
        let files = &small.sites[&site].files;
        for &lang in site.languages() {
            for feed in site::routes::Feed::ALL {
                let prefix = TABLE
                    .feed_path(feed, site, lang, "x")
                    .expect("a feed path")
                    .trim_start_matches('/')
                    .trim_end_matches("x.ics")
                    .to_string();
                let rel = files
                    .iter()
                    .find(|f| f.starts_with(&prefix) && f.ends_with(".ics"))
                    .unwrap_or_else(|| panic!("{site} {lang}: no feed {prefix}…"));
                let bytes = std::fs::read(file(site, rel)).expect("the feed");
                for (server_name, origin) in [
                    ("nginx", format!("http://127.0.0.1:{}", server.port)),
                    ("preview", API.base.clone()),
                ] {
                    let r = http_raw(&format!("{origin}/{rel}"), &host, &[]);
                    assert_eq!(r.status, 200, "{server_name}: {site} /{rel}");
                    assert_eq!(
                        r.header("content-type"),
                        Some("text/calendar; charset=utf-8"),
                        "{server_name}: {site} /{rel}"
                    );
                    assert!(r.body == bytes, "{server_name}: {site} /{rel}: other bytes");
                    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
                    let missing = format!("{origin}/{prefix}no-such-feed.ics");
                    let r = http_raw(&missing, &host, &[]);
                    assert_eq!(r.status, 404, "{server_name}: {site} {missing}");
                }
            }
        }
    }
    let mut problems = Vec::new();
    let mut differences = Vec::new();
    let mut absolute = Vec::new();
    for c in &cases {
        let host = brand.domains.get(&c.site).cloned().unwrap_or_default();
        let headers: Vec<(&str, &str)> = c.headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let label = format!(
            "{} {}{} ({})",
            c.site,
            c.path,
            if headers.is_empty() {
                String::new()
            } else {
                format!(" {headers:?}")
            },
            c.what
        );
        let want_body = c
            .body
            .as_ref()
            .map(|f| std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display())));
        let mut answers = Vec::new();
        for (server_name, base) in [
            ("nginx", format!("http://127.0.0.1:{}", server.port)),
            ("preview", API.base.clone()),
        ] {
            let r = http_raw(&format!("{base}{}", c.path), &host, &headers);
            let location = r.location.as_deref().map(location_path);
            let mut wrong = Vec::new();
            if r.status != c.status {
                wrong.push(format!("status {} (expected {})", r.status, c.status));
            }
            if location != c.location {
                wrong.push(format!(
                    "Location {:?} (expected {:?})",
                    r.location, c.location
                ));
            }
            if let Some(want) = &want_body {
                if &r.body != want {
                    let title =
                        first(&parse(&String::from_utf8_lossy(&r.body)), "title").map(text_of);
                    wrong.push(format!(
                        "a body of {} bytes titled {title:?}, not {} ({} bytes)",
                        r.body.len(),
                        c.body.as_ref().expect("a body file").display(),
                        want.len()
                    ));
                }
            }
            if let Some(l) = r.location.as_ref().filter(|l| l.starts_with("http://")) {
                absolute.push(format!("{server_name}: {label} → {l}"));
            }
            if !wrong.is_empty() {
                problems.push(format!("{server_name}: {label}: {}", wrong.join("; ")));
            }
            answers.push((server_name, r.status, location));
        }
        if answers[0].1 != answers[1].1 || answers[0].2 != answers[1].2 {
            differences.push(format!(
                "{label}: nginx {} {:?}, preview {} {:?}",
                answers[0].1, answers[0].2, answers[1].1, answers[1].2
            ));
        }
    }
    drop(server);
    eprintln!("nginx and preview: {} requests compared", cases.len());
    let mut all: Vec<String> = differences
        .into_iter()
        .map(|d| format!("nginx ≠ preview: {d}"))
        .collect();
    all.extend(problems);
    if let Some(first) = absolute.first() {
        // One line for all: a redirect to http:// sends an https site (behind a CDN that
        // terminates TLS) back to plain http; the preview answers a path
        // (nginx: `absolute_redirect off;`).
        all.push(format!(
            "{} redirect(s) with an absolute http:// Location instead of a path, e.g. {first}",
            absolute.len()
        ));
    }
    assert_none("serving rules (nginx and preview)", &all);
}
