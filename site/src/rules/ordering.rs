//! The order of show lists and the calendar windows of spec §9: "Shows ordering weights:
//! favourite show 3, premiere 2, upsell 1", the per-list orders of spec §3 ("orders (default,
//! home, upcoming, kids, special-and-event)"), "Upcoming shows looked ahead 7 days" and
//! "Default cinema week offset 3 (else start week plus 1)".
//!
//! Where the spec is silent, the reading chosen is written at each function and in
//! `docs/decisions.md` ("Show lists: weights, orders, windows").

use crate::content::{CinemaDetail, Show, ShowOrders, Tag};
use crate::routes::ShowsTab;
use crate::rules::show::{is_unknown_date, upsell_tag};
use chrono::{Datelike, Days, NaiveDate, Weekday};
use std::cmp::Ordering;
use std::ops::RangeInclusive;

/// Spec §9: "Shows ordering weights: favourite show 3".
pub const FAVOURITE_WEIGHT: u32 = 3;
/// Spec §9: "… premiere 2".
pub const PREMIERE_WEIGHT: u32 = 2;
/// Spec §9: "… upsell 1".
pub const UPSELL_WEIGHT: u32 = 1;

/// Spec §9: "Upcoming shows looked ahead 7 days".
pub const UPCOMING_DAYS: u64 = 7;

/// Spec §9: "Default cinema week offset 3": a cinema week starts 3 days after Sunday, on
/// Wednesday (the day new films come out in France).
pub const DEFAULT_CINEMA_WEEK_OFFSET: u32 = 3;
/// Spec §9: "(else start week plus 1)": with no single cinema concerned, the week starts one
/// day after Sunday, on Monday.
pub const NO_CINEMA_WEEK_OFFSET: u32 = 1;

/// What weighs a show up in a list (spec §9): the visitor's favourite (on their wish list),
/// a premiere, a show playing in a technology to upsell (spec §5: a tag with a non-zero
/// upsell order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShowWeight {
    pub favourite: bool,
    pub premiere: bool,
    pub upsell: bool,
}

impl ShowWeight {
    /// The sum of the weights that apply: 0 to 6. The weights add up (the spec gives numbers,
    /// not a precedence), so a favourite premiere (5) goes before a favourite alone (3), and a
    /// favourite (3) before a premiere in an upsold technology (2 + 1).
    pub fn value(self) -> u32 {
        u32::from(self.favourite) * FAVOURITE_WEIGHT
            + u32::from(self.premiere) * PREMIERE_WEIGHT
            + u32::from(self.upsell) * UPSELL_WEIGHT
    }
}

/// Who a list is ordered for: the visitor's favourite shows (wish list slugs; empty for an
/// anonymous visitor and for pages built for everybody) and the site's tags (for upsell).
#[derive(Clone, Copy, Debug, Default)]
pub struct OrderContext<'a> {
    pub favourites: &'a [String],
    pub tags: &'a [Tag],
}

/// The weight of `show` (spec §9). Upsell: one of the show's tags is a tag of the site with a
/// non-zero upsell order (the tag spec §5's upsell rule could choose).
pub fn show_weight(show: &Show, cx: &OrderContext) -> ShowWeight {
    let tags: Vec<Tag> = cx
        .tags
        .iter()
        .filter(|t| show.tags.iter().any(|s| s.eq_ignore_ascii_case(&t.slug)))
        .cloned()
        .collect();
    ShowWeight {
        favourite: cx.favourites.contains(&show.slug),
        premiere: show.premiere,
        upsell: upsell_tag(&tags).is_some(),
    }
}

/// The show lists with an order of their own (spec §3: "orders (default, home, upcoming,
/// kids, special-and-event)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShowList {
    /// The shows page and its book and presales tabs.
    Default,
    /// The home page's rail and `/featured`.
    Home,
    Upcoming,
    Kids,
    SpecialAndEvent,
}

impl ShowList {
    /// The list of a tab of the shows page (`None`: the shows page itself). Book and presales
    /// have no order of their own: they use the default one.
    pub fn for_tab(tab: Option<ShowsTab>) -> ShowList {
        match tab {
            None | Some(ShowsTab::Book) | Some(ShowsTab::Presales) => ShowList::Default,
            Some(ShowsTab::Kids) => ShowList::Kids,
            Some(ShowsTab::Special) => ShowList::SpecialAndEvent,
            Some(ShowsTab::Upcoming) => ShowList::Upcoming,
        }
    }

