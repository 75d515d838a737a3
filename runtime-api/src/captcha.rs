//! Captcha verification for the voucher checker and gift cards (spec §7: a captcha response
//! header). Pluggable: the dev verifier accepts one fixed answer so tests and local use need
//! no third-party service; `none` refuses every look-up until a real verifier is configured.

use std::future::Future;
use std::pin::Pin;

pub type Verdict<'a> = Pin<Box<dyn Future<Output = Result<bool, String>> + Send + 'a>>;

pub trait CaptchaVerifier: Send + Sync {
    /// Whether `response` (what the widget gave the browser) proves a human, for `ip`.
    fn verify<'a>(&'a self, response: &'a str, ip: &'a str) -> Verdict<'a>;
}

/// The answer the dev verifier accepts (the islands' dev captcha field fills it in).
pub const DEV_CAPTCHA_ANSWER: &str = "dev-ok";

pub struct DevVerifier;

impl CaptchaVerifier for DevVerifier {
    fn verify<'a>(&'a self, response: &'a str, _ip: &'a str) -> Verdict<'a> {
        Box::pin(async move { Ok(response == DEV_CAPTCHA_ANSWER) })
    }
}

pub struct RefuseAll;

impl CaptchaVerifier for RefuseAll {
    fn verify<'a>(&'a self, _response: &'a str, _ip: &'a str) -> Verdict<'a> {
        Box::pin(async { Ok(false) })
    }
}

pub fn from_config(name: &str) -> anyhow::Result<Box<dyn CaptchaVerifier>> {
    match name {
        "dev" => Ok(Box::new(DevVerifier)),
        "none" => Ok(Box::new(RefuseAll)),
        other => anyhow::bail!("unknown captcha verifier {other:?}: expected dev or none"),
    }
}
