//! `runtime-api serve --clock-offset DURATION` and `--now RFC3339`, on the real binary: the
//! clock `/healthz` reports, and showtime statuses computed with it (a showtime of the next
//! three hours is closed with `--clock-offset 3h`). The demo snapshot gets two showtimes of
//! its own, 90 minutes and 5 hours from the real now, so the test holds at any hour.

use chrono::{DateTime, Duration, FixedOffset, SecondsFormat, Timelike, Utc};
use demo_content::{DemoOptions, DEFAULT_SEED};
use serde_json::Value;
use site::brand::Brand;
use site::content::ShowtimeStatus;
use site::Site;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::LazyLock;

const BIN: &str = env!("CARGO_BIN_EXE_runtime-api");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The showtimes the test adds, by id, and the cinema they play at.
const SOON: &str = "clock-test-soon";
const LATER: &str = "clock-test-later";

struct Prepared {
    snapshot: PathBuf,
    cinema: String,
    /// Local start of each added showtime.
    soon: DateTime<FixedOffset>,
    later: DateTime<FixedOffset>,
}

/// Yesterday's demo snapshot (so today's showtimes are in it) plus a showtime 90 minutes and
/// one 5 hours from now at the first French cinema, written once for every test.
static PREPARED: LazyLock<Prepared> = LazyLock::new(|| {
    let brand =
        Brand::from_json(&std::fs::read_to_string(format!("{ROOT}/config/brand.json")).unwrap())
            .expect("config/brand.json parses");
    let now = Utc::now().with_nanosecond(0).unwrap();
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: (now - Duration::days(1)).date_naive(),
    };
    let mut snapshot = demo_content::generate(&options, &brand).snapshot;
    let fr = snapshot
        .sites
        .iter_mut()
        .find(|content| content.site == Site::Fr)
        .expect("the French site");
    let model = fr
        .showtimes
        .iter()
        .find(|s| s.status == ShowtimeStatus::Available)
        .expect("an available showtime")
        .clone();
    let offset = *model.datetime.offset();
    let at = |id: &str, minutes: i64| {
        let mut s = model.clone();
        s.id = id.into();
        s.status = ShowtimeStatus::Available;
        s.datetime = (now + Duration::minutes(minutes)).with_timezone(&offset);
        s.end_time = Some(s.datetime + Duration::minutes(120));
        s.reservability_end = None;
        s
    };
    let (soon, later) = (at(SOON, 90), at(LATER, 300));
    let prepared = (model.cinema.clone(), soon.datetime, later.datetime);
    fr.showtimes.push(soon);
    fr.showtimes.push(later);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("runtime-api-clock-flags");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("snapshot.json");
    std::fs::write(&path, snapshot.to_vec()).unwrap();
    Prepared {
        snapshot: path,
        cinema: prepared.0,
        soon: prepared.1,
        later: prepared.2,
    }
});

/// A `runtime-api serve` process on a free port, stopped when dropped.
struct Server {
    child: Child,
    base: String,
    log: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn command(clock_flags: &[&str], name: &str) -> (Command, u16, PathBuf) {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("runtime-api-clock-flags")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let mut cmd = Command::new(BIN);
    cmd.arg("serve")
        .arg("--snapshot")
        .arg(&PREPARED.snapshot)
        .arg("--addr")
        .arg(format!("127.0.0.1:{port}"))
        .arg("--locales")
        .arg(Path::new(ROOT).join("locales"))
        .arg("--brand")
        .arg(Path::new(ROOT).join("config/brand.json"))
        .arg("--data-dir")
        .arg(dir.join("data"))
        .arg("--out")
        .arg(dir.join("out"))
        .args(clock_flags)
        .env_remove("PORT")
        .env_remove("API_LISTEN")
        .env_remove("API_SNAPSHOT")
        .env_remove("API_DATA_DIR")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null());
    (cmd, port, dir.join("server.log"))
}

async fn start(clock_flags: &[&str], name: &str) -> Server {
    let (mut cmd, port, log) = command(clock_flags, name);
    let child = cmd
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("runtime-api starts");
    let mut server = Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
        log,
    };
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if let Some(status) = server.child.try_wait().unwrap() {
            panic!(
                "runtime-api exited ({status}): {}",
                std::fs::read_to_string(&server.log).unwrap_or_default()
            );
        }
        if client
            .get(format!("{}/healthz", server.base))
            .send()
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return server;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    server.child.kill().ok();
    panic!(
        "runtime-api not ready after 60 s: {}",
        std::fs::read_to_string(&server.log).unwrap_or_default()
    );
}