    /// The show's place in this list (lower first).
    pub fn order(self, orders: &ShowOrders) -> i32 {
        match self {
            ShowList::Default => orders.default,
            ShowList::Home => orders.home,
            ShowList::Upcoming => orders.upcoming,
            ShowList::Kids => orders.kids,
            ShowList::SpecialAndEvent => orders.special_and_event,
        }
    }
}

/// How two shows compare in `list` (spec §9 weights, spec §3 orders): the heavier first;
/// on equal weights the lower order of the list; then, in the upcoming list, the earlier
/// release; then the slug, so that the order never depends on the input's.
pub fn compare_shows(a: &Show, b: &Show, list: ShowList, cx: &OrderContext) -> Ordering {
    show_weight(b, cx)
        .value()
        .cmp(&show_weight(a, cx).value())
        .then_with(|| list.order(&a.orders).cmp(&list.order(&b.orders)))
        .then_with(|| match list {
            ShowList::Upcoming => upcoming_release(a).cmp(&upcoming_release(b)),
            _ => Ordering::Equal,
        })
        .then_with(|| a.slug.cmp(&b.slug))
}

/// Sorts `items` (shows, references or indexes) in the order of `list`: see
/// [`compare_shows`]. `show` gives the show of an item.
pub fn order_shows<T>(
    items: &mut [T],
    list: ShowList,
    cx: &OrderContext,
    show: impl Fn(&T) -> &Show,
) {
    items.sort_by(|a, b| compare_shows(show(a), show(b), list, cx));
}

/// The days a show must first come out in to be upcoming on `today` (spec §9: "looked ahead
/// 7 days"): from tomorrow to `today` + 7, both included. A show out today is showing, not
/// upcoming.
pub fn upcoming_window(today: NaiveDate) -> RangeInclusive<NaiveDate> {
    let tomorrow = today.checked_add_days(Days::new(1)).unwrap_or(today);
    let last = today
        .checked_add_days(Days::new(UPCOMING_DAYS))
        .unwrap_or(today);
    tomorrow..=last
}

/// The date a show comes out: its earliest known release (every zone: the spec names none;
/// 1900-01-01, unknown, skipped). The original release (often abroad, earlier) does not
/// count: the show comes out when it comes out here.
pub fn upcoming_release(show: &Show) -> Option<NaiveDate> {
    show.releases
        .iter()
        .map(|r| r.date)
        .filter(|d| !is_unknown_date(*d))
        .min()
}

/// Whether a show is upcoming on `today`: it comes out within [`upcoming_window`].
pub fn is_upcoming(show: &Show, today: NaiveDate) -> bool {
    upcoming_release(show).is_some_and(|d| upcoming_window(today).contains(&d))
}

/// A cinema's week offset (spec §9 "Default cinema week offset 3"): its
/// `cinemaWeekOffset`, else 3.
pub fn cinema_week_offset(cinema: &CinemaDetail) -> u32 {
    cinema
        .cinema_week_offset
        .unwrap_or(DEFAULT_CINEMA_WEEK_OFFSET)
}

/// The week offset of a page (spec §9 "… (else start week plus 1)"): a cinema's own (see
/// [`cinema_week_offset`]); with no single cinema (a city, a show across cinemas), 1.
pub fn week_offset(cinema: Option<&CinemaDetail>) -> u32 {
    cinema.map_or(NO_CINEMA_WEEK_OFFSET, cinema_week_offset)
}

/// The weekday a week starts on: `offset` days after Sunday (0 Sunday, 1 Monday, 3
/// Wednesday), counted round the week (7 is Sunday again).
pub fn week_start_weekday(offset: u32) -> Weekday {
    let mut day = Weekday::Sun;
    for _ in 0..offset % 7 {
        day = day.succ();
    }
    day
}

