// An evening card that works offline (issue 17, item 4). On a cinema page, a showtime's
// details offer "Keep this evening" (a real button); the card (film, cinema, address, map
// link, start, booking link) is kept in the browser, the service worker `/sw.js` is
// registered, and the cache holds the card's cinema page, the "My evenings" page and the
// files they load, within 2 MB. Offline (Playwright's `context.setOffline`), the "My evenings"
// page and the cinema page load from it — any other page does not: nothing else is kept.
// Removing the card (one button) empties the cache. On fr and ma; axe finds no serious
// violation, the page's code logs nothing, and the worker is at most 5 KB gzipped. On a show
// page (tn, nl), the card names the chip's cinema and keeps both pages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { bookableChip, cinemaLinks, describeViolations, followNetwork, kb, seriousViolations, showLink, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();

const CACHE = 'evenings-v1';
const CACHE_BUDGET = 2 * 1024 * 1024;
const WORKER_BUDGET = 5 * 1024;

/** Console errors and warnings of the page's code (Chromium's own "Failed to load resource" lines apart). */
function followConsole(page) {
  const logged = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  return () => logged.filter((text) => !/^Failed to load resource: net::/.test(text));
}

/** What the evening cards' cache holds: paths and total bytes. */
const cacheContents = (page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return { paths: [], bytes: 0 };
    const cache = await caches.open(name);
    let bytes = 0;
    const paths = [];
    for (const request of await cache.keys()) {
      paths.push(new URL(request.url).pathname);
      bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
    return { paths, bytes };
  }, CACHE);

const SITES = [
  { site: 'fr', cinemas: '/cinemas', evenings: '/mes-soirees' },
  { site: 'ma', cinemas: '/fr/cinemas', evenings: '/fr/mes-soirees' },
];

for (const { site, cinemas, evenings } of SITES) {
  test(`${site}: an evening card kept on a cinema page is there offline with its cinema page; removing it empties the cache`, (t) =>
    browser.page(t, async (page, context) => {
      const cinema = (await browser.discover((p) => cinemaLinks(p, site, cinemas)))[0];
      assert.ok(cinema, 'no cinema page');
      const logged = followConsole(page);
      const network = followNetwork(page);
      await page.goto(siteUrl(site, cinema.path));
      await waitForIslands(page, network);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistration()), undefined, 'no worker before a card is kept');

      // Choose a showtime: a bookable chip's details (on a later day when today's have started).
      const chip = await bookableChip(page);
      await chip.scrollIntoViewIfNeeded();
      const id = await chip.evaluate((a) => a.closest('li.st').dataset.id);
      const film = await chip.evaluate((a) => a.closest('li.schedule-show').querySelector('h4').textContent.trim());
      await chip.click();
      const keep = page.locator('.showtime-details .keep-evening button');
      await keep.waitFor();
      assert.equal(await keep.evaluate((b) => b.tagName + b.type), 'BUTTONbutton');
      const inDetails = await seriousViolations(page, '.showtime-details');
      assert.equal(inDetails.length, 0, `axe, the showtime details: ${describeViolations(inDetails)}`);
      await keep.click();
      await page.locator('.keep-evening[data-kept]').waitFor({ timeout: 20_000 });
      const seeLink = page.locator('.keep-evening[data-kept] a');
      assert.equal(await seeLink.getAttribute('href'), evenings, 'the details link to "My evenings"');

      // The card, the worker and what the cache holds.
      const cards = await page.evaluate(() => JSON.parse(localStorage.getItem('evenings')));
      assert.equal(cards.length, 1);
      const [card] = cards;
      assert.equal(card.id, id);
      assert.equal(card.film, film);
      assert.ok(card.cinema && card.address, 'cinema and address');
      assert.match(card.map ?? '', /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?\d+\.\d+&mlon=-?\d+\.\d+/);
      assert.match(card.start, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      assert.match(card.booking, /^https?:\/\//);
      assert.ok(card.pages.includes(cinema.path), `the card needs its cinema page: ${card.pages}`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const kept = await cacheContents(page);
      for (const path of [cinema.path, evenings]) assert.ok(kept.paths.includes(path), `the cache holds ${path}: ${kept.paths}`);
      assert.ok(kept.paths.some((p) => /^\/assets\/site\.[0-9a-f]+\.css$/.test(p)), 'the stylesheet is kept');
      assert.ok(kept.paths.some((p) => /^\/assets\/islands\/loader\./.test(p)), "the islands' loader is kept");
      assert.ok(kept.paths.some((p) => /^\/assets\/islands\/labels-[a-z]{2}\.[0-9a-f]{16}\.json$/.test(p)), "the islands' label book is kept");
      assert.ok(!kept.paths.some((p) => p.startsWith('/api/')), 'no API call is kept');
      assert.ok(kept.bytes <= CACHE_BUDGET, `the cache holds ${kb(kept.bytes)} (budget ${kb(CACHE_BUDGET)})`);
      t.diagnostic(`${site}: one card keeps ${kept.paths.length} entries, ${kb(kept.bytes)}`);

      // The worker: at the root, small, never cached long.
      const worker = await page.evaluate(async () => {
        const response = await fetch('/sw.js');
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
      });
      assert.equal(worker.status, 200);
      assert.match(worker.type, /javascript/);
      const workerGz = gzipSync(Buffer.from(worker.body), { level: 9 }).length;
      assert.ok(workerGz <= WORKER_BUDGET, `sw.js is ${workerGz} bytes gzipped (budget ${WORKER_BUDGET})`);

      // "My evenings", online: the card, axe clean.
      await page.goto(siteUrl(site, evenings));
      await page.locator('.evening-card h2').first().waitFor();
      assert.equal(await page.locator('.evening-card h2').textContent(), film);
      const onEvenings = await seriousViolations(page);
      assert.equal(onEvenings.length, 0, `axe, "My evenings": ${describeViolations(onEvenings)}`);
      assert.deepEqual(logged(), [], 'the page logged nothing');

      // Offline: "My evenings" and the cinema page load from the cache; another page does not.
      await context.setOffline(true);
      await page.reload();
      await page.locator('.evening-card h2').first().waitFor();
      assert.equal(await page.locator('.evening-card h2').textContent(), film, 'offline, the card is there');
      assert.equal(await page.locator('.evening-card a.button').getAttribute('href'), card.booking);
      await page.goto(siteUrl(site, cinema.path));
      assert.equal((await page.locator('h1').first().textContent()).trim().length > 0, true);
      assert.ok(await page.locator(`li.st[data-id="${id}"]`).count(), 'offline, the cinema page and its schedule are there');
      const cssApplied = await page.evaluate(() => [...document.styleSheets].some((s) => s.href && s.cssRules.length > 0));
      assert.ok(cssApplied, 'offline, the cinema page has its stylesheet');
      await assert.rejects(page.goto(siteUrl(site, cinemas)), 'offline, a page no card needs is not kept');

      // Remove the card (one button): the cache is emptied, the worker goes.
      await context.setOffline(false);
      await page.goto(siteUrl(site, evenings));
      const island = page.locator('[data-island="evenings"]');
      const removed = island.evaluate((el) => new Promise((resolve) => el.addEventListener('evening-removed', resolve, { once: true })));
      await page.locator('.evening-card button').click();
      await removed;
      assert.equal(await page.locator('.evening-card').count(), 0);
      assert.ok(await page.locator('p.evenings-none').isVisible(), 'the page says no evening is kept');
      assert.deepEqual(await cacheContents(page), { paths: [], bytes: 0 }, 'nothing is left in the cache');
      assert.equal(await page.evaluate(() => localStorage.getItem('evenings')), null);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r ?? null)), null, 'the worker is gone');
      assert.deepEqual(logged(), [], 'the page logged nothing');
    }));
}

