//! The clock, injectable so tests and demos never depend on the day they run.
//!
//! `runtime-api serve --now 2026-11-22T18:00:00+01:00` fixes it; `--clock-offset 3h` shifts
//! the real clock (`-1d`, `90m`, `-30s`, `1h30m`…). Every "now" of the API reads it: showtime
//! statuses, the live cache, the help chat's hours, the cards' validity, the demo cards.

use chrono::{DateTime, TimeDelta, Utc};
use serde::Serialize;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// The machine's clock.
    #[default]
    System,
    /// Always the same instant (`--now`).
    Fixed(DateTime<Utc>),
    /// The machine's clock shifted by a duration (`--clock-offset`).
    Offset(TimeDelta),
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(at) => *at,
            Clock::Offset(by) => Utc::now() + *by,
        }
    }

    /// The clock of the `--now` and `--clock-offset` flags (at most one of them): the system
    /// clock without either; a clear error naming the flag for a value that does not parse.
    pub fn from_flags(now: Option<&str>, offset: Option<&str>) -> Result<Clock, String> {
        match (now, offset) {
            (Some(_), Some(_)) => {
                Err("--now and --clock-offset exclude each other: give one".into())
            }
            (Some(at), None) => DateTime::parse_from_rfc3339(at.trim())
                .map(|at| Clock::Fixed(at.with_timezone(&Utc)))
                .map_err(|e| {
                    format!(
                        "--now {at:?}: expected an RFC 3339 date and time such as \
                         2026-11-22T18:00:00+01:00 or 2026-11-22T17:00:00Z ({e})"
                    )
                }),
            (None, Some(by)) => parse_duration(by)
                .map(Clock::Offset)
                .map_err(|e| format!("--clock-offset {by:?}: {e}")),
            (None, None) => Ok(Clock::System),
        }
    }

    /// What `/healthz` says of the clock.
    pub fn report(&self) -> ClockReport {
        let (mode, offset) = match self {
            Clock::System => ("system", None),
            Clock::Fixed(_) => ("fixed", None),
            Clock::Offset(by) => ("offset", Some(*by)),
        };
        ClockReport {
            mode,
            now: self
                .now()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            offset: offset.map(format_duration),
            offset_seconds: offset.map_or(0, |by| by.num_seconds()),
        }
    }
}

/// The clock as `/healthz` shows it: `{"mode", "now", "offset", "offsetSeconds"}`; `offset`
/// is null and `offsetSeconds` 0 unless the mode is `offset`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ClockReport {
    /// `system`, `fixed` or `offset`.
    pub mode: &'static str,
    /// The API's now, RFC 3339 in UTC.
    pub now: String,
    /// The shift, written as `parse_duration` reads it (`3h`, `-1d`, `1h30m`).
    pub offset: Option<String>,
    pub offset_seconds: i64,
}

const UNITS: [(char, i64); 4] = [('d', 86_400), ('h', 3_600), ('m', 60), ('s', 1)];

/// The largest shift accepted: a hundred years either way.
const MAX_SECONDS: i64 = 100 * 366 * 86_400;

/// A signed duration: an optional `+` or `-`, then one or more number–unit pairs with the
/// units `d`, `h`, `m`, `s` (`3h`, `-1d`, `90m`, `-30s`, `1h30m`).
pub fn parse_duration(text: &str) -> Result<TimeDelta, String> {
    let expected = "expected a duration such as 3h, -1d, 90m, -30s or 1h30m (units d, h, m, s)";
    let text = text.trim();
    let (sign, rest) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text.strip_prefix('+').unwrap_or(text)),
    };
    if rest.is_empty() {
        return Err(expected.into());
    }
    let mut seconds: i64 = 0;
    let mut digits = String::new();
    for c in rest.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let Some(&(_, unit)) = UNITS.iter().find(|(u, _)| *u == c) else {
            return Err(expected.into());
        };
        if digits.is_empty() {
            return Err(expected.into());
        }
        let n: i64 = digits.parse().map_err(|_| "too large".to_string())?;
        seconds = n
            .checked_mul(unit)
            .and_then(|s| seconds.checked_add(s))
            .filter(|s| *s <= MAX_SECONDS)
            .ok_or_else(|| "too large: at most 100 years either way".to_string())?;
        digits.clear();
    }
    if !digits.is_empty() {
        return Err(format!("{expected}: {digits:?} has no unit"));
    }
    Ok(TimeDelta::seconds(sign * seconds))
}

/// The duration as `parse_duration` reads it, largest units first (`5400 s` → `1h30m`).
pub fn format_duration(by: TimeDelta) -> String {
    let total = by.num_seconds();
    if total == 0 {
        return "0s".into();
    }
    let mut left = total.unsigned_abs();
    let mut out = String::from(if total < 0 { "-" } else { "" });
    for (unit, size) in UNITS {
        let size = size as u64;
        if left >= size {
            out.push_str(&format!("{}{unit}", left / size));
            left %= size;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_the_flags_write_them() {
        assert_eq!(parse_duration("3h"), Ok(TimeDelta::hours(3)));
        assert_eq!(parse_duration("-1d"), Ok(TimeDelta::days(-1)));
        assert_eq!(parse_duration("90m"), Ok(TimeDelta::minutes(90)));
        assert_eq!(parse_duration("-30s"), Ok(TimeDelta::seconds(-30)));
        assert_eq!(parse_duration("+1h30m"), Ok(TimeDelta::minutes(90)));
        for bad in [
            "",
            "3",
            "h",
            "3x",
            "-",
            "3 h",
            "1.5h",
            "99999999999999999999d",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad:?} was accepted");
        }
        assert_eq!(format_duration(TimeDelta::hours(3)), "3h");
        assert_eq!(format_duration(TimeDelta::minutes(90)), "1h30m");
        assert_eq!(format_duration(TimeDelta::days(-1)), "-1d");
        assert_eq!(format_duration(TimeDelta::zero()), "0s");
    }

    #[test]
    fn the_flags_choose_the_clock() {
        assert_eq!(Clock::from_flags(None, None), Ok(Clock::System));
        assert_eq!(
            Clock::from_flags(Some("2026-11-22T18:00:00+01:00"), None),
            Ok(Clock::Fixed(
                DateTime::parse_from_rfc3339("2026-11-22T17:00:00Z")
                    .unwrap()
                    .with_timezone(&Utc)
            ))
        );
        assert_eq!(
            Clock::from_flags(None, Some("-1d")),
            Ok(Clock::Offset(TimeDelta::days(-1)))
        );
        let bad_date = Clock::from_flags(Some("2026-11-22"), None).unwrap_err();
        assert!(
            bad_date.contains("--now") && bad_date.contains("RFC 3339"),
            "{bad_date}"
        );
        let bad_offset = Clock::from_flags(None, Some("3 hours")).unwrap_err();
        assert!(bad_offset.contains("--clock-offset"), "{bad_offset}");
        assert!(Clock::from_flags(Some("2026-11-22T18:00:00Z"), Some("3h")).is_err());
    }

    #[test]
    fn an_offset_clock_runs_ahead_of_the_system_one() {
        let ahead = Clock::Offset(TimeDelta::hours(3)).now() - Utc::now();
        assert!((ahead - TimeDelta::hours(3)).num_seconds().abs() <= 1);
        let report = Clock::Offset(TimeDelta::hours(3)).report();
        assert_eq!(report.mode, "offset");
        assert_eq!(report.offset.as_deref(), Some("3h"));
        assert_eq!(report.offset_seconds, 10_800);
        assert_eq!(Clock::System.report().offset, None);
    }
}
