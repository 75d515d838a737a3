//! Folding intention rows and emotion rows into one feeling per show. The store reads the two
//! tables with one `UNION ALL` query and hands the rows here, where the ordering rules live.

use crate::{Emotion, ShowFeeling};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

row_struct! {
    /// One row of the `UNION ALL`: exactly one of `intention` and `emotion` is set.
    pub struct FeelingRow {
        pub slug: String,
        pub intention: Option<i16>,
        pub emotion: Option<Emotion>,
        pub changed_at: DateTime<Utc>,
    }
}

fn fold(rows: Vec<FeelingRow>) -> HashMap<String, (ShowFeeling, DateTime<Utc>)> {
    let mut by_slug: HashMap<String, (ShowFeeling, DateTime<Utc>)> = HashMap::new();
    for row in rows {
        let (feeling, changed_at) = by_slug.entry(row.slug.clone()).or_insert_with(|| {
            let feeling = ShowFeeling {
                slug: row.slug,
                intention: None,
                emotion: None,
            };
            (feeling, row.changed_at)
        });
        feeling.intention = feeling.intention.or(row.intention);
        feeling.emotion = feeling.emotion.or(row.emotion);
        *changed_at = (*changed_at).max(row.changed_at);
    }
    by_slug
}

/// The feelings of the `asked` slugs (distinct), in the order asked; shows without any
/// feeling are left out.
pub(crate) fn in_order_asked(asked: &[&str], rows: Vec<FeelingRow>) -> Vec<ShowFeeling> {
    let mut by_slug = fold(rows);
    asked
        .iter()
        .filter_map(|slug| by_slug.remove(*slug).map(|(feeling, _)| feeling))
        .collect()
}

/// Every feeling, most recently changed first (ties by slug, so the order is stable).
pub(crate) fn newest_first(rows: Vec<FeelingRow>) -> Vec<ShowFeeling> {
    let mut feelings: Vec<(ShowFeeling, DateTime<Utc>)> = fold(rows).into_values().collect();
    feelings.sort_by(|(a, a_at), (b, b_at)| b_at.cmp(a_at).then_with(|| a.slug.cmp(&b.slug)));
    feelings.into_iter().map(|(feeling, _)| feeling).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn row(slug: &str, intention: Option<i16>, emotion: Option<Emotion>, at: i64) -> FeelingRow {
        FeelingRow {
            slug: slug.to_string(),
            intention,
            emotion,
            changed_at: Utc.timestamp_opt(at, 0).unwrap(),
        }
    }

    #[test]
    fn rows_of_one_show_become_one_feeling() {
        let rows = vec![
            row("dune", Some(2), None, 10),
            row("alien", None, Some(Emotion::Loved), 30),
            row("dune", None, Some(Emotion::Liked), 20),
        ];
        let asked = ["alien", "heat", "dune"];
        let feelings = in_order_asked(&asked, rows);
        assert_eq!(feelings.len(), 2);
        assert_eq!(feelings[0].slug, "alien");
        assert_eq!(feelings[1].intention, Some(2));
        assert_eq!(feelings[1].emotion, Some(Emotion::Liked));
    }

    #[test]
    fn newest_change_comes_first() {
        let rows = vec![
            row("dune", Some(2), None, 10),
            row("alien", Some(1), None, 15),
            row("dune", None, Some(Emotion::Liked), 20),
        ];
        let slugs: Vec<String> = newest_first(rows).into_iter().map(|f| f.slug).collect();
        assert_eq!(slugs, ["dune", "alien"]);
    }
}
