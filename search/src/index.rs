//! One site and language: its tantivy index in memory, its finished results, and the
//! collector that gathers every hit.
//!
//! The index is written once, with tantivy's single-segment writer: no background threads
//! (the locales are built in parallel by the caller), no merges, one segment to search.
//! Documents hold no stored fields: a hit carries the number of its entry (a fast field)
//! and the finished [`SearchResult`] is taken from `results`.

use std::cmp::Ordering;

use site::content::{SearchResult, SearchResultType};
use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::directory::RamDirectory;
use tantivy::query::Query;
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED,
};
use tantivy::tokenizer::{TextAnalyzer, TokenizerManager};
use tantivy::{
    DocId, Index, ReloadPolicy, Score, Searcher, SegmentOrdinal, SegmentReader, TantivyDocument,
};

use crate::document::Entry;
use crate::tokenizer::{FoldingTokenizer, FOLDING};

/// Writer memory: far more than a locale needs (a few thousand short documents at scale
/// 10), and small enough that two locales built at once cost little. The writer sizes its
/// term hash table from it.
const WRITER_MEMORY: usize = 4_000_000;

const ENTRY: &str = "entry";

#[derive(Clone, Copy, Debug)]
pub(crate) struct Fields {
    pub title: Field,
    pub body: Field,
    /// Postal-code keys, one term each (raw, not split: "1012ab" is one code).
    pub postal: Field,
    /// [`kind_code`] of the result type, to tell cinemas apart in the postal-code query.
    pub kind: Field,
    /// Position of the entry in `LocaleIndex::results`.
    pub entry: Field,
}

fn schema() -> (Schema, Fields) {
    // Documents, not frequencies or positions: scores are constant per way of matching
    // (see `query`), and there are no phrase queries.
    let words = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(FOLDING)
            .set_index_option(IndexRecordOption::Basic)
            .set_fieldnorms(false),
    );
    let codes = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("raw")
            .set_index_option(IndexRecordOption::Basic)
            .set_fieldnorms(false),
    );
    let mut builder = Schema::builder();
    let fields = Fields {
        title: builder.add_text_field("title", words.clone()),
        body: builder.add_text_field("body", words),
        postal: builder.add_text_field("postal", codes),
        kind: builder.add_u64_field("kind", INDEXED),
        entry: builder.add_u64_field(ENTRY, FAST),
    };
    (builder.build(), fields)
}

/// A result type as a number, for the `kind` field.
pub(crate) fn kind_code(kind: SearchResultType) -> u64 {
    match kind {
        SearchResultType::Cinema => 0,
        SearchResultType::Show => 1,
        SearchResultType::Event => 2,
        SearchResultType::Gpxp => 3,
        SearchResultType::News => 4,
        SearchResultType::Offer => 5,
        SearchResultType::Faq => 6,
        SearchResultType::MasterTemplate => 7,
    }
}

/// A finished result and its place in the tie-break order.
#[derive(Debug)]
pub(crate) struct Ranked {
    pub result: SearchResult,
    /// Position in the order of folded titles (then ids): among equal scores, results read
    /// alphabetically, and the same query always answers in the same order.
    pub rank: u32,
}

/// A matching entry and its score.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub entry: u32,
    pub score: Score,
}

pub(crate) struct LocaleIndex {
    /// Kept for the index's life: the index never changes, so one searcher serves every
    /// query (no reader reloads, no per-query set-up).
    searcher: Searcher,
    pub fields: Fields,
    pub results: Vec<Ranked>,
}

impl LocaleIndex {
    pub fn build(entries: Vec<Entry>) -> tantivy::Result<LocaleIndex> {
        let (schema, fields) = schema();
        let tokenizers = TokenizerManager::default();
        tokenizers.register(FOLDING, TextAnalyzer::from(FoldingTokenizer::default()));
        let mut writer = Index::builder()
            .schema(schema)
            .tokenizers(tokenizers)
            .single_segment_index_writer::<TantivyDocument>(
                RamDirectory::create(),
                WRITER_MEMORY,
            )?;
        for (n, entry) in entries.iter().enumerate() {
            let mut doc = TantivyDocument::default();
            doc.add_text(fields.title, &entry.title);
            doc.add_text(fields.body, &entry.body);
            for code in &entry.postal_codes {
                doc.add_text(fields.postal, code);
            }
            doc.add_u64(fields.kind, kind_code(entry.result.kind));
            doc.add_u64(fields.entry, n as u64);
            writer.add_document(doc)?;
        }
        let index = writer.finalize()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let searcher = reader.searcher();

        let mut order: Vec<(String, usize)> = entries
            .iter()
            .enumerate()
            .map(|(n, e)| (site::text::fold(&e.title), n))
            .collect();
        order.sort_by(|(a, an), (b, bn)| {
            a.cmp(b)
                .then_with(|| entries[*an].result.id.cmp(&entries[*bn].result.id))
        });
        let mut ranks = vec![0u32; entries.len()];
        for (rank, (_, n)) in order.into_iter().enumerate() {
            ranks[n] = rank as u32;
        }
        let results = entries
            .into_iter()
            .zip(ranks)
            .map(|(e, rank)| Ranked {
                result: e.result,
                rank,
            })
            .collect();
        Ok(LocaleIndex {
            searcher,
            fields,
            results,
        })
    }

    /// Every document matching `query`, unordered.
    pub fn hits(&self, query: &dyn Query) -> tantivy::Result<Vec<Hit>> {
        self.searcher.search(query, &AllHits)
    }

    /// Best first: higher score, then tie-break rank.
    pub fn compare(&self, a: &Hit, b: &Hit) -> Ordering {
        b.score.total_cmp(&a.score).then_with(|| {
            self.results[a.entry as usize]
                .rank
                .cmp(&self.results[b.entry as usize].rank)
        })
    }
}

/// Collects every hit with its score. The whole locale holds a few thousand documents at
/// most, so gathering all of them costs less than keeping one heap per type, and gives the
/// totals for free.
struct AllHits;

struct SegmentHits {
    entries: Column<u64>,
    hits: Vec<Hit>,
}

impl Collector for AllHits {
    type Fruit = Vec<Hit>;
    type Child = SegmentHits;

    fn for_segment(
        &self,
        _segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentHits> {
        Ok(SegmentHits {
            entries: reader.fast_fields().u64(ENTRY)?,
            hits: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Vec<Hit>>) -> tantivy::Result<Vec<Hit>> {
        Ok(fruits.into_iter().flatten().collect())
    }
}

impl SegmentCollector for SegmentHits {
    type Fruit = Vec<Hit>;

    fn collect(&mut self, doc: DocId, score: Score) {
        // Every document has its entry number; one without would be a bug in `build`, and
        // skipping it is safer than answering with another entry.
        if let Some(entry) = self.entries.first(doc) {
            self.hits.push(Hit {
                entry: entry as u32,
                score,
            });
        }
    }

    fn harvest(self) -> Vec<Hit> {
        self.hits
    }
}
