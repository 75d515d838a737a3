//! The brand's icons as PNG, in the sizes of spec §9 (32, 128, 152, 167, 180, 192, 196) and
//! 512 for the web app manifest and link previews, drawn at build time from the theme like the
//! SVG favicon (`assets::favicon`): the header's colour in a rounded square, the brand's
//! initial in the brand colour. A rebrand (name or colours) redraws them.
//!
//! A browser draws the SVG's initial with a system font; a build has no font to rely on, so
//! the initial is drawn here from strokes (`GLYPHS`, capitals A–Z on a 4×6 grid), covered
//! with anti-aliased edges (distance to each stroke and to the square's rounded border), and
//! written as an 8-bit RGBA PNG through zlib (flate2, already built for the API). No
//! rasteriser crate: the whole drawing is three shapes (decisions.md).

use flate2::{write::ZlibEncoder, Compression};
use std::io::Write as _;

/// Every size written, and how pages link it: `apple-touch-icon` for the iOS sizes.
pub const SIZES: [(u32, &str); 8] = [
    (32, "icon"),
    (128, "icon"),
    (152, "apple-touch-icon"),
    (167, "apple-touch-icon"),
    (180, "apple-touch-icon"),
    (192, "icon"),
    (196, "icon"),
    (512, "icon"),
];

/// Where an icon of `size` is written under a site's root.
pub fn path(size: u32) -> String {
    format!("icons/icon-{size}.png")
}

type Stroke = &'static [(f32, f32)];

/// Capitals as polylines on a grid 4 wide and 6 high, y downwards.
const GLYPHS: [(char, &[Stroke]); 26] = [
    (
        'A',
        &[&[(0., 6.), (2., 0.), (4., 6.)], &[(0.7, 4.), (3.3, 4.)]],
    ),
    (
        'B',
        &[&[
            (0., 3.),
            (3., 3.),
            (4., 4.),
            (4., 5.),
            (3., 6.),
            (0., 6.),
            (0., 0.),
            (3., 0.),
            (4., 1.),
            (4., 2.),
            (3., 3.),
        ]],
    ),
    (
        'C',
        &[&[
            (4., 1.),
            (3., 0.),
            (1., 0.),
            (0., 1.),
            (0., 5.),
            (1., 6.),
            (3., 6.),
            (4., 5.),
        ]],
    ),
    (
        'D',
        &[&[
            (0., 0.),
            (0., 6.),
            (2.5, 6.),
            (4., 4.5),
            (4., 1.5),
            (2.5, 0.),
            (0., 0.),
        ]],
    ),
    (
        'E',
        &[
            &[(4., 0.), (0., 0.), (0., 6.), (4., 6.)],
            &[(0., 3.), (3., 3.)],
        ],
    ),
    (
        'F',
        &[&[(4., 0.), (0., 0.), (0., 6.)], &[(0., 3.), (3., 3.)]],
    ),
    (
        'G',
        &[&[
            (4., 1.),
            (3., 0.),
            (1., 0.),
            (0., 1.),
            (0., 5.),
            (1., 6.),
            (3., 6.),
            (4., 5.),
            (4., 3.),
            (2.5, 3.),
        ]],
    ),
    (
        'H',
        &[
            &[(0., 0.), (0., 6.)],
            &[(4., 0.), (4., 6.)],
            &[(0., 3.), (4., 3.)],
        ],
    ),
    (
        'I',
        &[
            &[(2., 0.), (2., 6.)],
            &[(1., 0.), (3., 0.)],
            &[(1., 6.), (3., 6.)],
        ],
    ),
    ('J', &[&[(4., 0.), (4., 5.), (3., 6.), (1., 6.), (0., 5.)]]),
    (
        'K',
        &[
            &[(0., 0.), (0., 6.)],
            &[(4., 0.), (0., 4.)],
            &[(1.3, 2.7), (4., 6.)],
        ],
    ),
    ('L', &[&[(0., 0.), (0., 6.), (4., 6.)]]),
    ('M', &[&[(0., 6.), (0., 0.), (2., 3.5), (4., 0.), (4., 6.)]]),
    ('N', &[&[(0., 6.), (0., 0.), (4., 6.), (4., 0.)]]),
    (
        'O',
        &[&[
            (1., 0.),
            (3., 0.),
            (4., 1.),
            (4., 5.),
            (3., 6.),
            (1., 6.),
            (0., 5.),
            (0., 1.),
            (1., 0.),
        ]],
    ),
    (
        'P',
        &[&[
            (0., 6.),
            (0., 0.),
            (3., 0.),
            (4., 1.),
            (4., 2.),
            (3., 3.),
            (0., 3.),
        ]],
    ),
    (
        'Q',
        &[
            &[
                (1., 0.),
                (3., 0.),
                (4., 1.),
                (4., 5.),
                (3., 6.),
                (1., 6.),
                (0., 5.),
                (0., 1.),
                (1., 0.),
            ],
            &[(2.5, 4.5), (4., 6.)],
        ],
    ),
    (
        'R',
        &[
            &[
                (0., 6.),
                (0., 0.),
                (3., 0.),
                (4., 1.),
                (4., 2.),
                (3., 3.),
                (0., 3.),
            ],
            &[(2., 3.), (4., 6.)],
        ],
    ),
    (
        'S',
        &[&[
            (4., 1.),
            (3., 0.),
            (1., 0.),
            (0., 1.),
            (0., 2.),
            (1., 3.),
            (3., 3.),
            (4., 4.),
            (4., 5.),
            (3., 6.),
            (1., 6.),
            (0., 5.),
        ]],
    ),
    ('T', &[&[(0., 0.), (4., 0.)], &[(2., 0.), (2., 6.)]]),
    (
        'U',
        &[&[(0., 0.), (0., 5.), (1., 6.), (3., 6.), (4., 5.), (4., 0.)]],
    ),
    ('V', &[&[(0., 0.), (2., 6.), (4., 0.)]]),
    ('W', &[&[(0., 0.), (1., 6.), (2., 2.), (3., 6.), (4., 0.)]]),
    ('X', &[&[(0., 0.), (4., 6.)], &[(4., 0.), (0., 6.)]]),
    (
        'Y',
        &[&[(0., 0.), (2., 3.), (4., 0.)], &[(2., 3.), (2., 6.)]],
    ),
    ('Z', &[&[(0., 0.), (4., 0.), (0., 6.), (4., 6.)]]),
];

