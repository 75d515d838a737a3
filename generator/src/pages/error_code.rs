//! The error page's code (spec §2: `/404?errorCode=410` shows the gone page's code and words,
//! the address unchanged; 404 by default). The page is one static file, so the query is read
//! in the browser by one tiny inline script, allowed by its hash in the Content-Security-Policy
//! (`policy_source`). The script runs as the page is parsed, right after the two texts, so
//! nothing moves after the first paint; without JavaScript the page says 404, as by default.

/// The script, exactly as written into the page and hashed for the policy: with
/// `errorCode=410`, it writes the gone page's code, heading, words and title, which the block
/// carries in `data-gone-*` attributes, in place of the 404 ones.
pub const SCRIPT: &str = "(function(){var b=document.querySelector(\"[data-gone-code]\");if(!b||new URLSearchParams(location.search).get(\"errorCode\")!==\"410\")return;b.querySelector(\".error-code\").textContent=b.getAttribute(\"data-gone-code\");b.querySelector(\"h1\").textContent=b.getAttribute(\"data-gone-heading\");b.querySelector(\".lead\").textContent=b.getAttribute(\"data-gone-intro\");document.title=b.getAttribute(\"data-gone-title\")})()";

/// The `sha256-…` source of `SCRIPT` for the `script-src` directive.
pub fn policy_source() -> String {
    super::hash::script_policy_source(SCRIPT)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_script_needs_no_escaping_in_a_script_element() {
        assert!(!super::SCRIPT.contains("</"));
        assert!(!super::SCRIPT.contains('\n'));
        assert!(super::policy_source().starts_with("sha256-"));
    }
}
