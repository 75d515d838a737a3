// The app's webview variants of the help centre (docs/routes.md): the same page with `/m`
// after the language prefix (`/m/aide/…`, `/nl/m/help/…`), rendered without header and
// footer. A link an island writes on such a page (a help search result) must stay in the
// webview, or the app shows the site's header and footer.

/** `/m` after an optional language prefix: the page is a webview variant. */
const WEBVIEW = /^((?:\/(?:fr|en|de|nl))?)\/m(?=\/|$)/;

/** The language prefix of a webview page (`""`, `/nl`…), or null for an ordinary page. */
export function webviewPrefix(pathname: string): string | null {
  return WEBVIEW.exec(pathname)?.[1] ?? null;
}

/**
 * `href` (a site path, as the search API gives it) as the current page's variant: on a
 * webview page, the webview variant of the same path; elsewhere, unchanged.
 */
export function inPageVariant(href: string, pagePathname: string): string {
  const prefix = webviewPrefix(pagePathname);
  if (prefix === null || !href.startsWith("/") || href.startsWith("//")) return href;
  if (webviewPrefix(href) !== null) return href;
  // Only a link in the page's language (its prefix, or none on a page without one).
  const language = /^\/(?:fr|en|de|nl)(?=\/|$)/.exec(href)?.[0] ?? "";
  if (language !== prefix) return href;
  return `${prefix}/m${href.slice(prefix.length)}`;
}
