// Counts in UI strings, as the Rust pages write them (site/src/format.rs, ICU4X): the plural
// category of the page's language and the grouping of thousands of the page's locale, the
// site's country counting (`1 000` in fr-FR, narrow no-break space; `1.000` in nl-NL and
// de-DE; `1'000` in de-CH). Apart from lib/format.ts (prices) so that every island's
// translator carries only this (lib/i18n.ts writes the same rules out, to stay small).

/** The page's language (`<html lang="fr-CH">` → `fr`), `en` outside a page. */
export const pageLanguage = (): string => globalThis.document?.documentElement.lang.split("-")[0] || "en";

/** `1000` → `1 000` in fr-FR, `1.000` in nl-NL, `1'000` in de-CH, `1,000` in English: as the
 *  pages write it (site/src/format.rs follows the browsers' CLDR where ICU4X's data is older). */
export const formatCount = (n: number, locale: string): string => n.toLocaleString(locale);

/** The CLDR plural category of `n` in `locale`'s language: `one`, `many`, `other`… */
export const pluralCategory = (n: number, locale: string): string => new Intl.PluralRules(locale).select(n);
