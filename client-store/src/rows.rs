//! Rows read into structs by column name, for both databases: `sqlx::FromRow` implemented by
//! [`row_struct!`] around the struct's own definition, as `#[derive(sqlx::FromRow)]` would.
//!
//! Why not the derive: it lives in sqlx's proc-macro crate, whose database features then build
//! both drivers and the bundled SQLite a second time for the compiler (2 minutes of a cold
//! build on two cores); the macro below needs nothing but sqlx's traits.

/// Defines the struct as written and implements `sqlx::FromRow` for it over any database
/// whose rows are indexed by column name: each field is read from the column of its name.
macro_rules! row_struct {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[$field_meta:meta])* $field_vis:vis $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $( $(#[$field_meta])* $field_vis $field: $ty ),*
        }

        impl<'r, R: sqlx::Row> sqlx::FromRow<'r, R> for $name
        where
            &'r str: sqlx::ColumnIndex<R>,
            $( $ty: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>, )*
        {
            fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
                Ok($name {
                    $( $field: row.try_get(stringify!($field))?, )*
                })
            }
        }
    };
}
