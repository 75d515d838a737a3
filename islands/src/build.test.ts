// The islands build: one module per island with shared chunks, content-hashed names, the
// manifest the generator reads, a loader within its size budget, and no react-dom inside.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const islandsDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "islands-build-"));
const out = join(work, "assets", "islands");

interface Manifest {
  loader: string;
  islands: Record<string, { file: string; imports: string[]; early: string[]; lazy: string[]; hydrate: string; labels: string[]; css?: string }>;
}

interface IslandsConfig {
  budgets: { beforeInteraction: number; afterAll: number };
  islands: Record<string, { hydrate: string; labels?: string[] }>;
  pages: Record<string, string[]>;
}

const config = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "islands.json"), "utf8")) as IslandsConfig;

function runBuild(...args: string[]) {
  return spawnSync(process.execPath, ["build.mjs", ...args], { cwd: islandsDir, encoding: "utf8" });
}

let manifest: Manifest;
let stdout = "";

beforeAll(() => {
  const run = runBuild("--out", out);
  stdout = run.stdout;
  expect(run.status, run.stderr).toBe(0);
  manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as Manifest;
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

// Strings only React DOM's own code carries (preact/compat re-exports React's names, even
// __SECRET_INTERNALS…, so those prove nothing).
const REACT_DOM_MARKERS = ["react-dom", "__reactFiber", "__reactProps", "__reactContainer", "react.dev/errors", "reactjs.org/docs/error-decoder"];

describe("islands build", () => {
  it("writes one hashed module per island and the manifest", () => {
    const islands = readdirSync(join(islandsDir, "src", "islands")).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
    expect(Object.keys(manifest.islands).sort()).toEqual(islands.map((f) => f.replace(/\.tsx?$/, "")).sort());
    for (const [name, entry] of Object.entries(manifest.islands)) {
      expect(entry.file).toMatch(new RegExp(`^${name}\\.[A-Z0-9]{8}\\.js$`));
      for (const file of [entry.file, ...entry.imports]) expect(existsSync(join(out, file)), file).toBe(true);
    }
    expect(manifest.loader).toMatch(/^loader\.[A-Z0-9]{8}\.js$/);
  });

  it("shares the common code between islands in chunks", () => {
    const [a, b] = Object.values(manifest.islands);
    expect(a?.imports.length).toBeGreaterThan(0);
    expect(a?.imports.filter((chunk) => b?.imports.includes(chunk))).not.toEqual([]);
    // The island's own file stays small: the framework is in the shared chunk.
    expect(readFileSync(join(out, a?.file ?? "")).length).toBeLessThan(4096);
  });

  it("carries each island's hydration and UI strings from islands.json", () => {
    for (const [name, entry] of Object.entries(manifest.islands)) {
      expect(entry.hydrate).toBe(config.islands[name]?.hydrate);
      expect(entry.labels).toEqual(config.islands[name]?.labels ?? []);
      for (const file of entry.lazy) expect(existsSync(join(out, file)), file).toBe(true);
      // What loads before any interaction loads, at the latest, after every island.
      for (const file of entry.early) expect(entry.lazy, `${name}: ${file}`).toContain(file);
    }
  });

  it("keeps every page within its budgets: 12 KB gzipped before any interaction, 40 KB with every island", () => {
    const gz = (file: string) => gzipSync(readFileSync(join(out, file)), { level: 9 }).length;
    const sum = (files: Iterable<string>) => [...new Set(files)].reduce((total, f) => total + gz(f), 0);
    const eager = new Set(["load", "idle", "visible"]);
    const kinds = Object.keys(config.pages).filter((k) => k !== "every");
    expect(kinds.length).toBeGreaterThan(10);
    const report: string[] = [];
    for (const kind of kinds) {
      const names = [...new Set([...(config.pages.every ?? []), ...(config.pages[kind] ?? [])])];
      const islands = names.map((n) => manifest.islands[n]!);
      expect(islands.every(Boolean), kind).toBe(true);
      // Before any interaction as a browser fetches it: the chunks a first stage imports
      // dynamically without one (`early`) count too.
      const before = sum([manifest.loader, ...islands.filter((i) => eager.has(i.hydrate)).flatMap((i) => [i.file, ...i.imports, ...i.early])]);
      const after = sum([manifest.loader, ...islands.flatMap((i) => [i.file, ...i.imports, ...i.lazy])]);
      report.push(`${kind} ${before} ${after}`);
      expect(before, `${kind} before interaction`).toBeLessThanOrEqual(config.budgets.beforeInteraction);
      expect(after, `${kind} after every island`).toBeLessThanOrEqual(config.budgets.afterAll);
      // Nothing a page loads before interaction holds the UI framework.
      const early = islands.filter((i) => eager.has(i.hydrate)).flatMap((i) => [i.file, ...i.imports, ...i.early]);
      for (const file of early) expect(readFileSync(join(out, file), "utf8").includes("__H"), `${kind}: preact hooks in ${file}`).toBe(false);
    }
    expect(config.budgets).toEqual({ beforeInteraction: 12 * 1024, afterAll: 40 * 1024 });
    expect(stdout).toMatch(/page Cinema\s+[0-9.]+ KB before interaction, [0-9.]+ KB after every island/);
    expect(report).toHaveLength(kinds.length);
  });

  it("bundles no react-dom code", () => {
    for (const file of readdirSync(out).filter((f) => f.endsWith(".js"))) {
      const code = readFileSync(join(out, file), "utf8");
      for (const marker of REACT_DOM_MARKERS) expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  });

  it("keeps the loader within 1.5 KB gzipped, without a manifest (pages write data-src)", () => {
    const loader = readFileSync(join(out, manifest.loader));
    expect(gzipSync(loader, { level: 9 }).length).toBeLessThanOrEqual(1536);
    const code = loader.toString("utf8");
    for (const entry of Object.values(manifest.islands)) expect(code).not.toContain(entry.file);
    expect(code).toContain("data-island");
    expect(code).not.toMatch(/\bimport\s*[{*]/); // no static import: the loader is one file
  });

  it("prints the gzipped size of the loader and of each bundle", () => {
    expect(stdout).toContain(`${manifest.loader}`);
    for (const name of Object.keys(manifest.islands)) expect(stdout).toMatch(new RegExp(`island ${name}\\s+[0-9.]+ KB gzipped`));
    expect(stdout).toMatch(/loader\.[A-Z0-9]{8}\.js\s+[0-9.]+ KB gzipped \(limit 1\.50 KB\)/);
  });

  it("fails over the loader budget and leaves the previous output as it was", () => {
    const before = readFileSync(join(out, "manifest.json"), "utf8");
    const run = runBuild("--out", out, "--loader-limit", "100");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/over the 100-byte limit/);
    expect(readFileSync(join(out, "manifest.json"), "utf8")).toBe(before);
    expect(existsSync(`${out}.staging`)).toBe(false);
  }, 60_000);

  it("refuses to replace a folder that is not an islands build", () => {
    const foreign = join(work, "foreign");
    mkdirSync(foreign);
    writeFileSync(join(foreign, "keep.txt"), "mine");
    const run = runBuild("--out", foreign);
    expect(run.status).toBe(1);
    expect(readFileSync(join(foreign, "keep.txt"), "utf8")).toBe("mine");
  }, 60_000);
});
