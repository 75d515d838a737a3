//! Pre-compressed siblings of the text files a build writes: `page.html` gets `page.html.gz`
//! and `page.html.br`, served by nginx (`gzip_static`, `brotli_static` where the module is
//! loaded) and uploaded with their `Content-Encoding` by `publish`. Computed by `Output` only
//! for files written by this build; a kept file keeps its siblings (docs/decisions.md, levels).

use std::io::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

/// gzip level (flate2, miniz_oxide backend) and brotli quality, measured on the build's pages
/// (docs/decisions.md "Pre-compressed output"): the default level 6 of gzip costs about as much
/// CPU as brotli 5 and both stay a small share of a build; brotli 11 would take minutes.
pub const GZIP_LEVEL: u32 = 6;
pub const BROTLI_QUALITY: u32 = 5;
/// brotli's window (log2 of bytes): 22 (4 MB) covers any page.
const BROTLI_WINDOW: u32 = 22;

/// The two sibling suffixes, in the order they are written.
pub const SUFFIXES: [&str; 2] = [".gz", ".br"];

/// Whether a file of this name gets siblings: HTML, CSS, JS, JSON, SVG, XML (and plain text
/// such as robots.txt is left as it is: tiny).
pub fn compressible(rel: &str) -> bool {
    let Some((_, ext)) = rel.rsplit_once('.') else {
        return false;
    };
    matches!(
        ext.to_ascii_lowercase().as_str(),
        "html" | "css" | "js" | "mjs" | "json" | "svg" | "xml" | "ics"
    )
}

/// Whether `rel` is a sibling (`….html.gz`, `….css.br`) of a compressible file.
pub fn is_sibling(rel: &str) -> bool {
    SUFFIXES
        .iter()
        .any(|s| rel.strip_suffix(s).is_some_and(compressible))
}

pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        flate2::Compression::new(GZIP_LEVEL),
    );
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

pub fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() / 4);
    {
        let mut writer =
            brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
        writer.write_all(bytes).expect("writing to memory");
    }
    out
}

/// Whether `rel` gets a brotli sibling: every compressible file but calendar feeds, which
/// calendar apps fetch (with gzip at most) rather than browsers; brotli would double their
/// pre-compression for no reader (docs/decisions.md, "Calendar feeds").
pub fn wants_brotli(rel: &std::path::Path) -> bool {
    rel.extension()
        .is_none_or(|ext| !ext.eq_ignore_ascii_case("ics"))
}

/// The siblings of `rel` worth writing, as (suffix, bytes): one whose bytes are not smaller
/// than the original (tiny files) is left out, and the server then sends the original.
pub fn siblings(
    rel: &std::path::Path,
    bytes: &[u8],
    stats: &CompressStats,
) -> Vec<(&'static str, Vec<u8>)> {
    let mut out = Vec::with_capacity(2);
    let mut packed = vec![(".gz", gzip(bytes))];
    if wants_brotli(rel) {
        packed.push((".br", brotli(bytes)));
    }
    for (suffix, packed) in packed {
        if packed.len() < bytes.len() {
            match suffix {
                ".gz" => stats.gzip_bytes.fetch_add(packed.len() as u64, Relaxed),
                _ => stats.brotli_bytes.fetch_add(packed.len() as u64, Relaxed),
            };
            out.push((suffix, packed));
        } else {
            stats.skipped.fetch_add(1, Relaxed);
        }
    }
    stats.files.fetch_add(1, Relaxed);
    stats.original_bytes.fetch_add(bytes.len() as u64, Relaxed);
    out
}

fn thread_cpu() -> Duration {
    cpu_time::ThreadTime::try_now()
        .map(|t| t.as_duration())
        .unwrap_or_default()
}

