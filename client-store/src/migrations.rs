//! The schema's migrations, embedded in the binary: `migrations/{sqlite,postgres}/NNNN_name.sql`
//! with the version, description and SHA-384 checksum `sqlx::migrate!` would give them (a
//! database it migrated is recognised as up to date), without sqlx's proc-macro crate (see
//! `rows` for why). A test checks the list against the folders as sqlx reads them.

use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::SqlStr;
use std::sync::LazyLock;

/// Each migration's version and name (the file's, after the version), in order.
const NAMES: [(i64, &str); 5] = [
    (1, "clients"),
    (2, "cards"),
    (3, "spent_keys"),
    (4, "write_probe"),
    (5, "calendar_tokens"),
];

macro_rules! files {
    ($dir:literal) => {
        [
            include_str!(concat!("../migrations/", $dir, "/0001_clients.sql")),
            include_str!(concat!("../migrations/", $dir, "/0002_cards.sql")),
            include_str!(concat!("../migrations/", $dir, "/0003_spent_keys.sql")),
            include_str!(concat!("../migrations/", $dir, "/0004_write_probe.sql")),
            include_str!(concat!("../migrations/", $dir, "/0005_calendar_tokens.sql")),
        ]
    };
}

pub(crate) static SQLITE: LazyLock<Migrator> = LazyLock::new(|| migrator(files!("sqlite")));
pub(crate) static POSTGRES: LazyLock<Migrator> = LazyLock::new(|| migrator(files!("postgres")));

fn migrator(sql: [&'static str; 5]) -> Migrator {
    Migrator::with_migrations(
        NAMES
            .iter()
            .zip(sql)
            .map(|(&(version, name), sql)| {
                Migration::new(
                    version,
                    name.replace('_', " ").into(),
                    MigrationType::Simple,
                    SqlStr::from_static(sql),
                    // As sqlx reads a file: a first line saying so runs it outside a transaction.
                    sql.starts_with("-- no-transaction"),
                )
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[tokio::test]
    async fn the_embedded_migrations_are_the_folders_as_sqlx_reads_them() {
        for (dir, embedded) in [("sqlite", &*SQLITE), ("postgres", &*POSTGRES)] {
            let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("migrations")
                .join(dir);
            let read = Migrator::new(folder.as_path())
                .await
                .expect("the migrations folder");
            let describe = |m: &Migrator| {
                m.iter()
                    .map(|m| {
                        let checksum = m.checksum.to_vec();
                        (
                            m.version,
                            m.description.to_string(),
                            m.migration_type,
                            checksum,
                            m.no_tx,
                        )
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                describe(embedded),
                describe(&read),
                "{dir}: a file added, renamed or missing here?"
            );
        }
    }
}