/// The first day of the week holding `date`: the latest day on or before `date` that falls
/// on [`week_start_weekday`].
pub fn week_start(date: NaiveDate, offset: u32) -> NaiveDate {
    let start = week_start_weekday(offset).num_days_from_sunday();
    let today = date.weekday().num_days_from_sunday();
    let back = (today + 7 - start) % 7;
    date.checked_sub_days(Days::new(u64::from(back)))
        .unwrap_or(date)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{Release, TagOrders};

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn show(slug: &str) -> Show {
        serde_json::from_value(serde_json::json!({
            "slug": slug, "reference": slug, "title": slug
        }))
        .unwrap()
    }

    fn tag(slug: &str, upsell: u32) -> Tag {
        let mut t: Tag = serde_json::from_value(serde_json::json!({ "slug": slug })).unwrap();
        t.orders = TagOrders { upsell, ..t.orders };
        t
    }

    #[test]
    fn weights_are_favourite_3_premiere_2_upsell_1() {
        assert_eq!(FAVOURITE_WEIGHT, 3);
        assert_eq!(PREMIERE_WEIGHT, 2);
        assert_eq!(UPSELL_WEIGHT, 1);
        let w = |favourite, premiere, upsell| ShowWeight {
            favourite,
            premiere,
            upsell,
        };
        assert_eq!(w(false, false, false).value(), 0);
        assert_eq!(w(true, false, false).value(), 3);
        assert_eq!(w(false, true, false).value(), 2);
        assert_eq!(w(false, false, true).value(), 1);
        assert_eq!(w(true, true, true).value(), 6);
        // A favourite outweighs a premiere in an upsold technology (3 against 2 + 1: a tie).
        assert_eq!(w(true, false, false).value(), w(false, true, true).value());
    }

    #[test]
    fn a_show_weighs_by_the_visitors_favourites_its_premiere_and_upsold_tags() {
        let tags = [tag("imax", 2), tag("3d", 0)];
        let favourites = ["dune".to_string()];
        let cx = OrderContext {
            favourites: &favourites,
            tags: &tags,
        };
        let mut dune = show("dune");
        dune.tags = vec!["3d".into()];
        assert_eq!(
            show_weight(&dune, &cx),
            ShowWeight {
                favourite: true,
                premiere: false,
                upsell: false
            },
            "3d has upsell order 0: never upsold"
        );
        let mut avatar = show("avatar");
        avatar.premiere = true;
        avatar.tags = vec!["IMAX".into()];
        assert_eq!(show_weight(&avatar, &cx).value(), 2 + 1);
        assert_eq!(show_weight(&avatar, &OrderContext::default()).value(), 2);
    }

    #[test]
    fn each_list_reads_its_own_order() {
        let orders = ShowOrders {
            default: 1,
            home: 2,
            upcoming: 3,
            kids: 4,
            special_and_event: 5,
        };
        assert_eq!(ShowList::Default.order(&orders), 1);
        assert_eq!(ShowList::Home.order(&orders), 2);
        assert_eq!(ShowList::Upcoming.order(&orders), 3);
        assert_eq!(ShowList::Kids.order(&orders), 4);
        assert_eq!(ShowList::SpecialAndEvent.order(&orders), 5);
        assert_eq!(ShowList::for_tab(None), ShowList::Default);
        assert_eq!(ShowList::for_tab(Some(ShowsTab::Book)), ShowList::Default);
        assert_eq!(
            ShowList::for_tab(Some(ShowsTab::Presales)),
            ShowList::Default
        );
        assert_eq!(ShowList::for_tab(Some(ShowsTab::Kids)), ShowList::Kids);
        assert_eq!(
            ShowList::for_tab(Some(ShowsTab::Special)),
            ShowList::SpecialAndEvent
        );
        assert_eq!(
            ShowList::for_tab(Some(ShowsTab::Upcoming)),
            ShowList::Upcoming
        );
    }

    #[test]
    fn shows_go_heaviest_first_then_by_the_lists_order_then_by_slug() {
        let tags = [tag("imax", 1)];
        let favourites = ["fav".to_string()];
        let cx = OrderContext {
            favourites: &favourites,
            tags: &tags,
        };
        let mut plain_first = show("plain-first");
        plain_first.orders.kids = 1;
        let mut plain_second = show("plain-second");
        plain_second.orders.kids = 2;
        let mut tied = show("a-tied");
        tied.orders.kids = 2;
        let mut upsold = show("upsold");
        upsold.tags = vec!["imax".into()];
        upsold.orders.kids = 9;
        let mut premiere = show("premiere");
        premiere.premiere = true;
        premiere.orders.kids = 8;
        let mut fav = show("fav");
        fav.orders.kids = 7;
        let mut shows = vec![&plain_second, &upsold, &plain_first, &fav, &tied, &premiere];
        order_shows(&mut shows, ShowList::Kids, &cx, |s| s);
        let slugs: Vec<&str> = shows.iter().map(|s| s.slug.as_str()).collect();
        assert_eq!(
            slugs,
            [
                "fav",
                "premiere",
                "upsold",
                "plain-first",
                "a-tied",
                "plain-second"
            ]
        );
        assert_eq!(
            compare_shows(&fav, &premiere, ShowList::Kids, &cx),
            Ordering::Less
        );
        // Without the visitor's favourites, the favourite is a plain show of order 7.
        let mut anonymous = vec![&plain_first, &fav];
        order_shows(
            &mut anonymous,
            ShowList::Kids,
            &OrderContext::default(),
            |s| s,
        );
        assert_eq!(anonymous[0].slug, "plain-first");
    }

    #[test]
    fn upcoming_is_tomorrow_to_seven_days_ahead_by_earliest_release() {
        let today = date(2026, 11, 22);
        assert_eq!(
            upcoming_window(today),
            date(2026, 11, 23)..=date(2026, 11, 29)
        );
        let out = |days: &[(i32, u32, u32)]| {
            let mut s = show("s");
            s.releases = days
                .iter()
                .map(|&(y, m, d)| Release {
                    date: date(y, m, d),
                    zone: String::new(),
                })
                .collect();
            s
        };
        assert!(!is_upcoming(&out(&[(2026, 11, 22)]), today), "out today");
        assert!(is_upcoming(&out(&[(2026, 11, 23)]), today), "tomorrow");
        assert!(is_upcoming(&out(&[(2026, 11, 29)]), today), "7 days ahead");
        assert!(!is_upcoming(&out(&[(2026, 11, 30)]), today), "8 days ahead");
        // The earliest release decides; the unknown date is skipped.
        let two = out(&[(2026, 12, 20), (1900, 1, 1), (2026, 11, 25)]);
        assert_eq!(upcoming_release(&two), Some(date(2026, 11, 25)));
        assert!(is_upcoming(&two, today));
        assert!(!is_upcoming(&out(&[(2026, 11, 20), (2026, 11, 25)]), today));
        assert!(!is_upcoming(&out(&[]), today), "no release date");
        assert!(!is_upcoming(&out(&[(1900, 1, 1)]), today), "unknown date");
        let mut original_abroad = out(&[(2026, 11, 26)]);
        original_abroad.original_release = Some(date(2026, 6, 1));
        assert!(is_upcoming(&original_abroad, today));
    }

    #[test]
    fn the_upcoming_list_breaks_order_ties_by_release() {
        let mut later = show("a-later");
        later.releases = vec![Release {
            date: date(2026, 11, 28),
            zone: String::new(),
        }];
        let mut sooner = show("b-sooner");
        sooner.releases = vec![Release {
            date: date(2026, 11, 24),
            zone: String::new(),
        }];
        let mut shows = vec![&later, &sooner];
        order_shows(
            &mut shows,
            ShowList::Upcoming,
            &OrderContext::default(),
            |s| s,
        );
        assert_eq!(shows[0].slug, "b-sooner");
        order_shows(
            &mut shows,
            ShowList::Default,
            &OrderContext::default(),
            |s| s,
        );
        assert_eq!(shows[0].slug, "a-later");
    }

    #[test]
    fn weeks_start_offset_days_after_sunday_wednesday_by_default() {
        assert_eq!(DEFAULT_CINEMA_WEEK_OFFSET, 3);
        assert_eq!(week_start_weekday(0), Weekday::Sun);
        assert_eq!(week_start_weekday(1), Weekday::Mon);
        assert_eq!(week_start_weekday(3), Weekday::Wed);
        assert_eq!(week_start_weekday(6), Weekday::Sat);
        assert_eq!(week_start_weekday(7), Weekday::Sun);
        assert_eq!(week_start_weekday(10), Weekday::Wed);
        let cinema = |offset: Option<u32>| -> CinemaDetail {
            let mut c: CinemaDetail = serde_json::from_value(serde_json::json!({
                "slug": "c", "vistaRef": "1", "name": "C", "city": "X", "citySlug": "x"
            }))
            .unwrap();
            c.cinema_week_offset = offset;
            c
        };
        assert_eq!(cinema_week_offset(&cinema(None)), 3);
        assert_eq!(cinema_week_offset(&cinema(Some(5))), 5);
        assert_eq!(week_offset(Some(&cinema(None))), 3);
        assert_eq!(week_offset(Some(&cinema(Some(0)))), 0);
        assert_eq!(week_offset(None), 1, "start week plus 1: Monday");
        // 2026-11-22 is a Sunday.
        assert_eq!(date(2026, 11, 22).weekday(), Weekday::Sun);
        assert_eq!(week_start(date(2026, 11, 22), 3), date(2026, 11, 18));
        assert_eq!(week_start(date(2026, 11, 25), 3), date(2026, 11, 25));
        assert_eq!(week_start(date(2026, 11, 24), 3), date(2026, 11, 18));
        assert_eq!(week_start(date(2026, 11, 22), 1), date(2026, 11, 16));
        assert_eq!(week_start(date(2026, 11, 23), 1), date(2026, 11, 23));
        assert_eq!(week_start(date(2026, 11, 22), 0), date(2026, 11, 22));
    }
}
