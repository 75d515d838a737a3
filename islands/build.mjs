// Bundles the islands: one ES module per island (src/islands/*.ts[x]) with shared chunks,
// React's API served by preact/compat, minified, content-hashed names; then the loader
// (loader.[hash].js: pages name each island's module in `data-src`); then manifest.json, which the Rust
// generator reads so a page references only the islands it shows:
//
//   { "loader": "loader.HASH.js",
//     "islands": { "NAME": { "file": "NAME.HASH.js", "imports": ["chunk-HASH.js"], "css": "…" } } }
//
// Paths are relative to the output folder; `imports` are the chunks the island's module
// imports statically (transitively): a page may preload them; `early` are the chunks its first
// stage imports dynamically without any interaction (the live schedule, at idle), with their
// static chunks; `lazy` are the chunks it may import later (`early` among them: its
// interactive part, a modal's content), transitively. `hydrate` and
// `labels` come from islands.json: the generator writes them on the island's element and in
// its props. Usage:
//   node build.mjs [--out DIR] [--loader-limit BYTES]   (default: dist beside this file, 1536)
// The gzipped sizes are printed — per file, per island, and per page kind of islands.json
// (what a page loads before any interaction, and once every island it shows has loaded
// with its lazy parts); the build fails when the loader passes 1.5 KB gzipped or a page
// passes its budget. "Before any interaction" is what a browser fetches by then: a dynamic
// import counts there unless islands.json names its module among `onInteraction` (an
// island's interactive part, a button's work) or `onDemand` (measured on its own).

import * as esbuild from "esbuild";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
/** Which islands exist, how each hydrates, its UI strings, the islands of each page kind, the budgets. */
export const CONFIG_PATH = join(here, "islands.json");
export const readConfig = () => JSON.parse(readFileSync(CONFIG_PATH, "utf8"));
/** Hydration modes that run without the visitor doing anything. */
const EAGER = new Set(["load", "idle", "visible"]);
/** The evening cards' service worker's budget in gzipped bytes (issue 17: 5 KB). */
export const SERVICE_WORKER_LIMIT = 5120;

/** The loader's budget in gzipped bytes (1.5 KB); `--loader-limit` lowers it for tests. */
const LOADER_LIMIT = 1536;