// On a page across cinemas (a show's page), the card's cinema is the chip's: its name,
// address and map link read from that cinema's page, which is kept offline with the show's.
for (const { site, home } of [{ site: 'tn', home: '/fr' }, { site: 'nl', home: '/nl' }]) {
  test(`${site}: an evening card kept on a show page names the chip's cinema, and both pages are there offline`, (t) =>
    browser.page(t, async (page, context) => {
      const show = await browser.discover((p) => showLink(p, site, home));
      const logged = followConsole(page);
      const network = followNetwork(page);
      await page.goto(siteUrl(site, show));
      await waitForIslands(page, network);
      const chip = await bookableChip(page);
      await chip.scrollIntoViewIfNeeded();
      const { id, cinemaPath, cinemaName } = await chip.evaluate((a) => {
        const heading = a.closest('section.schedule-cinema').querySelector('h5 a');
        return { id: a.closest('li.st').dataset.id, cinemaPath: new URL(heading.href).pathname, cinemaName: heading.textContent.trim() };
      });
      const film = (await page.locator('main h1').first().textContent()).trim();
      await chip.click();
      await page.locator('.showtime-details .keep-evening button').click();
      await page.locator('.keep-evening[data-kept]').waitFor({ timeout: 20_000 });

      const [card] = await page.evaluate(() => JSON.parse(localStorage.getItem('evenings')));
      assert.equal(card.id, id);
      assert.equal(card.film, film, "the show page's title");
      assert.equal(card.cinema, cinemaName, "the chip's cinema");
      assert.ok(card.address, "the cinema's address, from its page");
      assert.match(card.map ?? '', /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
      assert.deepEqual([...card.pages].sort(), [cinemaPath, show].sort(), 'the card needs its cinema page and its show page');
      await page.evaluate(() => navigator.serviceWorker.ready);
      const kept = await cacheContents(page);
      for (const path of [cinemaPath, show]) assert.ok(kept.paths.includes(path), `the cache holds ${path}: ${kept.paths}`);
      assert.ok(kept.bytes <= CACHE_BUDGET, `the cache holds ${kb(kept.bytes)} (budget ${kb(CACHE_BUDGET)})`);
      t.diagnostic(`${site}: one card from a show page keeps ${kept.paths.length} entries, ${kb(kept.bytes)}`);

      await context.setOffline(true);
      await page.goto(siteUrl(site, show));
      assert.equal((await page.locator('main h1').first().textContent()).trim(), film, 'offline, the show page is there');
      await page.goto(siteUrl(site, cinemaPath));
      assert.ok(await page.locator(`li.st[data-id="${id}"]`).count(), 'offline, the cinema page and its schedule are there');
      await context.setOffline(false);
      assert.deepEqual(logged(), [], 'the page logged nothing');
    }));
}
