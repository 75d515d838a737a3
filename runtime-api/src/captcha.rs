//! Captcha for the voucher checker and gift cards (spec §7: a captcha response header), with
//! no third party: ALTCHA, a proof of work the visitor's browser solves (the npm `altcha`
//! widget), created and checked here as the `altcha-lib` reference does (its "v1" challenge:
//! SHA-256 over a salt and a number, signed with HMAC-SHA-256). Each solution is accepted once
//! (spent in the client store, so every replica knows) and expires with its challenge.
//!
//! `dev` accepts one fixed answer, for curl and the API's own tests; `none` refuses every
//! look-up. Neither is for visitors: the islands only know the widget.

use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;

use anyhow::Context as _;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::config::CaptchaConfig;

pub type Verdict<'a> = Pin<Box<dyn Future<Output = Result<bool, String>> + Send + 'a>>;

pub trait CaptchaVerifier: Send + Sync {
    /// Whether `response` (what the widget gave the browser) proves a human, for `ip`.
    fn verify<'a>(&'a self, response: &'a str, ip: &'a str) -> Verdict<'a>;
    /// A new challenge for the widget, for verifiers that have one.
    fn challenge(&self) -> Option<AltchaChallenge> {
        None
    }
    /// What it is, for the start-up line.
    fn name(&self) -> &'static str;
}

/// The answer the dev verifier accepts.
pub const DEV_CAPTCHA_ANSWER: &str = "dev-ok";

pub struct DevVerifier;

impl CaptchaVerifier for DevVerifier {
    fn verify<'a>(&'a self, response: &'a str, _ip: &'a str) -> Verdict<'a> {
        Box::pin(async move { Ok(response == DEV_CAPTCHA_ANSWER) })
    }
    fn name(&self) -> &'static str {
        "dev"
    }
}

pub struct RefuseAll;

impl CaptchaVerifier for RefuseAll {
    fn verify<'a>(&'a self, _response: &'a str, _ip: &'a str) -> Verdict<'a> {
        Box::pin(async { Ok(false) })
    }
    fn name(&self) -> &'static str {
        "none"
    }
}

/// A challenge as the widget reads it from its challenge URL.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, schemars::JsonSchema)]
pub struct AltchaChallenge {
    pub algorithm: String,
    pub challenge: String,
    pub maxnumber: u64,
    pub salt: String,
    pub signature: String,
}

/// What the widget sends back (base64 of this JSON).
#[derive(Debug, Deserialize)]
struct AltchaPayload {
    algorithm: String,
    challenge: String,
    number: u64,
    salt: String,
    signature: String,
}

const ALGORITHM: &str = "SHA-256";
/// A payload is a few hundred bytes.
const MAX_PAYLOAD_BYTES: usize = 2048;
pub const KEY_FILE: &str = "captcha-hmac.key";

/// Where a solution is remembered as spent (the client store; a set in tests).
pub trait SpentKeys: Send + Sync {
    fn spend_once<'a>(
        &'a self,
        key: &'a str,
        expires_at: i64,
    ) -> Pin<Box<dyn Future<Output = Result<bool, String>> + Send + 'a>>;
}

impl SpentKeys for Arc<dyn client_store::ClientStore> {
    fn spend_once<'a>(
        &'a self,
        key: &'a str,
        expires_at: i64,
    ) -> Pin<Box<dyn Future<Output = Result<bool, String>> + Send + 'a>> {
        Box::pin(async move {
            client_store::ClientStore::spend_once(self.as_ref(), key, expires_at)
                .await
                .map_err(|e| e.to_string())
        })
    }
}

pub struct AltchaVerifier {
    key: Vec<u8>,
    max_number: u64,
    expires_secs: i64,
    spent: Box<dyn SpentKeys>,
    clock: Box<dyn Fn() -> i64 + Send + Sync>,
}

