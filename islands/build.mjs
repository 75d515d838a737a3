// Bundles the islands: one ES module per island (src/islands/*.tsx) with shared chunks,
// React's API served by preact/compat, minified, content-hashed names; then the loader
// (loader.[hash].js) with the islands' manifest inside; then manifest.json, which the Rust
// generator reads so a page references only the islands it shows:
//
//   { "loader": "loader.HASH.js",
//     "islands": { "NAME": { "file": "NAME.HASH.js", "imports": ["chunk-HASH.js"], "css": "…" } } }
//
// Paths are relative to the output folder; `imports` are the chunks the island's module
// imports statically (transitively): a page may preload them. Usage:
//   node build.mjs [--out DIR] [--loader-limit BYTES]   (default: dist beside this file, 1536)
// The gzipped sizes are printed; the build fails when the loader passes 1.5 KB gzipped.

import * as esbuild from "esbuild";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
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
  target: "es2020",
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

export async function build(out, loaderLimit = LOADER_LIMIT) {
  const islandsDir = join(here, "src", "islands");
  const entryPoints = Object.fromEntries(
    readdirSync(islandsDir)
      .filter((f) => f.endsWith(".tsx") && !f.includes(".test."))
      .sort()
      .map((f) => [basename(f, ".tsx"), join(islandsDir, f)]),
  );
  if (Object.keys(entryPoints).length === 0) throw new Error("no island in src/islands");

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
  const manifest = { loader: "", islands: {} };
  for (const [path, output] of Object.entries(outputs)) {
    if (!output.entryPoint || !path.endsWith(".js")) continue;
    const name = basename(output.entryPoint).replace(/\.tsx?$/, "");
    const entry = { file: rel(path), imports: [...staticImports(path)].map(rel).sort() };
    if (output.cssBundle) entry.css = rel(output.cssBundle);
    manifest.islands[name] = entry;
  }

  const loader = await esbuild.build({
    ...shared,
    entryPoints: { loader: join(here, "src", "loader", "main.ts") },
    outdir: staging,
    entryNames: "[name].[hash]",
    define: {
      ...shared.define,
      __ISLANDS__: JSON.stringify(Object.fromEntries(Object.entries(manifest.islands).map(([n, e]) => [n, `./${e.file}`]))),
    },
  });
  const loaderPath = Object.keys(loader.metafile.outputs).find((p) => p.endsWith(".js"));
  manifest.loader = rel(loaderPath);
  writeFileSync(join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  // Sizes, as a page pays them.
  const loaderGz = gz(join(staging, manifest.loader));
  const lines = [`  ${manifest.loader.padEnd(36)} ${kb(loaderGz)} gzipped (limit ${kb(loaderLimit)})`];
  for (const file of readdirSync(staging).filter((f) => f.endsWith(".js") && f !== manifest.loader).sort()) {
    lines.push(`  ${file.padEnd(36)} ${kb(gz(join(staging, file)))} gzipped`);
  }
  for (const [name, entry] of Object.entries(manifest.islands)) {
    const total = [entry.file, ...entry.imports].reduce((sum, f) => sum + gz(join(staging, f)), 0);
    lines.push(`  island ${name.padEnd(29)} ${kb(total)} gzipped with its chunks`);
  }
  console.log(`islands: ${Object.keys(manifest.islands).length} bundled into ${out}\n${lines.join("\n")}`);
  if (loaderGz > loaderLimit) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`the loader is ${loaderGz} bytes gzipped, over the ${loaderLimit}-byte limit`);
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
