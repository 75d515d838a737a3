//! Flag colours (spec §3: "1 green, 2 yellow, 3 grey, 4 red, 5 blue") and the contrast
//! check that keeps every flag readable (WCAG 2 AA, 4.5:1 for normal text).

/// The contrast a flag's text must reach on its background (WCAG AA, normal text).
pub const MIN_CONTRAST: f64 = 4.5;

/// A flag colour of the content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlagColour {
    Green,
    Yellow,
    Grey,
    Red,
    Blue,
}

impl FlagColour {
    pub const ALL: [FlagColour; 5] = [
        FlagColour::Green,
        FlagColour::Yellow,
        FlagColour::Grey,
        FlagColour::Red,
        FlagColour::Blue,
    ];

    /// The content's number of the colour (1..=5).
    pub fn number(self) -> u8 {
        match self {
            FlagColour::Green => 1,
            FlagColour::Yellow => 2,
            FlagColour::Grey => 3,
            FlagColour::Red => 4,
            FlagColour::Blue => 5,
        }
    }

    /// English name, also the CSS modifier (`flag--green`).
    pub fn name(self) -> &'static str {
        match self {
            FlagColour::Green => "green",
            FlagColour::Yellow => "yellow",
            FlagColour::Grey => "grey",
            FlagColour::Red => "red",
            FlagColour::Blue => "blue",
        }
    }

    /// Background colour. The shades are dark enough for white text, except yellow which
    /// carries dark text: a yellow dark enough for white text would read as brown.
    pub fn background(self) -> &'static str {
        match self {
            FlagColour::Green => "#1E7B34",
            FlagColour::Yellow => "#FFD100",
            FlagColour::Grey => "#5F6368",
            FlagColour::Red => "#C8102E",
            FlagColour::Blue => "#0057B8",
        }
    }

    /// Text colour on [`FlagColour::background`]; each pair reaches [`MIN_CONTRAST`].
    pub fn text(self) -> &'static str {
        match self {
            FlagColour::Yellow => "#1A1A1A",
            _ => "#FFFFFF",
        }
    }
}

/// The colour of a content flag number; `None` outside 1..=5 (the page then draws a
/// neutral flag rather than guess).
pub fn flag_colour(n: u8) -> Option<FlagColour> {
    FlagColour::ALL.into_iter().find(|c| c.number() == n)
}

/// WCAG 2 contrast ratio of two colours written `#RRGGBB` or `#RGB` (the `#` optional),
/// from 1.0 (same luminance) to 21.0 (black on white). `None` if either is not such a hex.
pub fn contrast_ratio(a: &str, b: &str) -> Option<f64> {
    let la = relative_luminance(parse_hex(a)?);
    let lb = relative_luminance(parse_hex(b)?);
    let (hi, lo) = if la >= lb { (la, lb) } else { (lb, la) };
    Some((hi + 0.05) / (lo + 0.05))
}

fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    let h = hex.trim().trim_start_matches('#');
    if !h.is_ascii() {
        return None;
    }
    let channel = |s: &str| u8::from_str_radix(s, 16).ok();
    match h.len() {
        6 => Some([channel(&h[0..2])?, channel(&h[2..4])?, channel(&h[4..6])?]),
        3 => {
            let short = |i: usize| channel(&h[i..i + 1]).map(|v| v * 17);
            Some([short(0)?, short(1)?, short(2)?])
        }
        _ => None,
    }
}

/// Relative luminance of an sRGB colour (WCAG 2 definition).
fn relative_luminance(rgb: [u8; 3]) -> f64 {
    let lin = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
}