type HmacSha256 = Hmac<Sha256>;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl AltchaVerifier {
    pub fn new(
        key: Vec<u8>,
        max_number: u64,
        expires_secs: u64,
        spent: Box<dyn SpentKeys>,
    ) -> AltchaVerifier {
        AltchaVerifier {
            key,
            max_number: max_number.max(1),
            expires_secs: i64::try_from(expires_secs).unwrap_or(300),
            spent,
            clock: Box::new(|| chrono::Utc::now().timestamp()),
        }
    }

    /// The time challenges are made and checked at (tests move it).
    pub fn with_clock(mut self, clock: impl Fn() -> i64 + Send + Sync + 'static) -> Self {
        self.clock = Box::new(clock);
        self
    }

    fn sign(&self, challenge: &str) -> String {
        // HMAC takes keys of any length.
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC accepts any key length");
        mac.update(challenge.as_bytes());
        hex(&mac.finalize().into_bytes())
    }

    pub fn make_challenge(&self) -> AltchaChallenge {
        let mut salt = [0u8; 12];
        rand::thread_rng().fill_bytes(&mut salt);
        let salt = format!(
            "{}?expires={}",
            hex(&salt),
            (self.clock)() + self.expires_secs
        );
        let number = rand::thread_rng().gen_range(0..=self.max_number);
        let challenge = hex(&Sha256::digest(format!("{salt}{number}").as_bytes()));
        AltchaChallenge {
            algorithm: ALGORITHM.into(),
            signature: self.sign(&challenge),
            challenge,
            maxnumber: self.max_number,
            salt,
        }
    }

    /// The solution's signature and expiry when it is well formed, signed by us, solved and
    /// not expired; `None` otherwise (not spent yet).
    fn check(&self, response: &str) -> Option<(String, i64)> {
        if response.len() > MAX_PAYLOAD_BYTES {
            return None;
        }
        let json = base64::engine::general_purpose::STANDARD
            .decode(response.trim())
            .ok()?;
        let payload: AltchaPayload = serde_json::from_slice(&json).ok()?;
        if payload.algorithm != ALGORITHM || payload.number > self.max_number {
            return None;
        }
        // Constant time: the signature is compared by the MAC itself.
        let mut mac = HmacSha256::new_from_slice(&self.key).ok()?;
        mac.update(payload.challenge.as_bytes());
        let signature = (0..payload.signature.len() / 2)
            .map(|i| u8::from_str_radix(payload.signature.get(2 * i..2 * i + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()?;
        mac.verify_slice(&signature).ok()?;
        if hex(&Sha256::digest(
            format!("{}{}", payload.salt, payload.number).as_bytes(),
        )) != payload.challenge
        {
            return None;
        }
        let expires: i64 = payload
            .salt
            .split_once("?")?
            .1
            .split('&')
            .find_map(|p| p.strip_prefix("expires="))?
            .parse()
            .ok()?;
        (expires >= (self.clock)()).then_some((payload.signature, expires))
    }
}

impl CaptchaVerifier for AltchaVerifier {
    fn verify<'a>(&'a self, response: &'a str, _ip: &'a str) -> Verdict<'a> {
        Box::pin(async move {
            let Some((signature, expires)) = self.check(response) else {
                return Ok(false);
            };
            // Spent once: a replay of the same solution is refused until it expires anyway.
            self.spent.spend_once(&signature, expires).await
        })
    }

    fn challenge(&self) -> Option<AltchaChallenge> {
        Some(self.make_challenge())
    }

    fn name(&self) -> &'static str {
        "altcha"
    }
}

/// The verifier the configuration names; ALTCHA's key from the configuration, else (when
/// allowed) one made once in `data_dir`.
pub fn from_config(
    config: &CaptchaConfig,
    data_dir: &Path,
    store: Arc<dyn client_store::ClientStore>,
) -> anyhow::Result<Box<dyn CaptchaVerifier>> {
    match config.verifier.as_str() {
        "dev" => Ok(Box::new(DevVerifier)),
        "none" => Ok(Box::new(RefuseAll)),
        "altcha" => {
            let key = match config.hmac_key.as_deref().filter(|k| !k.is_empty()) {
                Some(key) if key.len() < 32 => anyhow::bail!("captcha.hmac_key (CAPTCHA_HMAC_KEY) must have at least 32 characters"),
                Some(key) => key.as_bytes().to_vec(),
                None if config.generate_hmac_key => local_key(data_dir)?,
                None => anyhow::bail!("captcha.hmac_key (CAPTCHA_HMAC_KEY) is required: every replica must share it (generate_hmac_key is off)"),
            };
            Ok(Box::new(AltchaVerifier::new(
                key,
                config.max_number,
                config.expires_secs,
                Box::new(store),
            )))
        }
        other => anyhow::bail!("unknown captcha verifier {other:?}: expected altcha, dev or none"),
    }
}

