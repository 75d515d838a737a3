// Counts, prices and plural categories as the Rust pages write them (site/src/format.rs,
// ICU4X), here with `Intl`: the same CLDR rules, checked over one shared table
// (src/generated/format-table.json, written by site/tests/format_table.rs) by format.test.ts.
// - a count: the page locale's grouping (`1 000` in fr-FR, `1.000` in nl-NL, `1'000` in
//   de-CH) and its language's plural category (`one`, `many`, `other`…);
// - a price: the number as the page's locale writes it (`fr-CH`, `de-CH`, `fr-MA`…) with the
//   currency's decimals (francs CFA none, others two), then our symbol (`€`, `FCFA`, else the
//   ISO code) before the number in English and Dutch, after it in French and German.

// (lib/plural.ts writes counts; this module is kept apart from it so that only the islands
// that print prices load it.)
const languageOf = (locale: string): string => (locale.split("-")[0] || "en").toLowerCase();

export function currencyDecimals(currency: string): number {
  return currency === "XOF" ? 0 : 2;
}

export function currencySymbol(currency: string): string {
  return currency === "EUR" ? "€" : currency === "XOF" ? "FCFA" : currency;
}

/** `12.9`, `EUR`, `fr-FR` → `12,90 €`; `en-FR` → `€12,90`, `en-CH` → `CHF 12.90`; `4000`, `XOF`, `fr-SN` → `4 000 FCFA`. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const decimals = currencyDecimals(currency);
  // Rounded half away from zero on the minor units, as the Rust side does.
  const minor = Math.sign(amount) * Math.round(Math.abs(amount) * 10 ** decimals);
  const number = (minor / 10 ** decimals).toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const symbol = currencySymbol(currency);
  const lang = languageOf(locale);
  if (lang === "en" && symbol === "€") return `€${number}`;
  if (lang === "en" || lang === "nl") return `${symbol}\u00a0${number}`;
  return `${number}\u00a0${symbol}`;
}
