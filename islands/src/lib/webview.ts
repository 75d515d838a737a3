// The mobile app's embedded view names itself in its user agent. The spec does not spell the
// marker; the app and this constant must agree (one place to change it).

export const WEBVIEW_USER_AGENT_MARKER = "CinemaAppWebView";

/** The class on `<html>` in the app's webview: CSS hides the site's header, footer and app banner. */
export const WEBVIEW_CLASS = "webview";

/**
 * Marks the page as shown in the app's webview when the user agent says so (spec §4: webview
 * mode hides header and footer). The loader does it first thing, before any island, so the
 * chrome disappears at the first frame the loader runs in; the app should still open the
 * `/m/…` variants, which have no chrome at all.
 */
export function markWebview(root: Element, userAgent: string): void {
  if (userAgent.includes(WEBVIEW_USER_AGENT_MARKER)) root.classList.add(WEBVIEW_CLASS);
}
