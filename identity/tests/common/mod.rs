//! Shared test helpers: providers with keys under the target directory, a real HTTP server
//! that counts JWKS requests, and a baseline set of valid claims to spoil one at a time.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use identity::DevIdentityProvider;
use serde_json::{json, Value};

pub const ISSUER: &str = "https://id.lumen.test/identity";
pub const AUDIENCE: &str = "lumen-api";
pub const AZP: &str = "lumen-web";

/// A directory of its own under cargo's scratch space for integration tests.
pub struct ScratchDir(pub PathBuf);

impl ScratchDir {
    pub fn new(tag: &str) -> ScratchDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("identity-{tag}-{}-{nanos}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        ScratchDir(dir)
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn open_provider(dir: &std::path::Path) -> DevIdentityProvider {
    DevIdentityProvider::open(dir, ISSUER.into(), AUDIENCE.into(), AZP.into())
        .expect("open dev provider")
}

/// One provider per test binary and per name: RSA key generation is the slow part, and its
/// key is kept between runs in the target directory.
pub fn shared_provider(name: &'static str) -> DevIdentityProvider {
    static MAIN: OnceLock<DevIdentityProvider> = OnceLock::new();
    static OTHER: OnceLock<DevIdentityProvider> = OnceLock::new();
    let cell = if name == "other" { &OTHER } else { &MAIN };
    cell.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "identity-shared-{}-{name}",
            env!("CARGO_CRATE_NAME")
        ));
        open_provider(&dir)
    })
    .clone()
}

pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Claims that pass every rule, to be spoiled one at a time.
pub fn good_claims(now: i64) -> Value {
    json!({
        "iss": ISSUER, "aud": AUDIENCE, "azp": AZP, "sub": "c-0123456789abcdef",
        "iat": now - 10, "nbf": now - 10, "exp": now + 300, "auth_time": now - 10,
        "email": "jane.doe@example.fr", "given_name": "Jane", "family_name": "Doe",
        "site": "fr",
    })
}

/// A server on 127.0.0.1:0 serving `app`, counting requests whose path ends in `jwks.json`.
pub struct TestServer {
    pub base: String,
    pub jwks_hits: Arc<AtomicUsize>,
}

impl TestServer {
    pub async fn start(app: Router) -> TestServer {
        let hits = Arc::new(AtomicUsize::new(0));
        let app = app.layer(middleware::from_fn_with_state(hits.clone(), count_jwks));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("local addr");
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        TestServer {
            base: format!("http://{addr}"),
            jwks_hits: hits,
        }
    }

    pub fn hits(&self) -> usize {
        self.jwks_hits.load(Ordering::SeqCst)
    }
}

async fn count_jwks(
    State(hits): State<Arc<AtomicUsize>>,
    request: Request,
    next: Next,
) -> Response {
    if request.uri().path().ends_with("jwks.json") {
        hits.fetch_add(1, Ordering::SeqCst);
    }
    next.run(request).await
}
