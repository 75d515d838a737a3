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
///
/// The bytes are gathered in a buffer and given to the hasher a few kilobytes at a time: a page
/// feeds thousands of nodes of a few bytes each, and each `Xxh3::update` has a cost of its own.
/// The hasher sees the same bytes in the same order, so the digest is the same as feeding them
/// one by one.
pub fn hash_value(hasher: &mut xxhash_rust::xxh3::Xxh3, value: &serde_json::Value) {
    let mut feed = Feed {
        hasher,
        buffer: Vec::with_capacity(Feed::FLUSH_AT + Feed::DIRECT_FROM),
    };
    feed.value(value);
    feed.flush();
}

/// A value's bytes on their way to the hasher.
struct Feed<'a> {
    hasher: &'a mut xxhash_rust::xxh3::Xxh3,
    buffer: Vec<u8>,
}

impl Feed<'_> {
    /// The buffer goes to the hasher once it holds this much.
    const FLUSH_AT: usize = 4096;
    /// A string this long goes to the hasher directly, not through the buffer.
    const DIRECT_FROM: usize = 512;

    fn flush(&mut self) {
        self.hasher.update(&self.buffer);
        self.buffer.clear();
    }

    fn bytes(&mut self, bytes: &[u8]) {
        if bytes.len() >= Self::DIRECT_FROM {
            self.flush();
            self.hasher.update(bytes);
            return;
        }
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= Self::FLUSH_AT {
            self.flush();
        }
    }

    fn head(&mut self, tag: u8, n: u64) {
        let mut bytes = [0u8; 9];
        bytes[0] = tag;
        bytes[1..].copy_from_slice(&n.to_le_bytes());
        self.bytes(&bytes);
    }

    fn text(&mut self, text: &str) {
        self.head(5, text.len() as u64);
        self.bytes(text.as_bytes());
    }

    fn value(&mut self, value: &serde_json::Value) {
        use serde_json::Value;
        match value {
            Value::Null => self.bytes(&[0]),
            Value::Bool(b) => self.bytes(&[1, u8::from(*b)]),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => self.head(2, u),
                (None, Some(i)) => self.head(3, i as u64),
                _ => self.head(4, n.as_f64().unwrap_or_default().to_bits()),
            },
            Value::String(s) => self.text(s),
            Value::Array(items) => {
                self.head(6, items.len() as u64);
                for item in items {
                    self.value(item);
                }
            }
            Value::Object(map) => {
                self.head(7, map.len() as u64);
                for (key, item) in map {
                    self.text(key);
                    self.value(item);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// The bytes `hash_value` stands for, written out whole.
    fn layout(value: &Value, out: &mut Vec<u8>) {
        let head = |out: &mut Vec<u8>, tag: u8, n: u64| {
            out.push(tag);
            out.extend_from_slice(&n.to_le_bytes());
        };
        match value {
            Value::Null => out.push(0),
            Value::Bool(b) => out.extend_from_slice(&[1, u8::from(*b)]),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => head(out, 2, u),
                (None, Some(i)) => head(out, 3, i as u64),
                _ => head(out, 4, n.as_f64().unwrap().to_bits()),
            },
            Value::String(s) => {
                head(out, 5, s.len() as u64);
                out.extend_from_slice(s.as_bytes());
            }
            Value::Array(items) => {
                head(out, 6, items.len() as u64);
                items.iter().for_each(|item| layout(item, out));
            }
            Value::Object(map) => {
                head(out, 7, map.len() as u64);
                for (key, item) in map {
                    head(out, 5, key.len() as u64);
                    out.extend_from_slice(key.as_bytes());
                    layout(item, out);
                }
            }
        }
    }

    fn digest(value: &Value) -> u64 {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hash_value(&mut hasher, value);
        hasher.digest()
    }

    #[test]
    fn the_buffered_feed_hashes_the_layout_byte_for_byte() {
        // Long strings (fed directly), thousands of small nodes (several buffer flushes),
        // every kind of node.
        let long = "é".repeat(700);
        let value = json!({
            "long": long,
            "many": (0..2000).map(|i| json!({"n": i, "neg": -i, "f": 0.5, "b": i % 2 == 0, "z": null, "s": "x"})).collect::<Vec<_>>(),
            "edge": "y".repeat(Feed::DIRECT_FROM - 1),
        });
        let mut bytes = Vec::new();
        layout(&value, &mut bytes);
        assert!(bytes.len() > 10 * Feed::FLUSH_AT);
        assert_eq!(digest(&value), xxhash_rust::xxh3::xxh3_64(&bytes));
    }

    #[test]
    fn values_that_print_alike_hash_apart() {
        assert_ne!(digest(&json!(["ab"])), digest(&json!(["a", "b"])));
        assert_ne!(digest(&json!({"a": "b"})), digest(&json!(["a", "b"])));
        assert_ne!(digest(&json!(1)), digest(&json!("1")));
        assert_ne!(digest(&json!(-1)), digest(&json!(u64::MAX)));
        assert_eq!(digest(&json!({"a": [1, 2]})), digest(&json!({"a": [1, 2]})));
    }
}
