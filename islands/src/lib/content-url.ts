// A URL from content as it may go into `href` (twin of `site::escape::content_url`, checked
// by rule-cases.test.ts): an absolute `https://` or `http://` URL with a host and no `@` in
// it, or an address of the site itself (`/…`, not `//…`), blanks around it trimmed. Anything
// else — `javascript:`, `data:`, a protocol-relative or backslashed address, control
// characters — is null, and the caller writes no link.

export function contentUrl(url: string): string | null {
  url = url.trim();
  if (!url || [...url].some((c) => c <= "\u001f" || (c >= "\u007f" && c <= "\u009f") || c === "\\")) return null;
  if (url.startsWith("/")) return url[1] === "/" ? null : url;
  const at = url.indexOf("://");
  const host = url.slice(at + 3).split(/[/?#]/)[0]!;
  return at > 0 && /^https?$/i.test(url.slice(0, at)) && host !== "" && !host.includes("@") ? url : null;
}
