//! The pages' few inline scripts, each allowed by its hash in the Content-Security-Policy
//! (`policy_sources`) rather than by `'unsafe-inline'`. Each is tiny and runs as the page is
//! parsed, right where it stands, so nothing moves after the first paint; none costs the
//! islands' bundles anything, and without JavaScript each page still reads whole.

/// The error page's code (spec §2: `/404?errorCode=410` shows the gone page's code and words,
/// the address unchanged; 404 by default). The page is one static file, so the query is read in
/// the browser, right after the two texts; without JavaScript the page says 404, as by default.
/// With `errorCode=410` the script writes the gone page's code, heading, words and title, which
/// the block carries in `data-gone-*` attributes, in place of the 404 ones.
pub const ERROR_CODE: &str = "(function(){var b=document.querySelector(\"[data-gone-code]\");if(!b||new URLSearchParams(location.search).get(\"errorCode\")!==\"410\")return;b.querySelector(\".error-code\").textContent=b.getAttribute(\"data-gone-code\");b.querySelector(\"h1\").textContent=b.getAttribute(\"data-gone-heading\");b.querySelector(\".lead\").textContent=b.getAttribute(\"data-gone-intro\");document.title=b.getAttribute(\"data-gone-title\")})()";

/// The header push (spec §9, issue 13): the content API's permanent auto-promotion
/// (`/permanent-autopromo`) as a strip at the top of every page's header. Closing it hides it
/// for one day, also after a reload (spec §4 Header: "viewing stores an expiry of the next
/// day"; the key and rule of `islands/src/stores/header.ts`). Run right after the strip, the
/// script hides a strip closed within the day before the first paint (no layout shift) and
/// shows the close button (without JavaScript the strip stays, with no dead button).
pub const HEADER_PUSH: &str = "(function(){var p=document.currentScript.previousElementSibling,k=\"header-push-hidden-until\",s;try{s=localStorage;if(+s.getItem(k)>Date.now()){p.hidden=true;return}}catch(e){return}var b=p.querySelector(\"button\");b.hidden=false;b.onclick=function(){try{s.setItem(k,String(Date.now()+864e5))}catch(e){}p.hidden=true;var l=document.querySelector(\".site-header .logo\");l&&l.focus()}})()";

/// The subscription page's partner search (spec §4: the partner search; issue 13): a search
/// field over the partner list, each item carrying `data-search` (its name and city). Run right
/// after the list, the script reveals the field (without JavaScript the whole list shows and no
/// dead field is offered) and keeps the items whose name or city contains what is typed,
/// accents and case aside, saying so when none does. No island: a new island entry would cost
/// every page's loader bytes for one page's search.
pub const PARTNER_SEARCH: &str = "(function(){var f=document.currentScript.parentNode,q=f.querySelector(\"input\"),n=f.querySelector(\".partner-none\"),l=f.querySelectorAll(\"li[data-search]\"),k=function(s){return s.normalize(\"NFD\").replace(/[\\u0300-\\u036f]/g,\"\").toLowerCase().trim()};q.parentNode.hidden=false;q.value=\"\";q.oninput=function(){var v=k(q.value),c=0;l.forEach(function(i){var h=v&&k(i.getAttribute(\"data-search\")).indexOf(v)<0;i.hidden=h;c+=h?0:1});n.hidden=c>0}})()";

/// Every inline script, for the pages' `script-src` directive.
pub const ALL: [&str; 3] = [ERROR_CODE, HEADER_PUSH, PARTNER_SEARCH];

/// The `sha256-…` sources of every inline script for the `script-src` directive.
pub fn policy_sources() -> impl Iterator<Item = String> {
    ALL.into_iter().map(policy_source)
}

/// The `sha256-…` source of one inline script.
fn policy_source(script: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    format!(
        "sha256-{}",
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script.as_bytes()))
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_script_needs_no_escaping_in_a_script_element() {
        for script in super::ALL {
            assert!(!script.contains("</"), "{script}");
            assert!(!script.contains('\n'), "{script}");
        }
        let sources: Vec<String> = super::policy_sources().collect();
        assert_eq!(sources.len(), 3);
        assert!(sources
            .iter()
            .all(|s| s.starts_with("sha256-") && s.len() == 51));
    }

    #[test]
    fn the_header_push_hides_for_a_day() {
        // The islands' header store's key and day (stores/header.ts: HEADER_PUSH_KEY, DAY_MS).
        assert!(super::HEADER_PUSH.contains("\"header-push-hidden-until\""));
        assert!(super::HEADER_PUSH.contains("864e5"));
    }
}