/// The strokes of `letter`'s capital without accents (`é` → `E`); none for a letter outside
/// A–Z (the icon is then the square alone).
fn glyph(letter: char) -> &'static [Stroke] {
    use unicode_normalization::UnicodeNormalization as _;
    let base = letter
        .to_uppercase()
        .collect::<String>()
        .nfd()
        .next()
        .unwrap_or(letter);
    GLYPHS
        .iter()
        .find(|(c, _)| *c == base)
        .map(|(_, strokes)| *strokes)
        .unwrap_or(&[])
}

/// `#rgb` or `#rrggbb` (the theme checks its colours) as RGB.
fn rgb(hex: &str) -> [u8; 3] {
    let hex = hex.trim_start_matches('#');
    let digits: Vec<u8> = hex
        .chars()
        .map(|c| c.to_digit(16).unwrap_or(0) as u8)
        .collect();
    match digits.len() {
        3 => [digits[0] * 17, digits[1] * 17, digits[2] * 17],
        6 => [
            digits[0] * 16 + digits[1],
            digits[2] * 16 + digits[3],
            digits[4] * 16 + digits[5],
        ],
        _ => [0, 0, 0],
    }
}

fn distance_to_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx * dx + dy * dy;
    let t = if length == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length).clamp(0.0, 1.0)
    };
    let (x, y) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (x * x + y * y).sqrt()
}