/// A key kept in the data directory (created on first start, readable by this user only).
fn local_key(data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    let path = data_dir.join(KEY_FILE);
    if let Ok(text) = std::fs::read_to_string(&path) {
        if text.trim().len() >= 32 {
            return Ok(text.trim().as_bytes().to_vec());
        }
    }
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("creating {}", data_dir.display()))?;
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    let key = hex(&bytes);
    std::fs::write(&path, &key).with_context(|| format!("writing {}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(key.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::sync::Mutex;

    #[derive(Default)]
    struct Memory(Mutex<HashSet<String>>);

    impl SpentKeys for Arc<Memory> {
        fn spend_once<'a>(
            &'a self,
            key: &'a str,
            _expires_at: i64,
        ) -> Pin<Box<dyn Future<Output = Result<bool, String>> + Send + 'a>> {
            Box::pin(async move { Ok(self.0.lock().unwrap().insert(key.to_owned())) })
        }
    }

    /// The widget's work: the number whose hash is the challenge.
    fn solve(c: &AltchaChallenge) -> u64 {
        (0..=c.maxnumber)
            .find(|n| hex(&Sha256::digest(format!("{}{n}", c.salt).as_bytes())) == c.challenge)
            .expect("solvable")
    }

    fn payload(c: &AltchaChallenge, number: u64) -> String {
        let json = serde_json::json!({"algorithm": c.algorithm, "challenge": c.challenge, "number": number, "salt": c.salt, "signature": c.signature, "took": 5});
        base64::engine::general_purpose::STANDARD.encode(json.to_string())
    }

    fn verifier(now: Arc<AtomicI64>) -> AltchaVerifier {
        AltchaVerifier::new(
            b"0123456789abcdef0123456789abcdef".to_vec(),
            2_000,
            300,
            Box::new(Arc::new(Memory::default())),
        )
        .with_clock(move || now.load(Ordering::SeqCst))
    }

    #[tokio::test]
    async fn a_solution_is_accepted_once_and_not_after_it_expires() {
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        let v = verifier(now.clone());
        let c = v.make_challenge();
        assert!(c.salt.contains("?expires=1800000300"));
        let good = payload(&c, solve(&c));
        assert_eq!(v.verify(&good, "ip").await, Ok(true));
        assert_eq!(
            v.verify(&good, "ip").await,
            Ok(false),
            "a replay is refused"
        );
        let c2 = v.make_challenge();
        let late = payload(&c2, solve(&c2));
        now.store(1_800_000_301, Ordering::SeqCst);
        assert_eq!(v.verify(&late, "ip").await, Ok(false), "expired");
    }

    #[tokio::test]
    async fn forged_and_malformed_solutions_are_refused() {
        let v = verifier(Arc::new(AtomicI64::new(1_800_000_000)));
        let c = v.make_challenge();
        let n = solve(&c);
        // Another number, another salt (a later expiry), another signature, another key.
        assert_eq!(v.verify(&payload(&c, n + 1), "ip").await, Ok(false));
        let later = AltchaChallenge {
            salt: c.salt.replace("1800000300", "1900000000"),
            ..c.clone()
        };
        assert_eq!(v.verify(&payload(&later, n), "ip").await, Ok(false));
        let resigned = AltchaChallenge {
            signature: "00".repeat(32),
            ..c.clone()
        };
        assert_eq!(v.verify(&payload(&resigned, n), "ip").await, Ok(false));
        let other = AltchaVerifier::new(
            b"another key, another key, another key".to_vec(),
            2_000,
            300,
            Box::new(Arc::new(Memory::default())),
        );
        let theirs = other.make_challenge();
        assert_eq!(
            v.verify(&payload(&theirs, solve(&theirs)), "ip").await,
            Ok(false)
        );
        for garbage in ["", "not base64!", "eyJ9", &"A".repeat(5000)] {
            assert_eq!(v.verify(garbage, "ip").await, Ok(false), "{garbage:.20}");
        }
        assert_eq!(
            v.verify(&payload(&c, n), "ip").await,
            Ok(true),
            "the real one still works"
        );
    }
}
