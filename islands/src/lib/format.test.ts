import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatMoney } from "./format";
import { translator } from "./i18n";
import { formatCount, pluralCategory } from "./plural";

type Table = {
  prices: { locale: string; currency: string; amount: number; text: string }[];
  counts: { locale: string; count: number; text: string; category: string }[];
};
const table = JSON.parse(readFileSync(new URL("../generated/format-table.json", import.meta.url), "utf8")) as Table;

// The table is written by the Rust side (site/tests/format_table.rs, ICU4X): every price and
// count must read the same in an island as on a page.
describe("the islands' formatter against the Rust pages' table", () => {
  it("prints every price as the pages do", () => {
    const wrong = table.prices
      .map((row) => ({ ...row, got: formatMoney(row.amount, row.currency, row.locale) }))
      .filter((row) => row.got !== row.text);
    expect(wrong).toEqual([]);
    expect(table.prices.length).toBeGreaterThan(300);
  });

  it("writes every count and picks its plural category as the pages do", () => {
    const wrong = table.counts
      .map((row) => ({ ...row, got: formatCount(row.count, row.locale), gotCategory: pluralCategory(row.count, row.locale) }))
      .filter((row) => row.got !== row.text || row.gotCategory !== row.category);
    expect(wrong).toEqual([]);
    // Counts follow the country, not only the language.
    expect(formatCount(1000, "de-CH")).toBe("1'000");
    expect(formatCount(1000, "de-DE")).toBe("1.000");
  });

  it("covers every currency of the sites", () => {
    expect(new Set(table.prices.map((row) => row.currency))).toEqual(new Set(["EUR", "CHF", "TND", "XOF", "MAD"]));
    expect(formatMoney(4000, "XOF", "fr-SN")).toBe("4\u202f000\u00a0FCFA");
  });
});

describe("the islands' translator", () => {
  it("picks a count's plural form and writes the count as the page's language does", () => {
    const labels = { "search.results.one": "{count} résultat", "search.results.other": "{count} résultats" };
    const before = globalThis.document;
    (globalThis as { document?: unknown }).document = { documentElement: { lang: "fr-CH" } };
    try {
      const t = translator(labels);
      expect(t("search.results", { count: 1 })).toBe("1 résultat");
      expect(t("search.results", { count: 0 })).toBe("0 résultat");
      expect(t("search.results", { count: 2 })).toBe("2 résultats");
      // Millions are "many" in French: the form falls back to "other".
      expect(t("search.results", { count: 1000000 })).toBe(`${formatCount(1000000, "fr-CH")} résultats`);
      expect(t("search.results", { count: 1000 })).toBe("1\u202f000 résultats");
    } finally {
      (globalThis as { document?: unknown }).document = before;
    }
  });
});
