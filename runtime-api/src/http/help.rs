//! The help centre's chat availability (spec §7 "by function only: help-centre chat
//! availability"; spec §4 FAQ: available, unavailable, or unknown when the check fails).
//!
//! The chat service of the spec is a third party whose advisors' schedule we do not have:
//! the chat is answered as available during the chain's customer-service hours, in the
//! site's own time zone, read from the injectable clock so the answer is deterministic in
//! tests and demos. A site whose agent chat settings are incomplete (spec §5) has no chat:
//! never available.

use crate::http::doc::ApiRouter;
use crate::http::locale::SiteOnly;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use chrono::{DateTime, NaiveTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use site::Site;

/// Customer-service hours, local time of the site: from opening (included) to closing
/// (excluded). The spec gives none; these are the chain's box-office hours.
pub const CHAT_OPENS: NaiveTime = NaiveTime::from_hms_opt(9, 0, 0).expect("a valid time");
pub const CHAT_CLOSES: NaiveTime = NaiveTime::from_hms_opt(21, 0, 0).expect("a valid time");

pub fn router() -> ApiRouter {
    ApiRouter::new("help")
        .get(
            "/help/chat",
            chat,
            "Whether the help centre's chat has an advisor now: {available}",
        )
        .unlocalized()
        .answers::<ChatAvailability>()
}

/// Whether an advisor answers the chat now.
#[derive(Serialize, JsonSchema)]
struct ChatAvailability {
    available: bool,
}

async fn chat(State(app): State<AppState>, SiteOnly(site): SiteOnly) -> Json<ChatAvailability> {
    let configured = site::rules::agent_chat(&app.content.settings).is_some();
    Json(ChatAvailability {
        available: configured && within_hours(site, app.clock.now()),
    })
}

/// Whether `now` falls within the customer-service hours of `site`'s time zone.
pub fn within_hours(site: Site, now: DateTime<Utc>) -> bool {
    let zone: chrono_tz::Tz = site
        .time_zone()
        .parse()
        .expect("sites name valid time zones");
    let local = now.with_timezone(&zone).time();
    (CHAT_OPENS..CHAT_CLOSES).contains(&local)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, h, m, 0)
            .single()
            .expect("valid instant")
    }

    #[test]
    fn hours_are_the_sites_local_time() {
        // Paris is UTC+1 in November, Dakar UTC+0.
        assert!(!within_hours(Site::Fr, at(7, 59)));
        assert!(within_hours(Site::Fr, at(8, 0)));
        assert!(within_hours(Site::Fr, at(19, 59)));
        assert!(!within_hours(Site::Fr, at(20, 0)));
        assert!(within_hours(Site::Sn, at(20, 30)));
        assert!(!within_hours(Site::Sn, at(21, 0)));
    }
}
