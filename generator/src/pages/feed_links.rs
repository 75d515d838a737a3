//! The links of a page's calendar feed (issue 17, item 1): the feed of the cinema or show the
//! page is about, at its path from `site::routes::Feed`, as `webcal://host/path` (a calendar
//! application subscribes to it) and as the `https://` address (to download it once).

use super::cx::PageCx;
use serde::Serialize;
use site::routes::Feed;

#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub(super) struct FeedLinks {
    pub webcal: String,
    pub https: String,
}

/// The links of the feed of `slug`, in the page's language.
pub(super) fn feed_links(cx: &PageCx, feed: Feed, slug: &str) -> Option<FeedLinks> {
    let path = cx.table.feed_path(feed, cx.page.site, cx.page.lang, slug)?;
    let https = format!("{}{path}", cx.base());
    let rest = https
        .strip_prefix("https://")
        .or_else(|| https.strip_prefix("http://"))?;
    Some(FeedLinks {
        webcal: format!("webcal://{rest}"),
        https,
    })
}
