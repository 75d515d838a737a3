// Lighthouse audits of generated pages, for scripts/bench: mobile performance and
// accessibility scores and the layout shift of each page, in Debian's Chromium.
//
//   node audit.mjs URL… [--json FILE]
//
// Lighthouse's default configuration is the mobile one (Moto G class screen, simulated slow
// 4G and a 4× slower CPU), which is what the targets are about. Chromium is started once;
// each URL gets a fresh page. Prints one line per URL and, with --json, writes the figures.
// Exits non-zero when a target is missed (performance ≥ 95, accessibility 100, CLS ≤ 0.02),
// so the bench says so plainly.

import { writeFileSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.02 };
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
// The flags the project uses for every Chromium run: no sandbox in containers, no GPU, and no
// background traffic (the network only reaches package registries).
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"];

const args = process.argv.slice(2);
const jsonAt = args.indexOf("--json");
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const urls = args.filter((_, i) => jsonAt < 0 || (i !== jsonAt && i !== jsonAt + 1));
if (urls.length === 0) {
  console.error("usage: node audit.mjs URL… [--json FILE]");
  process.exit(2);
}

const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: "error" });
const results = [];
let missed = 0;
try {
  for (const url of urls) {
    const runner = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
    const lhr = runner?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    const row = {
      url,
      performance: score("performance"),
      accessibility: score("accessibility"),
      cls: audit("cumulative-layout-shift"),
      lcpMs: audit("largest-contentful-paint"),
      fcpMs: audit("first-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      failingAccessibilityAudits: failing,
      bestPractices: score("best-practices"),
      seo: score("seo"),
      failingBestPractices: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && lhr.categories["best-practices"].auditRefs.some((r) => r.id === a.id && r.weight > 0))
        .map((a) => a.id),
    };
    const ok = row.performance >= TARGETS.performance && row.accessibility >= TARGETS.accessibility && row.cls <= TARGETS.cls && row.bestPractices >= TARGETS.bestPractices && row.seo >= TARGETS.seo;
    if (!ok) missed++;
    results.push(row);
    console.log(
      `${url.padEnd(48)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  best practices ${String(row.bestPractices).padStart(3)}  SEO ${String(row.seo).padStart(3)}  CLS ${row.cls.toFixed(3)}  LCP ${Math.round(row.lcpMs)} ms  FCP ${Math.round(row.fcpMs)} ms  TBT ${Math.round(row.tbtMs)} ms${ok ? "" : "  ← below target"}${failing.length ? `  (a11y: ${failing.join(", ")})` : ""}${row.failingBestPractices.length ? `  (best practices: ${row.failingBestPractices.join(", ")})` : ""}`,
    );
  }
} finally {
  await chrome.kill();
}
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ targets: TARGETS, results }, null, 2));
console.log(`targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}, SEO ${TARGETS.seo}, CLS ≤ ${TARGETS.cls} — ${missed === 0 ? "all met" : `${missed} page(s) below`}`);
process.exit(missed === 0 ? 0 : 1);