function parseArgs(argv) {
  let out = join(here, "dist");
  let loaderLimit = LOADER_LIMIT;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out" && argv[i + 1]) out = resolve(argv[++i]);
    else if (argv[i] === "--loader-limit" && argv[i + 1]) loaderLimit = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (usage: node build.mjs [--out DIR] [--loader-limit BYTES])`);
  }
  if (!(loaderLimit > 0)) throw new Error("--loader-limit must be a positive number of bytes");
  return { out, loaderLimit };
}

const shared = {
  bundle: true,
  format: "esm",
  minify: true,
  // ES2021 (logical assignment: `a ||= b`): every browser with the class fields below has it.
  target: "es2021",
  // Class fields, private ones included, as written (every browser since 2021 has them):
  // lowering them costs a helper chunk that every page loads.
  supported: { "class-field": true, "class-private-field": true, "class-private-method": true, "class-private-accessor": true, "class-private-static-field": true, "class-private-static-method": true, "class-private-static-accessor": true, "class-static-field": true, "class-private-brand-check": true },
  platform: "browser",
  legalComments: "none",
  jsx: "automatic",
  metafile: true,
  write: true,
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
  alias: {
    react: "preact/compat",
    "react-dom": "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react/jsx-runtime": "preact/jsx-runtime",
    "react/jsx-dev-runtime": "preact/jsx-runtime",
  },
};

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/**
 * Gzipped sizes of a build in `dir`: per island (its module, static and early chunks; with its
 * lazy chunks too) and per page kind — `before`: the loader and every island hydrated without
 * interaction (load, idle, visible) with their static and early chunks, each file counted once;
 * `after`: the loader and every island of the page with all its chunks, lazy ones included.
 */
export function measure(dir, manifest, config = readConfig()) {
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) sizes.set(file, gz(join(dir, file)));
    return sizes.get(file);
  };
  const total = (files) => [...new Set(files)].reduce((sum, f) => sum + size(f), 0);
  const initial = (name) => [manifest.islands[name].file, ...manifest.islands[name].imports, ...(manifest.islands[name].early ?? [])];
  // Code loaded on demand (the sign-in flow, the captcha widget) is not part of "every island":
  // it has a budget of its own (see `onDemand` below).
  const all = (name) => [...initial(name), ...(manifest.islands[name].lazy ?? [])];
  const islands = Object.fromEntries(
    Object.keys(manifest.islands).map((name) => [name, { hydrate: manifest.islands[name].hydrate, initial: total(initial(name)), all: total(all(name)) }]),
  );
  const pages = {};
  for (const [kind, own] of Object.entries(config.pages)) {
    if (kind === "every") continue;
    const names = [...new Set([...(config.pages.every ?? []), ...own])].filter((n) => manifest.islands[n]);
    const eager = names.filter((n) => EAGER.has(manifest.islands[n].hydrate));
    pages[kind] = {
      islands: names,
      before: size(manifest.loader) + total(eager.flatMap(initial)),
      after: size(manifest.loader) + total(names.flatMap(all)),
    };
  }
  return { islands, pages };
}

export async function build(out, loaderLimit = LOADER_LIMIT) {
  const config = readConfig();
  const islandsDir = join(here, "src", "islands");
  const entryPoints = Object.fromEntries(
    readdirSync(islandsDir)
      .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
      .sort()
      .map((f) => [basename(f).replace(/\.tsx?$/, ""), join(islandsDir, f)]),
  );
  if (Object.keys(entryPoints).length === 0) throw new Error("no island in src/islands");
  for (const name of Object.keys(entryPoints)) {
    if (!config.islands[name]) throw new Error(`island ${name} has no entry in islands.json`);
  }

  // Built aside, then swapped in: a failed build leaves the previous output as it was.
  const staging = `${out}.staging`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });

  const islands = await esbuild.build({
    ...shared,
    entryPoints,
    splitting: true,
    outdir: staging,
    entryNames: "[name].[hash]",
    chunkNames: "chunk.[hash]",
    assetNames: "[name].[hash]",
  });

  const outputs = islands.metafile.outputs;
  const rel = (path) => relative(staging, resolve(here, path)).split("\\").join("/");
  const staticImports = (path, seen = new Set()) => {
    for (const imp of outputs[path]?.imports ?? []) {
      if (imp.kind !== "import-statement" || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
    return seen;
  };
  // Modules loaded only when the visitor asks for them (islands.json `onDemand`: module →
  // budget in gzipped bytes), e.g. the sign-in flow: their chunks are measured on their own.
  const onDemand = new Map(Object.entries(config.onDemand ?? {}).map(([module, budget]) => [resolve(here, module), budget]));
  const onDemandOutput = (path) => !!outputs[path]?.entryPoint && onDemand.has(resolve(here, outputs[path].entryPoint));
  // Every chunk reachable from `path` (dynamic imports included), itself excepted; with
  // `skipOnDemand`, not through the on-demand modules.
  const reachable = (path, seen = new Set(), skipOnDemand = false) => {
    for (const imp of outputs[path]?.imports ?? []) {
      if (imp.external || seen.has(imp.path)) continue;
      if (skipOnDemand && imp.kind === "dynamic-import" && onDemandOutput(imp.path)) continue;
      seen.add(imp.path);
      reachable(imp.path, seen, skipOnDemand);
    }
    return seen;
  };
  // Modules imported only on an interaction (islands.json `onInteraction`): an island's
  // interactive part, the help chat's service. Any other dynamic import the first stage
  // reaches (not on demand) loads before any interaction, as a browser sees it.
  const onInteraction = new Set((config.onInteraction ?? []).map((module) => resolve(here, module)));
  const entryOf = (path) => (outputs[path]?.entryPoint ? resolve(here, outputs[path].entryPoint) : null);
  const early = (path, seen = new Set()) => {
    for (const imp of outputs[path]?.imports ?? []) {
      if (imp.external || seen.has(imp.path)) continue;
      if (imp.kind === "dynamic-import" && (onInteraction.has(entryOf(imp.path)) || onDemandOutput(imp.path))) continue;
      seen.add(imp.path);
      early(imp.path, seen);
    }
    return seen;
  };
  const islandEntry = (entryPoint) => {
    const name = basename(entryPoint).replace(/\.tsx?$/, "");
    return resolve(here, entryPoint) === entryPoints[name] ? name : null;
  };
  const manifest = { loader: "", islands: {}, onDemand: {} };
  for (const [path, output] of Object.entries(outputs)) {
    // Entry points are the islands, and the modules they import lazily (not islands).
    const name = output.entryPoint && path.endsWith(".js") ? islandEntry(output.entryPoint) : null;
    if (!name) continue;
    const imports = staticImports(path);
    const first = [...early(path)].filter((p) => !imports.has(p) && p.endsWith(".js"));
    const lazy = [...reachable(path, new Set(), true)].filter((p) => !imports.has(p) && p.endsWith(".js"));
    const { hydrate, labels = [] } = config.islands[name];
    const entry = { file: rel(path), imports: [...imports].map(rel).sort(), early: first.map(rel).sort(), lazy: lazy.map(rel).sort(), hydrate, labels };
    if (output.cssBundle) entry.css = rel(output.cssBundle);
    manifest.islands[name] = entry;
  }

  // Each on-demand module with what it adds: its chunk and the chunks it reaches (another
  // on-demand module it loads is measured on its own).
  for (const [path, output] of Object.entries(outputs)) {
    if (!path.endsWith(".js") || !onDemandOutput(path)) continue;
    const module = relative(here, resolve(here, output.entryPoint));
    manifest.onDemand[module] = { file: rel(path), chunks: [...reachable(path, new Set(), true)].filter((p) => p.endsWith(".js")).map(rel).sort() };
  }
  for (const module of onDemand.keys()) {
    if (!Object.keys(manifest.onDemand).some((m) => resolve(here, m) === module)) throw new Error(`onDemand module ${relative(here, module)} is not imported lazily by any island`);
  }
  for (const module of onInteraction) {
    if (!Object.values(outputs).some((o) => o.entryPoint && resolve(here, o.entryPoint) === module)) throw new Error(`onInteraction module ${relative(here, module)} is not imported lazily by any island`);
  }

  const loader = await esbuild.build({
    ...shared,
    entryPoints: { loader: join(here, "src", "loader", "main.ts") },
    outdir: staging,
    entryNames: "[name].[hash]",
  });
  const loaderPath = Object.keys(loader.metafile.outputs).find((p) => p.endsWith(".js"));
  manifest.loader = rel(loaderPath);
  // The evening cards' service worker (src/sw/sw.ts): a classic script under a fixed name,
  // which the generator writes at each site's root (`/sw.js`), not under assets/islands/.
  await esbuild.build({ ...shared, format: "iife", entryPoints: { sw: join(here, "src", "sw", "sw.ts") }, outdir: staging, entryNames: "[name]" });
  manifest.serviceWorker = "sw.js";
  writeFileSync(join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  // Sizes, as a page pays them.
  const loaderGz = gz(join(staging, manifest.loader));
  const lines = [`  ${manifest.loader.padEnd(36)} ${kb(loaderGz)} gzipped (limit ${kb(loaderLimit)})`];
  for (const file of readdirSync(staging).filter((f) => f.endsWith(".js") && f !== manifest.loader).sort()) {
    lines.push(`  ${file.padEnd(36)} ${kb(gz(join(staging, file)))} gzipped`);
  }
  const report = measure(staging, manifest, config);
  for (const [name, island] of Object.entries(report.islands)) {
    lines.push(`  island ${name.padEnd(29)} ${kb(island.initial)} gzipped with its chunks before interaction, ${kb(island.all)} with its lazy parts (${island.hydrate})`);
  }
  const { beforeInteraction, afterAll } = config.budgets;
  const over = [];
  for (const [kind, page] of Object.entries(report.pages)) {
    lines.push(`  page ${kind.padEnd(31)} ${kb(page.before)} before interaction, ${kb(page.after)} after every island`);
    if (page.before > beforeInteraction) over.push(`${kind} loads ${page.before} bytes before interaction (budget ${beforeInteraction})`);
    if (page.after > afterAll) over.push(`${kind} loads ${page.after} bytes with every island (budget ${afterAll})`);
  }
  for (const [module, entry] of Object.entries(manifest.onDemand)) {
    // Counted whole: on a page it may share chunks with the islands, never more than this.
    const bytes = [entry.file, ...entry.chunks].reduce((sum, f) => sum + gz(join(staging, f)), 0);
    const budget = config.onDemand[module];
    lines.push(`  on demand ${module.padEnd(26)} ${kb(bytes)} gzipped with its chunks (budget ${kb(budget)})`);
    if (bytes > budget) over.push(`${module} loads ${bytes} bytes on demand (budget ${budget})`);
  }
  const swGz = gz(join(staging, manifest.serviceWorker));
  lines.push(`  service worker ${manifest.serviceWorker.padEnd(21)} ${kb(swGz)} gzipped (limit ${kb(SERVICE_WORKER_LIMIT)})`);
  if (swGz > SERVICE_WORKER_LIMIT) over.push(`the service worker is ${swGz} bytes gzipped (budget ${SERVICE_WORKER_LIMIT})`);
  lines.push(`  budgets: ${kb(beforeInteraction)} before interaction, ${kb(afterAll)} after every island, per page`);
  console.log(`islands: ${Object.keys(manifest.islands).length} bundled into ${out}\n${lines.join("\n")}`);
  if (loaderGz > loaderLimit) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`the loader is ${loaderGz} bytes gzipped, over the ${loaderLimit}-byte limit`);
  }
  if (over.length > 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`over budget: ${over.join("; ")}`);
  }

  // Replace only a folder this build wrote before (it has our manifest), never anything else.
  if (existsSync(out)) {
    const ours = existsSync(join(out, "manifest.json")) || readdirSync(out).length === 0;
    if (!ours) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`${out} exists and is not an islands build (no manifest.json): not replacing it`);
    }
    rmSync(out, { recursive: true, force: true });
  }
  renameSync(staging, out);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { out, loaderLimit } = parseArgs(process.argv.slice(2));
    await build(out, loaderLimit);
  } catch (error) {
    console.error(`islands build failed: ${error.message}`);
    process.exit(1);
  }
}
