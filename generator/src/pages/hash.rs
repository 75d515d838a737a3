//! Hashing serialised values without building their text: what decides whether a page's
//! inputs changed.

pub struct HashWriter(pub xxhash_rust::xxh3::Xxh3);

impl std::io::Write for HashWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Feeds a value's structure to the hasher: each node a tag with its length or bits, strings
/// as their bytes. Cheaper than writing the value's JSON text (no escaping, no number
/// formatting); two different values never feed the same bytes.
pub fn hash_value(hasher: &mut xxhash_rust::xxh3::Xxh3, value: &serde_json::Value) {
    use serde_json::Value;
    let head = |hasher: &mut xxhash_rust::xxh3::Xxh3, tag: u8, n: u64| {
        let mut bytes = [0u8; 9];
        bytes[0] = tag;
        bytes[1..].copy_from_slice(&n.to_le_bytes());
        hasher.update(&bytes);
    };
    match value {
        Value::Null => hasher.update(&[0]),
        Value::Bool(b) => hasher.update(&[1, u8::from(*b)]),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => head(hasher, 2, u),
            (None, Some(i)) => head(hasher, 3, i as u64),
            _ => head(hasher, 4, n.as_f64().unwrap_or_default().to_bits()),
        },
        Value::String(s) => {
            head(hasher, 5, s.len() as u64);
            hasher.update(s.as_bytes());
        }
        Value::Array(items) => {
            head(hasher, 6, items.len() as u64);
            for item in items {
                hash_value(hasher, item);
            }
        }
        Value::Object(map) => {
            head(hasher, 7, map.len() as u64);
            for (key, item) in map {
                head(hasher, 5, key.len() as u64);
                hasher.update(key.as_bytes());
                hash_value(hasher, item);
            }
        }
    }
}
