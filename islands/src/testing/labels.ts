// The French UI strings of the site (locales/fr.json, beside islands/: vitest runs from
// islands/), flattened to the keys islands use.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Labels } from "../lib/i18n";

function flatten(value: unknown, prefix: string, out: Labels): Labels {
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === "string") {
    out[prefix] = value;
  }
  return out;
}

export const FR: Labels = flatten(JSON.parse(readFileSync(join(process.cwd(), "..", "locales", "fr.json"), "utf8")), "", {});

/** The French strings of the labels `islands.json` lists for an island: what the page gives it. */
export function labelsOf(island: string): Labels {
  const config = JSON.parse(readFileSync(join(process.cwd(), "islands.json"), "utf8")) as { islands: Record<string, { labels?: string[] }> };
  const keys = config.islands[island]?.labels;
  if (!keys) throw new Error(`no island ${island} in islands.json`);
  // A count's string is its plural forms (`search.results.one`, `….other`), as the page writes them.
  return Object.fromEntries(
    keys.flatMap((k) => (FR[k] === undefined && FR[`${k}.other`] !== undefined ? Object.entries(FR).filter(([key]) => key.startsWith(`${k}.`)) : [[k, FR[k] ?? k]])),
  );
}