async fn get(server: &Server, path: &str) -> Value {
    let reply = reqwest::Client::new()
        .get(format!("{}{path}", server.base))
        .header("Host", "fr.localhost")
        .send()
        .await
        .expect("an answer");
    assert!(reply.status().is_success(), "{path}: {}", reply.status());
    reply.json().await.expect("JSON")
}

/// The status the cinema's schedule of that day gives the showtime `id`.
async fn status_of(server: &Server, id: &str, at: DateTime<FixedOffset>) -> String {
    let path = format!(
        "/api/cinema/{}/shows?date={}",
        PREPARED.cinema,
        at.date_naive()
    );
    let schedule = get(server, &path).await;
    find_status(&schedule, id).unwrap_or_else(|| panic!("{path} has no showtime {id}"))
}

fn find_status(value: &Value, id: &str) -> Option<String> {
    match value {
        Value::Object(map) => {
            if map.get("id").and_then(Value::as_str) == Some(id) {
                if let Some(status) = map.get("status").and_then(Value::as_str) {
                    return Some(status.to_string());
                }
            }
            map.values().find_map(|v| find_status(v, id))
        }
        Value::Array(items) => items.iter().find_map(|v| find_status(v, id)),
        _ => None,
    }
}

fn instant(value: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(value.as_str().expect("a string"))
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

#[tokio::test]
async fn an_offset_clock_closes_the_showtimes_of_the_next_three_hours() {
    let server = start(&["--clock-offset", "3h"], "offset").await;
    let health = get(&server, "/healthz").await;
    assert_eq!(health["status"], "ok");
    let clock = &health["clock"];
    assert_eq!(clock["mode"], "offset", "{health}");
    assert_eq!(clock["offset"], "3h");
    assert_eq!(clock["offsetSeconds"], 10_800);
    let ahead = instant(&clock["now"]) - Utc::now();
    assert!(
        (ahead - Duration::hours(3)).num_seconds().abs() <= 5,
        "now is {ahead} ahead, not 3 h: {health}"
    );
    // 90 minutes from the real now: already started at the API's now.
    assert_eq!(status_of(&server, SOON, PREPARED.soon).await, "locked");
    // 5 hours from the real now: still two hours to go.
    assert_eq!(status_of(&server, LATER, PREPARED.later).await, "available");
}

#[tokio::test]
async fn a_fixed_clock_says_when_it_is_and_statuses_follow_it() {
    let system = start(&[], "system").await;
    let health = get(&system, "/healthz").await;
    assert_eq!(health["clock"]["mode"], "system", "{health}");
    assert_eq!(health["clock"]["offset"], Value::Null);
    assert_eq!(health["clock"]["offsetSeconds"], 0);
    assert_eq!(status_of(&system, SOON, PREPARED.soon).await, "available");
    drop(system);

    // Fixed one minute after the later showtime started: both are closed.
    let at = PREPARED.later + Duration::minutes(1);
    let at_text = at.to_rfc3339_opts(SecondsFormat::Secs, false);
    let fixed = start(&["--now", &at_text], "fixed").await;
    let health = get(&fixed, "/healthz").await;
    let clock = &health["clock"];
    assert_eq!(clock["mode"], "fixed", "{health}");
    assert_eq!(instant(&clock["now"]), at.with_timezone(&Utc));
    assert_eq!(clock["offset"], Value::Null);
    assert_eq!(clock["offsetSeconds"], 0);
    assert_eq!(status_of(&fixed, SOON, PREPARED.soon).await, "locked");
    assert_eq!(status_of(&fixed, LATER, PREPARED.later).await, "locked");
    // And it stands still.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let again = get(&fixed, "/healthz").await;
    assert_eq!(again["clock"]["now"], clock["now"]);
}

#[test]
fn a_bad_duration_or_date_stops_start_up_naming_the_flag() {
    for (flags, says) in [
        (&["--clock-offset", "3 hours"][..], "--clock-offset"),
        (&["--clock-offset", "1.5h"][..], "expected a duration"),
        (&["--now", "2026-11-22"][..], "RFC 3339"),
        (&["--now", "tomorrow"][..], "--now"),
    ] {
        let (mut cmd, _, _) = command(flags, "bad");
        let output = cmd.stderr(Stdio::piped()).output().expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{flags:?} started");
        assert!(stderr.contains(says), "{flags:?}: {stderr}");
    }
    let (mut cmd, _, _) = command(
        &["--now", "2026-11-22T18:00:00Z", "--clock-offset", "3h"],
        "both",
    );
    let output = cmd.stderr(Stdio::piped()).output().expect("runs");
    assert!(!output.status.success(), "both flags accepted");
}
