//! Skeleton; see Cargo.toml description.
