// Typed-text matching (spec §4, §5), mirroring `site/src/text.rs`: searches ignore accents
// and case, and a postal code matches by its start.

// The letters NFKD leaves whole, as their lower case writes them.
const SPECIAL: Record<string, string> = {
  "œ": "oe",
  "æ": "ae",
  "ß": "ss",
  "ø": "o",
  "ł": "l",
  "đ": "d",
};

/**
 * Lower-cases and strips accents: "Évry" → "evry", "Œuvre" → "oeuvre", "Straße" → "strasse".
 * As the Rust rule: the letters above are looked up after lower-casing ("ẞ" → "ß" → "ss").
 */
export function fold(text: string): string {
  let out = "";
  for (const c of text.normalize("NFKD")) {
    if (/\p{M}/u.test(c)) continue;
    const l = c.toLowerCase();
    out += SPECIAL[l] ?? l;
  }
  return out;
}

/** A genre as a URL filter names it: folded, blanks as dashes ("Science fiction" → "science-fiction"). */
export function genreKey(genre: string): string {
  return fold(genre.trim()).split(/\s+/).filter(Boolean).join("-");
}

/** Whether `haystack` contains `query`, ignoring accents, case and surrounding blanks. */
export function containsFolded(haystack: string, query: string): boolean {
  return fold(haystack).includes(fold(query).trim());
}

const compactCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();

/** Whether the typed text starts one of the postal codes ("75" matches "75011"). */
export function postalCodeMatches(typed: string, codes: readonly string[]): boolean {
  const prefix = compactCode(typed);
  if (prefix === "" || !/^[0-9]/.test(prefix)) return false;
  return codes.some((code) => compactCode(code).startsWith(prefix));
}

/**
 * Whether a cinema matches the locator's typed text: a query starting with a digit is a
 * postal code (the city's or the theatre's starts with it); any other matches the name or
 * the city, accents and case ignored; a blank query matches every cinema.
 */
export function cinemaMatches(
  query: string,
  cinema: { name: string; city: string },
  postalCodes: readonly (string | null | undefined)[],
): boolean {
  const q = query.trim();
  if (q === "") return true;
  if (/^[0-9]/.test(q)) return postalCodeMatches(q, postalCodes.filter((c): c is string => !!c));
  return containsFolded(cinema.name, q) || containsFolded(cinema.city, q);
}