/// Counters of one build's compression, summed over threads.
#[derive(Default)]
pub struct CompressStats {
    pub files: AtomicUsize,
    pub kept: AtomicUsize,
    pub skipped: AtomicUsize,
    pub original_bytes: AtomicU64,
    pub gzip_bytes: AtomicU64,
    pub brotli_bytes: AtomicU64,
    pub cpu_micros: AtomicU64,
}

/// The build report's `output.compress`: apart from the page phases (their CPU figures exclude
/// it). `cpu_ms`: reading each file, compressing it and writing its siblings (`timed`);
/// `files`: originals compressed by this build; `kept`: originals whose siblings were kept
/// from the previous build; `skipped`: siblings not written (not smaller than the original).
#[derive(Debug, Default, serde::Serialize)]
pub struct CompressReport {
    pub files: usize,
    pub kept: usize,
    pub skipped: usize,
    pub original_bytes: u64,
    pub gzip_bytes: u64,
    pub brotli_bytes: u64,
    pub gzip_level: u32,
    pub brotli_quality: u32,
    pub cpu_ms: u64,
    pub wall_ms: u64,
}

impl CompressStats {
    /// Runs the pre-compression of one file (reading it, compressing it, writing its
    /// siblings), adding the CPU time it took on this thread, system time included, to the
    /// build's: creating and writing twelve thousand sibling files is pre-compression's work
    /// as much as deflate is, and the page phases' figures exclude all of it.
    pub fn timed<T>(&self, work: impl FnOnce() -> T) -> T {
        let started = thread_cpu();
        let result = work();
        self.cpu_micros.fetch_add(
            thread_cpu().saturating_sub(started).as_micros() as u64,
            Relaxed,
        );
        result
    }

    pub fn report(&self, wall: Duration) -> CompressReport {
        CompressReport {
            files: self.files.load(Relaxed),
            kept: self.kept.load(Relaxed),
            skipped: self.skipped.load(Relaxed),
            original_bytes: self.original_bytes.load(Relaxed),
            gzip_bytes: self.gzip_bytes.load(Relaxed),
            brotli_bytes: self.brotli_bytes.load(Relaxed),
            gzip_level: GZIP_LEVEL,
            brotli_quality: BROTLI_QUALITY,
            cpu_ms: self.cpu_micros.load(Relaxed) / 1000,
            wall_ms: wall.as_millis() as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;
    use std::path::Path;

    #[test]
    fn siblings_decode_to_the_original_and_tiny_files_get_none() {
        let page = "<!doctype html><title>x</title><p>séance à 20h</p>".repeat(50);
        let stats = CompressStats::default();
        let got = siblings(Path::new("fr/index.html"), page.as_bytes(), &stats);
        assert_eq!(got.len(), 2);
        let mut gz = String::new();
        flate2::read::GzDecoder::new(&got[0].1[..])
            .read_to_string(&mut gz)
            .unwrap();
        assert_eq!(gz, page);
        let mut br = String::new();
        brotli::Decompressor::new(&got[1].1[..], 4096)
            .read_to_string(&mut br)
            .unwrap();
        assert_eq!(br, page);
        assert!(siblings(Path::new("fr/a.json"), b"{}", &stats).is_empty());
        let feed = "BEGIN:VEVENT\r\nSUMMARY:Dune\r\nEND:VEVENT\r\n".repeat(50);
        let got = siblings(
            Path::new("fr/calendars/cinema-a.ics"),
            feed.as_bytes(),
            &stats,
        );
        assert_eq!(got.iter().map(|s| s.0).collect::<Vec<_>>(), [".gz"]);
        assert_eq!(stats.report(Duration::ZERO).skipped, 2);
        assert!(wants_brotli(Path::new("fr/index.html")) && !wants_brotli(Path::new("a/b.ICS")));
        assert!(compressible("fr/index.html") && compressible("assets/a.JS"));
        assert!(!compressible("robots.txt") && !compressible("a.png"));
        assert!(is_sibling("fr/index.html.gz") && !is_sibling("a.png.gz"));
    }
}
