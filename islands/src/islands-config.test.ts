// islands.json, the one list of the islands the generator reads (through the manifest):
// every island module has its entry and the reverse, its hydration mode is one the loader
// knows, every UI string it lists exists in every language, every page's islands exist.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const config = JSON.parse(readFileSync(join(root, "islands.json"), "utf8")) as {
  islands: Record<string, { hydrate: string; labels?: string[] }>;
  pages: Record<string, string[]>;
};

function flatten(value: unknown, prefix = "", out = new Set<string>()): Set<string> {
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else if (typeof value === "string") out.add(prefix);
  return out;
}

describe("islands.json", () => {
  it("lists exactly the islands of src/islands, each with a hydration mode the loader knows", () => {
    const files = readdirSync(join(root, "src", "islands"))
      .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
      .map((f) => f.replace(/\.tsx?$/, ""));
    expect(Object.keys(config.islands).sort()).toEqual(files.sort());
    for (const island of Object.values(config.islands)) expect(["load", "idle", "visible", "interaction"]).toContain(island.hydrate);
  });

  it.each(["fr", "en", "de", "nl"])("lists only UI strings the %s locale has", (lang) => {
    const keys = flatten(JSON.parse(readFileSync(join(root, "..", "locales", `${lang}.json`), "utf8")));
    for (const [name, island] of Object.entries(config.islands)) {
      const missing = (island.labels ?? []).filter((k) => !keys.has(k) && !keys.has(`${k}.other`));
      expect(missing, name).toEqual([]);
    }
  });

  it("names only existing islands on its pages", () => {
    for (const names of Object.values(config.pages)) for (const name of names) expect(config.islands[name], name).toBeDefined();
  });
});
