// What every browser test shares: the Chromium launch, the demo site's addresses, a fresh
// context per test (with a screenshot when it fails), and the measures several tests use —
// islands hydrated, axe-core, layout shifts, the scripts a page loads.
//
// The site is the demo build served by runtime-api (what `scripts/run` serves): it picks
// the country site from the Host header, and Chromium resolves every *.localhost name to
// the loopback address, so `http://fr.localhost:$PORT/` is the French site.

import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Debian's Chromium; nothing here ever downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** A desktop window (the sticky header's and the desktop layouts' width). */
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Saves a screenshot for review (issue "Look and feel") as `{file}.jpg`: JPEG at quality 80
 * encodes a 5,000 px page about a fifth quicker than PNG, in 40 % fewer bytes, and is enough
 * to judge a layout (the design tests: 154 s → 122 s, 66 MB → 40 MB).
 */
export async function saveForReview(page, file, options = {}) {
  await page.screenshot({ path: `${file}.jpg`, type: 'jpeg', quality: 80, ...options });
}

/** Where screenshots of failed tests go. */
export const ARTIFACTS = process.env.BROWSER_ARTIFACTS || join(repoRoot, 'target', 'browser-artifacts');

// SITE_URL_PATTERN (`http://{site}.localhost:8185`) wins; else PORT, as scripts/test sets it.
const pattern = process.env.SITE_URL_PATTERN || `http://{site}.localhost:${process.env.PORT || 8080}`;

/** The absolute address of `path` on a country site (`fr`, `be`, `ch`, `nl`…). */
export function siteUrl(site, path = '/') {
  return pattern.replace('{site}', site).replace(/\/$/, '') + path;
}

/**
 * Launches Chromium once for the test file (before its tests, closed after them) and
 * returns a handle whose `page()` gives each test a fresh context.
 */
export function useBrowser() {
  const handle = { browser: null };
  before(async () => {
    await assertSiteAnswers();
    handle.browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await handle.browser?.close();
  });
  /**
   * Runs `body(page, context)` in a fresh context (no cookie, no storage) and closes it; on
   * failure, saves a screenshot named after the test. Uncaught page errors fail the test.
   */
  handle.page = async (t, options, body) => {
    if (typeof options === 'function') [options, body] = [{}, options];
    const context = await handle.browser.newContext({ viewport: DESKTOP, locale: 'fr-FR', ...options });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    try {
      await body(page, context);
      assert.deepEqual(pageErrors.map(String), [], 'uncaught errors in the page');
    } catch (error) {
      await screenshot(page, t.name);
      throw error;
    } finally {
      await context.close();
    }
  };
  /**
   * Runs `find(page)` in a context of its own and returns its result: what a test reads
   * from the demo's pages (a cinema's path) without warming the cache of the page it measures.
   */
  handle.discover = async (find) => {
    const context = await handle.browser.newContext({ viewport: DESKTOP });
    try {
      return await find(await context.newPage());
    } finally {
      await context.close();
    }
  };
  return handle;
}

async function assertSiteAnswers() {
  const url = siteUrl('fr', '/api/settings');
  // Node does not resolve *.localhost: ask the loopback address with the site's Host header
  // (node:http, as fetch does not let a caller set Host).
  const target = new URL(url);
  const status = await new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port: target.port || 80, path: target.pathname, headers: { Host: target.host } },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('error', (error) => resolve(error.message));
  });
  if (status !== 200) {
    throw new Error(`the demo site does not answer at ${url} (${status}): start runtime-api and name its port with PORT or SITE_URL_PATTERN`);
  }
}

async function screenshot(page, name) {
  try {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
    // The viewport only: a full cinema page (every day's schedule) takes seconds to capture.
    await page.screenshot({ path: file });
    console.error(`screenshot: ${file}`);
  } catch {
    // The page may be gone (crash, closed context): the assertion's message is what matters.
  }
}

/**
 * Resolves once the page is loaded, every island shown at load or idle has its module
 * mounted, and the network has been quiet for a moment (their first stage asked its API
 * calls: the session, the cinemas).
 */
export async function waitForIslands(page, network) {
  await page.waitForLoadState('load');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')]
      .filter((el) => ['load', 'idle'].includes(el.dataset.hydrate ?? 'load'))
      .every((el) => el.dataset.mounted != null),
  );
  await network.quiet();
}

/**
 * Resolves once the island around `locator`'s element has mounted (its first stage is in).
 * A click before that is held and replayed by the loader (src/loader/core.ts); a test that
 * checks what the mounted island shows waits for it here.
 */
