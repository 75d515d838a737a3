//! The header push (spec §9, issue 13): the content API's permanent auto-promotion
//! (`/permanent-autopromo`) as a strip at the top of every page's header. Closing it hides it
//! for one day, also after a reload (spec §4 Header: "viewing stores an expiry of the next
//! day"; the key and rule of `islands/src/stores/header.ts`). The page is static, so one tiny
//! inline script, allowed by its hash in the Content-Security-Policy (`policy_source`), runs
//! right after the strip as the page is parsed: a strip closed within the day is hidden before
//! the first paint (no layout shift), and the close button appears (without JavaScript the
//! strip stays, with no dead button). It costs the islands' bundles nothing.

/// The script, exactly as written into the page and hashed for the policy.
pub const SCRIPT: &str = "(function(){var p=document.currentScript.previousElementSibling,k=\"header-push-hidden-until\",s;try{s=localStorage;if(+s.getItem(k)>Date.now()){p.hidden=true;return}}catch(e){return}var b=p.querySelector(\"button\");b.hidden=false;b.onclick=function(){try{s.setItem(k,String(Date.now()+864e5))}catch(e){}p.hidden=true;var l=document.querySelector(\".site-header .logo\");l&&l.focus()}})()";

/// The `sha256-…` source of `SCRIPT` for the `script-src` directive.
pub fn policy_source() -> String {
    super::hash::script_policy_source(SCRIPT)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_script_needs_no_escaping_and_hides_for_a_day() {
        assert!(!super::SCRIPT.contains("</"));
        assert!(!super::SCRIPT.contains('\n'));
        // The islands' header store's key and day (stores/header.ts: HEADER_PUSH_KEY, DAY_MS).
        assert!(super::SCRIPT.contains("\"header-push-hidden-until\""));
        assert!(super::SCRIPT.contains("864e5"));
        assert!(super::policy_source().starts_with("sha256-"));
    }
}
