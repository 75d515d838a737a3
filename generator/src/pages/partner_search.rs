//! The subscription page's partner search (spec §4: the partner search; issue 13): a search
//! field over the partner list, each item carrying `data-search` (its name and city). As the
//! header push does, one tiny inline script allowed by its hash in the Content-Security-Policy
//! (`policy_source`) runs right after the list: it reveals the field (without JavaScript the
//! whole list shows and no dead field is offered) and keeps the items whose name or city
//! contains what is typed, accents and case aside, saying so when none does. No island: a new
//! island entry would cost every page's loader bytes for one page's search.

/// The script, exactly as written into the page and hashed for the policy.
pub const SCRIPT: &str = "(function(){var f=document.currentScript.parentNode,q=f.querySelector(\"input\"),n=f.querySelector(\".partner-none\"),l=f.querySelectorAll(\"li[data-search]\"),k=function(s){return s.normalize(\"NFD\").replace(/[\\u0300-\\u036f]/g,\"\").toLowerCase().trim()};q.parentNode.hidden=false;q.value=\"\";q.oninput=function(){var v=k(q.value),c=0;l.forEach(function(i){var h=v&&k(i.getAttribute(\"data-search\")).indexOf(v)<0;i.hidden=h;c+=h?0:1});n.hidden=c>0}})()";

/// The `sha256-…` source of `SCRIPT` for the `script-src` directive.
pub fn policy_source() -> String {
    super::hash::script_policy_source(SCRIPT)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_script_needs_no_escaping() {
        assert!(!super::SCRIPT.contains("</"));
        assert!(!super::SCRIPT.contains('\n'));
        assert!(super::policy_source().starts_with("sha256-"));
    }
}
