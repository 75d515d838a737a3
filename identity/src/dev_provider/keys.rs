//! The dev provider's RSA key pair: made once, kept as PEM in the data directory so tokens
//! and sessions survive restarts, and published as a one-key JWKS.

use std::fs;
use std::io::{ErrorKind, Write as _};
use std::path::Path;

use anyhow::{bail, Context as _};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::EncodingKey;
use rsa::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey, LineEnding};
use rsa::pkcs8::{DecodePrivateKey, EncodePublicKey};
use rsa::traits::PublicKeyParts;
use rsa::RsaPrivateKey;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// File name of the private key inside the data directory.
pub const KEY_FILE: &str = "identity-dev-key.pem";
const KEY_BITS: usize = 2048;

#[derive(Clone)]
pub(crate) struct SigningKeys {
    pub(crate) encoding: EncodingKey,
    pub(crate) kid: String,
    n_b64: String,
    e_b64: String,
    pub(crate) public_pem: String,
}

impl SigningKeys {
    pub(crate) fn load_or_create(dir: &Path) -> anyhow::Result<SigningKeys> {
        fs::create_dir_all(dir)
            .with_context(|| format!("cannot create data directory {}", dir.display()))?;
        let path = dir.join(KEY_FILE);
        let private = match fs::read_to_string(&path) {
            Ok(pem) => parse_private_pem(&pem)
                .with_context(|| format!("{} is not an RSA private key", path.display()))?,
            Err(error) if error.kind() == ErrorKind::NotFound => {
                let key = RsaPrivateKey::new(&mut rand::thread_rng(), KEY_BITS)
                    .context("cannot generate the dev identity key")?;
                persist(dir, &path, &key)?;
                tracing::info!(path = %path.display(), "created dev identity signing key");
                key
            }
            Err(error) => {
                return Err(error).with_context(|| format!("cannot read {}", path.display()))
            }
        };
        SigningKeys::from_private(&private)
    }

    fn from_private(key: &RsaPrivateKey) -> anyhow::Result<SigningKeys> {
        key.validate()
            .context("RSA key fails its consistency check")?;
        if key.size() * 8 < KEY_BITS {
            bail!(
                "RSA key has {} bits; at least {KEY_BITS} are required",
                key.size() * 8
            );
        }
        let der = key.to_pkcs1_der().context("cannot encode the RSA key")?;
        let public = key.to_public_key();
        let n = public.n().to_bytes_be();
        let e = public.e().to_bytes_be();
        Ok(SigningKeys {
            encoding: EncodingKey::from_rsa_der(der.as_bytes()),
            kid: key_id(&n),
            n_b64: URL_SAFE_NO_PAD.encode(&n),
            e_b64: URL_SAFE_NO_PAD.encode(&e),
            public_pem: public
                .to_public_key_pem(LineEnding::LF)
                .context("cannot encode the public key")?,
        })
    }

    pub(crate) fn jwks(&self) -> Value {
        json!({ "keys": [{
            "kty": "RSA", "use": "sig", "alg": "RS256",
            "kid": self.kid, "n": self.n_b64, "e": self.e_b64,
        }]})
    }
}

/// Derived from the modulus, so the same key always has the same id and a new key a new one.
fn key_id(modulus: &[u8]) -> String {
    hex_prefix(&Sha256::digest(modulus), 16)
}

pub(crate) fn hex_prefix(bytes: &[u8], chars: usize) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>()
        .chars()
        .take(chars)
        .collect()
}

/// PKCS#1 is what we write; PKCS#8 is accepted so an operator can bring an openssl key.
fn parse_private_pem(pem: &str) -> anyhow::Result<RsaPrivateKey> {
    match RsaPrivateKey::from_pkcs1_pem(pem) {
        Ok(key) => Ok(key),
        Err(pkcs1) => RsaPrivateKey::from_pkcs8_pem(pem)
            .map_err(|pkcs8| anyhow::anyhow!("neither PKCS#1 ({pkcs1}) nor PKCS#8 ({pkcs8})")),
    }
}

/// Writes to a temporary file then renames, so a crash never leaves half a key behind;
/// owner-only permissions since it is a private key, even a dev one.
fn persist(dir: &Path, path: &Path, key: &RsaPrivateKey) -> anyhow::Result<()> {
    let pem = key
        .to_pkcs1_pem(LineEnding::LF)
        .context("cannot encode the RSA key")?;
    let temporary = dir.join(format!(".{KEY_FILE}.{}.tmp", std::process::id()));
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(&temporary)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    file.write_all(pem.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    fs::rename(&temporary, path).with_context(|| format!("cannot create {}", path.display()))
}