export async function islandIn(locator) {
  const el = await locator.first().elementHandle();
  await el.evaluate((node) => new Promise((resolve) => {
    const island = node.closest('[data-island]');
    const look = () => (island?.dataset.mounted != null ? resolve() : setTimeout(look, 20));
    look();
  }));
}

/**
 * Follows the page's requests so a test can wait until nothing is pending for `quietMs`
 * (Playwright's `networkidle` only concerns the first load).
 */
export function followNetwork(page) {
  let pending = 0;
  let lastChange = Date.now();
  const change = (delta) => {
    pending += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet(quietMs = 400, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        if (pending <= 0 && Date.now() - lastChange >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the network was not quiet within ${timeoutMs} ms (${pending} pending)`);
    },
  };
}

/** Loads the interactive part of every island on the page, as a visitor's interactions would. */
export async function wakeEveryIsland(page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-island]')) el.dispatchEvent(new Event('hydrate'));
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((el) => el.dataset.mounted != null),
  );
}

// ---------------------------------------------------------------------------------------
// axe-core

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.x A and AA rules) on the page; returns its serious and critical violations. */
export async function seriousViolations(page, context = 'document') {
  const hasAxe = await page.evaluate(() => typeof window.axe === 'object');
  // Evaluated rather than added as a <script>: a Content-Security-Policy cannot refuse it.
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate((selector) =>
    window.axe.run(selector === 'document' ? document : document.querySelector(selector), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      // Only violations are read: axe then skips the details of what passed (faster).
      resultTypes: ['violations'],
    }),
    context,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** A readable list of violations for an assertion message. */
export const describeViolations = (violations) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n');

// ---------------------------------------------------------------------------------------
// Layout shifts (CLS)

/**
 * Installs, before any page script, an observer adding up layout shifts not caused by
 * recent input (the CLS definition's exclusion). The plain sum is never below the CLS
 * of session windows, so a budget on it is at least as strict.
 */
export async function followLayoutShifts(context) {
  await context.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__layoutShifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources || []).map((s) => {
            const node = s.node;
            return node && node.nodeType === 1 ? `${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''}${node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\s+/).join('.') : ''}` : String(node?.nodeName ?? '?');
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts so far: their sum and each of them (value, time, sources). */
export async function layoutShifts(page) {
  const shifts = await page.evaluate(() => window.__layoutShifts ?? null);
  assert.ok(shifts, 'the layout-shift observer is not installed (followLayoutShifts)');
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

// ---------------------------------------------------------------------------------------
// JavaScript the page loads

/**
 * Records every script response of the page (module scripts, modulepreloads, dynamic
 * imports) with its body's gzipped size (level 9, as the build measures).
 */
export function followScripts(page) {
  const scripts = new Map();
  const reading = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) return;
    reading.push(
      response.body().then(
        (body) => scripts.set(response.url(), { bytes: body.length, gzipped: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') }),
        () => {},
      ),
    );
  });
  return {
    /** The scripts loaded so far (url → {bytes, gzipped, text}), once their bodies are read. */
    async loaded() {
      await Promise.all(reading);
      return new Map(scripts);
    },
  };
}

export const gzippedTotal = (scripts) => [...scripts.values()].reduce((sum, s) => sum + s.gzipped, 0);

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// ---------------------------------------------------------------------------------------
// Demo content, read from the pages (never hard-coded: the demo's days and slugs vary)

/** The cinema pages the cinemas list links to: [{path, name}]. */
export async function cinemaLinks(page, site = 'fr', listPath = '/cinemas') {
  await page.goto(siteUrl(site, listPath));
  const links = await page.$$eval('main a[href]', (anchors) =>
    anchors.map((a) => ({ path: new URL(a.href).pathname, name: a.textContent.trim() })),
  );
  const prefix = listPath.replace(/\/$/, '') + '/';
  const seen = new Set();
  return links.filter((l) => {
    const slug = l.path.slice(prefix.length);
    const isCinema = l.path.startsWith(prefix) && slug && !slug.includes('/') && !seen.has(l.path);
    seen.add(l.path);
    return isCinema;
  });
}

/**
 * The first bookable showtime (a chip holding its booking link) of a schedule, its day shown:
 * the schedule's interactive part is woken, then its days are tried in order — today's may all
 * have started (the demo's last showtimes are at about 19:15), and a later day is filled by the
 * island from the API when chosen. A test using it holds at any hour.
 */
export async function bookableChip(page) {
  await page.locator('[data-island="schedule"]').evaluate((el) => el.dispatchEvent(new Event('hydrate')));
  await page.waitForSelector('[data-island="schedule"][data-ui="on"]', { state: 'attached' });
  const days = await page.locator('.schedule-days [role=tab]').evaluateAll((tabs) => tabs.map((tab) => tab.id.replace(/^tab-/, '')));
  for (const day of days) {
    await page.locator(`[id="tab-${day}"]`).click();
    const section = page.locator(`section.day[aria-labelledby="day-${day}"]`);
    // Filled (chips, or the words of an empty day) once the island has its answer.
    await page
      .waitForFunction((d) => {
        const s = document.querySelector(`section.day[aria-labelledby="day-${d}"]`);
        return s && !s.hidden && !!s.querySelector('li.st, .schedule-empty, .empty');
      }, day, { timeout: 10_000 })
      .catch(() => {});
    const chip = section.locator('li.st[data-id] > a[href^="http"]').first();
    if (await chip.count()) return chip;
  }
  assert.fail(`no bookable showtime on any of ${days.length} days`);
}

/** A show page the home page (`home`: a language's, on a site with prefixes) links to (`/film/…`). */
export async function showLink(page, site = 'fr', home = '/') {
  await page.goto(siteUrl(site, home));
  const path = await page.$$eval('main a[href*="/film/"]', (anchors) => anchors.map((a) => new URL(a.href).pathname)[0]);
  assert.ok(path, 'the home page links to no show page');
  return path;
}

// ---------------------------------------------------------------------------------------
// Signing in

let accounts = 0;
/** A new address per call, so every test has its own client (favourites start empty). */
export const freshEmail = () => `browser-${process.pid}-${Date.now()}-${++accounts}@example.org`;

/**
 * Signs in as a visitor does: the header's "Se connecter", the invitation's button, the dev
 * identity provider's form in the frame (the authorization-code flow with PKCE), until the
 * header shows the avatar. Ends on `returnTo` of `site`, signed in.
 */
export async function signInDirectly(page, site, email = freshEmail(), returnTo = '/') {
  await page.goto(siteUrl(site, returnTo));
  const account = page.locator('header.site-header nav.account');
  await account.locator('.sign-in').first().click();
  const popin = page.getByRole('dialog');
  await popin.waitFor();
  await popin.locator('button.button').first().click();
  const frame = page.frameLocator('iframe.identity-frame');
  await frame.locator('input[type=email]').fill(email);
  await frame.locator('button[type=submit]').click();
  await account.locator('button.avatar').waitFor();
  await page.locator('iframe.identity-frame').waitFor({ state: 'detached' });
  return email;
}

// ---------------------------------------------------------------------------------------
// Pages of the generated output

/**
 * One page of each kind in `lang` from the generated output (SITE_OUT): [{kind, path}]. The
 * body's class names the page kind (`page-cinema`), so every kind the generator writes is
 * found without a list to keep in step; the error pages at the addresses that give them.
 */
export function pagesByKind(site, lang, skipKinds = new Set()) {
  const out = process.env.SITE_OUT;
  assert.ok(out && existsSync(join(out, site)), `SITE_OUT must name the generated sites (got ${out})`);
  const root = join(out, site);
  const found = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      const rel = relative(root, full);
      const first = rel.split('/')[0];
      // Webview variants, assets and the other languages' folders.
      if (entry.isDirectory()) {
        if (first === 'm' || first === 'assets' || (/^[a-z]{2}$/.test(first) && first !== lang)) continue;
        walk(full);
      } else if (entry.name.endsWith('.html')) {
        const text = readFileSync(full, 'utf8');
        const pageLang = /<html[^>]*\slang="?([a-zA-Z-]+)/.exec(text)?.[1] ?? '';
        const body = text.indexOf('<body');
        const kind = /^<body\s+class="?page-([a-z0-9]+)/.exec(text.slice(body, body + 200))?.[1];
        if (!kind || skipKinds.has(kind) || found.has(kind) || !pageLang.toLowerCase().startsWith(lang)) continue;
        const path = rel === 'index.html' ? '/' : `/${rel.replace(/\.html$/, '')}`;
        found.set(kind, path);
      }
    }
  };
  walk(root);
  // Error pages at the addresses that give them: an unknown path, a show taken down for good.
  if (found.has('notfound')) found.set('notfound', `${found.get('notfound').replace(/\/?404(_NOT_FOUND)?$/, '')}/no-such-page-here`);
  const gone = readFileSync(join(root, '_redirects'), 'utf8').split('\n').map((l) => l.split(/\s+/)).find((p) => p[2] === '410');
  if (gone) found.set('gone', gone[0]);
  else found.delete('gone');
  return [...found].map(([kind, path]) => ({ kind, path }));
}
