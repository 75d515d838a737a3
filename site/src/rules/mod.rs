//! Pure rules of spec §4, §5 and §9 that need no browser.
//!
//! Each submodule holds the rules of one concern; everything public is re-exported here so
//! callers write `site::rules::format_duration`, never the module path.

pub mod client;
pub mod content;
pub mod film_times;
pub mod flags;
pub mod geo;
pub mod ordering;
pub mod rating;
pub mod search;
pub mod show;
pub mod showtime;
pub mod tracking;
pub mod versions;

pub use client::{
    account_newsletter, avatar_initials, client_newsletter, newsletter_flag, show_avatar,
    toggle_favourite, FavouriteError, DEFAULT_PHOTO_MARKER,
};
pub use content::{agent_chat, faq_item_shown, footer_faq, normalise_ecard};
pub use film_times::{film_times, FilmTimes};
pub use flags::{contrast_ratio, flag_colour, FlagColour, MIN_CONTRAST};
pub use geo::{
    distance_km, effective_locator_limits, nearest_cinemas, nearest_cinemas_in,
    DEFAULT_MAX_GEOLOCATION_CINEMAS, DEFAULT_MAX_GEOLOCATION_DISTANCE, KM_PER_NAUTICAL_MILE,
};
pub use ordering::{
    cinema_week_offset, compare_shows, is_upcoming, order_shows, show_weight, upcoming_release,
    upcoming_window, week_offset, week_start, week_start_weekday, OrderContext, ShowList,
    ShowWeight, DEFAULT_CINEMA_WEEK_OFFSET, FAVOURITE_WEIGHT, NO_CINEMA_WEEK_OFFSET,
    PREMIERE_WEIGHT, UPCOMING_DAYS, UPSELL_WEIGHT,
};
pub use rating::{is_default_rating, rating_scheme, rating_warning, RatingScheme};
pub use search::{
    cinema_matches, faq_search_allowed, keep_faq_result, keep_search_result, push_history,
    push_history_by, push_history_item, search_allowed, HISTORY_SIZE, MIN_SEARCH_LENGTH,
};
pub use show::{
    format_duration, format_release_date, is_unknown_date, release_year, show_passes, upsell_tag,
    visible_date, ShowFilter, UNKNOWN_DATE,
};
pub use showtime::{effective_status, status_display, StatusDisplay};
pub use tracking::{environment_of, tracked_show, DEFAULT_TRACKED_RATING};
pub use versions::{
    known_version_languages, version_key, version_languages, VersionLanguages, ORIGINAL_AUDIO,
    UNKNOWN_AUDIO, UNKNOWN_VERSION, VERSION_TABLE,
};
