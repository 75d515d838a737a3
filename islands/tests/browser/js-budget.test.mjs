// What the heaviest pages (a cinema page, the help centre) make the browser download in
// JavaScript, measured from the network (each script response's body gzipped): ≤ 12 KB
// before any interaction, ≤ 40 KB once every island has loaded its interactive part. And
// no react-dom anywhere: React is preact/compat in every bundle the site serves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  cinemaLinks,
  followNetwork,
  followScripts,
  gzippedTotal,
  kb,
  siteUrl,
  useBrowser,
  waitForIslands,
  wakeEveryIsland,
} from './support.mjs';

const browser = useBrowser();

const BEFORE_INTERACTION = 12 * 1024;
const AFTER_EVERY_ISLAND = 40 * 1024;

/**
 * Strings only React DOM's own code carries (as src/build.test.ts: preact/compat re-exports
 * React's names, even __SECRET_INTERNALS…, so those prove nothing).
 */
const REACT_DOM_MARKERS = ['react-dom', '__reactFiber', '__reactProps', '__reactContainer', 'react.dev/errors', 'reactjs.org/docs/error-decoder'];

/** The islands with an interactive part (src/staged.ts): `data-ui="on"` once it is in. */
const STAGED = ['header', 'locator', 'schedule', 'favourite', 'show-feelings', 'cinema-info', 'trailer', 'faq-search'];

const fileName = (url) => new URL(url).pathname.split('/').pop();

function report(label, scripts) {
  const lines = [...scripts].map(([url, s]) => `    ${fileName(url).padEnd(30)} ${String(s.gzipped).padStart(6)} B gzipped`);
  console.log(`${label}: ${kb(gzippedTotal(scripts))} gzipped in ${scripts.size} scripts\n${lines.join('\n')}`);
}

function assertNoReactDom(scripts) {
  for (const [url, s] of scripts) {
    const marker = REACT_DOM_MARKERS.find((m) => s.text.includes(m));
    assert.equal(marker, undefined, `${fileName(url)} holds react-dom ("${marker}")`);
  }
}

const PAGES = [
  // The heaviest page kind (most islands), its path read from the cinemas list.
  { label: 'cinema page', path: (page) => cinemaLinks(page, 'fr').then((cinemas) => cinemas[0]?.path) },
  { label: 'help page', path: async () => '/aide' },
  // A season page: its island (one cinema's screenings, the selection) loads at idle.
  {
    label: 'season page',
    path: async (page) => {
      await page.goto(siteUrl('fr', '/evenements'));
      return page.$eval('a[href^="/saison/"]', (a) => a.getAttribute('href')).catch(() => null);
    },
  },
];

for (const { label, path: pathOf } of PAGES) {
  test(`${label}: JavaScript before any interaction and after every island`, async (t) => {
    const path = await browser.discover(pathOf);
    assert.ok(path, `no ${label} found`);
    await measure(t, path);
  });
}

/** Loads `path` in a fresh context (empty cache: every script comes from the network). */
function measure(t, path) {
  return browser.page(t, async (page) => {
    const network = followNetwork(page);
    const scripts = followScripts(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    const before = await scripts.loaded();
    report(`JS before any interaction on ${path}`, before);

    await wakeEveryIsland(page);
    // Every staged island has hydrated with its interactive part.
    await page.waitForFunction(
      (staged) => staged.every((name) => [...document.querySelectorAll(`[data-island="${name}"]`)].every((el) => el.dataset.ui === 'on')),
      STAGED,
    );
    await network.quiet();
    const all = await scripts.loaded();
    report(`JS after every island on ${path}`, all);
    const islands = await page.$$eval('[data-island]', (els) => els.map((el) => el.dataset.island));
    console.log(`islands of ${path}: ${islands.join(', ')}`);

    assert.ok(before.size > 0, 'scripts were measured');
    assert.ok(all.size > before.size, 'the interactive parts loaded more scripts');
    assert.ok(gzippedTotal(before) <= BEFORE_INTERACTION, `${kb(gzippedTotal(before))} before any interaction > ${kb(BEFORE_INTERACTION)}`);
    assert.ok(gzippedTotal(all) <= AFTER_EVERY_ISLAND, `${kb(gzippedTotal(all))} after every island > ${kb(AFTER_EVERY_ISLAND)}`);
    // Nothing before an interaction carries the framework (preact's hooks, as the build checks).
    for (const [url, s] of before) assert.ok(!s.text.includes('__H'), `${fileName(url)} holds preact, loaded before any interaction`);
    assert.ok([...all.values()].some((s) => s.text.includes('__H')), 'the interactive parts (preact) were measured');
    assertNoReactDom(all);
  });
}

test('no bundle the site serves holds react-dom', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/'));
    const loader = await page.locator('script[type=module][src*="/assets/islands/loader."]').getAttribute('src');
    assert.ok(loader, 'the page loads the islands loader');
    // The loader carries no manifest (pages name each island's module): start from every
    // module the build wrote into the site (SITE_OUT, as scripts/test sets it), else from the
    // modules this page names; then every chunk they import, statically or lazily, fetched by
    // the page itself (same origin).
    const dir = process.env.SITE_OUT ? join(process.env.SITE_OUT, 'fr', 'assets', 'islands') : null;
    const written = dir && existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => `/assets/islands/${f}`) : [];
    const named = await page.$$eval('[data-island][data-src]', (els) => els.map((el) => el.dataset.src));
    const files = await page.evaluate(async ([loaderPath, modules]) => {
      const base = new URL(loaderPath, location.href);
      const seen = new Map();
      const queue = [base.href, ...modules.map((m) => new URL(m, location.href).href)];
      while (queue.length) {
        const url = queue.shift();
        if (seen.has(url)) continue;
        const text = await (await fetch(url)).text();
        seen.set(url, text);
        for (const m of text.matchAll(/["'`](\.{0,2}\/?[\w./-]*?[\w-]+\.[A-Z0-9]{8}\.js)["'`]/g)) queue.push(new URL(m[1], url).href);
      }
      return [...seen];
    }, [loader, [...written, ...named]]);
    console.log(`bundles checked for react-dom: ${files.length}`);
    assert.ok(files.length >= 10, `the site's island modules lead to ${files.length} files only`);
    assertNoReactDom(new Map(files.map(([url, text]) => [url, { text }])));
  }));
