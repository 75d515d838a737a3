//! Secrets of the private calendar feeds (issue 17, item 1): one per client and site, a random
//! 192-bit value written as 32 URL-safe base64 characters. The store keeps only its SHA-256
//! (lower-case hex), so a copy of the database names no feed URL; a feed request is looked up
//! by the hash of the secret it carries (no comparison of secrets to time).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// Random bytes of a secret (192 bits; at least 128 are asked for).
const SECRET_BYTES: usize = 24;
const _: () = assert!(SECRET_BYTES * 8 >= 128);
/// Characters of a secret as written (base64 without padding).
pub const SECRET_LEN: usize = SECRET_BYTES * 4 / 3;

/// A new secret from the operating system's generator.
pub(crate) fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether `text` has a secret's shape; anything else is no feed's, looked up or not.
pub fn is_secret_shaped(text: &str) -> bool {
    text.len() == SECRET_LEN
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What the store keeps of a secret.
pub(crate) fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_random_and_url_safe() {
        let a = new_secret();
        let b = new_secret();
        assert_ne!(a, b);
        assert_eq!(a.len(), SECRET_LEN);
        assert!(is_secret_shaped(&a) && is_secret_shaped(&b));
        assert!(!is_secret_shaped("short"));
        assert!(!is_secret_shaped(&format!("{}/", &a[..SECRET_LEN - 1])));
    }

    #[test]
    fn the_hash_is_sha256_in_hex() {
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