/// The icon's pixels, RGBA, row by row: the rounded square (radius 6/32 of the side, as the
/// SVG's) in `background`, the initial in `ink`, transparent outside.
pub fn draw(size: u32, letter: char, background: &str, ink: &str) -> Vec<u8> {
    let s = size as f32;
    let radius = s * 6.0 / 32.0;
    // The initial: 0.55 of the side high, centred; strokes 0.11 of the side wide.
    let unit = s * 0.55 / 6.0;
    let (left, top) = ((s - 4.0 * unit) / 2.0, (s - 6.0 * unit) / 2.0);
    let half_width = s * 0.055;
    let strokes: Vec<Vec<(f32, f32)>> = glyph(letter)
        .iter()
        .map(|stroke| {
            stroke
                .iter()
                .map(|&(x, y)| (left + x * unit, top + y * unit))
                .collect()
        })
        .collect();
    let (background, ink) = (rgb(background), rgb(ink));
    // The ink reaches `half_width + 0.5` from a stroke: beyond the strokes' box grown by that
    // much, a pixel is background alone, and its distances to the strokes (most of the
    // drawing's time, the box being a fifth of the icon) are not measured.
    let reach = half_width + 0.5;
    let inked = strokes.iter().flatten().fold(
        (
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ),
        |(left, right, top, bottom), &(x, y)| {
            (
                left.min(x - reach),
                right.max(x + reach),
                top.min(y - reach),
                bottom.max(y + reach),
            )
        },
    );
    let mut pixels = Vec::with_capacity((size * size * 4) as usize);
    for row in 0..size {
        for column in 0..size {
            let p = (column as f32 + 0.5, row as f32 + 0.5);
            // Inside the rounded square: distance to the square shrunk by the radius.
            let qx = (p.0 - s / 2.0).abs() - (s / 2.0 - radius);
            let qy = (p.1 - s / 2.0).abs() - (s / 2.0 - radius);
            let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0);
            let square = (radius - outside + 0.5).clamp(0.0, 1.0);
            if p.0 < inked.0 || p.0 > inked.1 || p.1 < inked.2 || p.1 > inked.3 {
                pixels.extend_from_slice(&background);
            } else {
                let nearest = strokes
                    .iter()
                    .flat_map(|stroke| stroke.windows(2))
                    .map(|pair| distance_to_segment(p, pair[0], pair[1]))
                    .fold(f32::INFINITY, f32::min);
                let letter = (half_width - nearest + 0.5).clamp(0.0, 1.0);
                for channel in 0..3 {
                    let mixed =
                        background[channel] as f32 * (1.0 - letter) + ink[channel] as f32 * letter;
                    pixels.push(mixed.round() as u8);
                }
            }
            pixels.push((square * 255.0).round() as u8);
        }
    }
    pixels
}

/// An 8-bit RGBA PNG of `size`×`size` pixels.
pub fn png(size: u32, rgba: &[u8]) -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let crc = crc32fast::hash(&out[start..]);
        out.extend_from_slice(&crc.to_be_bytes());
    }
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&size.to_be_bytes());
    header.extend_from_slice(&size.to_be_bytes());
    header.extend_from_slice(&[8, 6, 0, 0, 0]); // 8 bits, RGBA, deflate, no filter, no interlace
    let mut raw = Vec::with_capacity(rgba.len() + size as usize);
    for row in rgba.chunks(size as usize * 4) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let mut zlib = ZlibEncoder::new(Vec::new(), Compression::best());
    zlib.write_all(&raw).expect("writing to memory");
    let data = zlib.finish().expect("writing to memory");
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &data);
    chunk(&mut out, b"IEND", &[]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_icon_is_a_png_of_its_size_in_the_theme_colours() {
        let pixels = draw(32, 'L', "#111", "#f5c518");
        assert_eq!(pixels.len(), 32 * 32 * 4);
        // A corner is outside the rounded square; the middle of the square's top edge is
        // the header's colour; the L's upright is the brand colour.
        assert_eq!(pixels[3], 0);
        let at = |x: usize, y: usize| &pixels[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
        assert_eq!(at(16, 2), [0x11, 0x11, 0x11, 255]);
        let upright = left_of_glyph(32);
        assert_eq!(at(upright, 16), [0xf5, 0xc5, 0x18, 255]);
        let file = png(32, &pixels);
        assert!(file.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_eq!(&file[16..24], &[0, 0, 0, 32, 0, 0, 0, 32]);
        // Another brand's initial or colours give another icon.
        assert_ne!(draw(32, 'M', "#111", "#f5c518"), pixels);
        assert_ne!(draw(32, 'L', "#222", "#f5c518"), pixels);
        assert_eq!(glyph('é').len(), glyph('E').len());
    }

    fn left_of_glyph(size: u32) -> usize {
        let s = size as f32;
        ((s - 4.0 * s * 0.55 / 6.0) / 2.0) as usize
    }
}
