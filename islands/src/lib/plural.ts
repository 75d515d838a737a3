// Counts in UI strings, as the Rust pages write them (site/src/format.rs, ICU4X): the plural
// category of the page's language and its grouping of thousands (`1 000` in French, narrow
// no-break space; `1.000` in Dutch and German; `1,000` in English). Apart from lib/format.ts
// (prices) so that every island's translator carries only this.

/** The page's language (`<html lang="fr-CH">` → `fr`), `en` outside a page. */
export const pageLanguage = (): string => globalThis.document?.documentElement.lang.split("-")[0] || "en";

/** `1000` → `1 000` in French, `1.000` in Dutch, `1,000` in English. */
export const formatCount = (n: number, lang: string): string => n.toLocaleString(lang);

/** The CLDR plural category of `n` in `lang`: `one`, `many`, `other`… */
export const pluralCategory = (n: number, lang: string): string => new Intl.PluralRules(lang).select(n);
