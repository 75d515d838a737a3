// Issue 13 in the browser: the offers page's blocks in the header's order, an e-card bought
// through its plain link (the booking tunnel's request is caught, not served), the
// subscription page's partner cinemas and current shows, and a master template with every
// block kind. Each page is checked with axe and saved as a screenshot at 375, 768 and
// 1280 px with the others of the run; none scrolls sideways on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, describeViolations, saveForReview, seriousViolations, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();
const RUN = process.env.SCREENSHOTS_DIR || join(ARTIFACTS, '..', 'screenshots', new Date().toISOString().replace(/[:.]/g, '-'));
const WIDTHS = [375, 768, 1280];

/** Screenshots of the page at each width; none may scroll sideways, down to 320 px. */
async function shots(page, site, name) {
  const folder = join(RUN, site);
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  for (const width of [320, ...WIDTHS]) {
    await page.setViewportSize({ width, height: 900 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= width, `${name} at ${width} px is ${scrollWidth} px wide`);
    if (width === 320) continue;
    const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), 5000);
    await saveForReview(page, join(folder, `${name}-${width}`), { fullPage: true, clip: { x: 0, y: 0, width, height } });
  }
  if (before) await page.setViewportSize(before);
}

async function noSeriousViolations(page, what) {
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, [], `${what}: ${describeViolations(violations)}`);
}

test('offers: promotions, events, temporary offers and e-cards in the header\'s order', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/offres'));
    const blocks = await page.locator('section.offer-block h2').allInnerTexts();
    assert.deepEqual(blocks, ['Promotions', 'Événements', 'Offres du moment', 'Ciné-cartes']);
    const temporary = page.locator('section.offer-block-temporary .card').first();
    assert.match(await temporary.innerText(), /5,00\s€/);
    await page.locator('section.offer-block-ecards').getByRole('link', { name: /E-carte 5 places/ }).click();
    await page.waitForURL(/\/cinecarte-5-places$/);
    await noSeriousViolations(page, 'e-cards page');
    await page.goBack();
    await noSeriousViolations(page, 'offers page');
    await shots(page, 'fr', 'offers-blocks');
  }));

test('e-cards: each card is bought through a plain link to the booking tunnel, with its type', (t) =>
  browser.page(t, async (page) => {
    let ordered = null;
    // The tunnel is another site: its request is caught and answered here.
    await page.route('https://tickets.example.org/**', (route) => {
      ordered = route.request().url();
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Tunnel</title><h1>Tunnel</h1>' });
    });
    await page.goto(siteUrl('fr', '/cinecarte-5-places'));
    await noSeriousViolations(page, 'e-card page');
    await shots(page, 'fr', 'ecards5-buy');
    const card = page.locator('.ecard').first();
    await card.getByRole('link', { name: /Acheter : E-carte 5 places/ }).click();
    await page.waitForURL(/tickets\.example\.org/);
    const url = new URL(ordered);
    assert.equal(url.pathname, '/fr/ecards');
    assert.equal(url.searchParams.get('typeId'), 'ECARD5');
  }));

test('subscription: partner cinemas by city without the temporary one or the film club, current shows, promotions', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/cinepass'));
    const partners = await page.locator('.partner-list .partner-name').allInnerTexts();
    assert.ok(partners.length > 0, 'partners listed');
    assert.ok(!partners.some((p) => /plein air|Ciné-club/.test(p)), `no temporary cinema nor partner without theaters: ${partners}`);
    assert.ok((await page.locator('.sub-current-shows .show-card').count()) > 0, 'current shows');
    assert.ok((await page.locator('.sub-offer-promotions .promo').count()) > 0, 'offer promotions');
    await noSeriousViolations(page, 'subscription page');
    await shots(page, 'fr', 'subscription-partners');
    // The partner search (spec §4): typing part of a partner's city, accents and case aside,
    // keeps the partners of that city; a query matching none says so.
    const search = page.locator('#partner-q');
    assert.ok(await search.isVisible(), 'the partner search is offered');
    const items = page.locator('.partner-list li');
    const city = (await items.first().locator('.partner-city').innerText()).trim();
    const query = city.slice(0, 4).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    await search.fill(query);
    const fold = (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    const shown = await items.evaluateAll((lis) => lis.map((li) => ({ hidden: li.hidden, search: li.dataset.search ?? '' })));
    const kept = shown.filter((i) => !i.hidden);
    assert.ok(kept.length > 0, `${query}: some partner kept`);
    assert.deepEqual(
      shown.map((i) => !i.hidden),
      shown.map((i) => fold(i.search).includes(fold(query))),
      'exactly the partners whose name or city contains the query are kept',
    );
    await search.fill('zzzz-nowhere');
    assert.equal(await items.evaluateAll((lis) => lis.filter((li) => !li.hidden).length), 0);
    assert.ok(await page.locator('.partner-none').isVisible(), 'says none matches');
    await search.fill('');
    assert.equal(await items.evaluateAll((lis) => lis.filter((li) => !li.hidden).length), partners.length, 'all again');
  }));

test('master template: mosaic, listing, mobile app and shows blocks', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/info/qui-sommes-nous'));
    assert.ok((await page.locator('.mosaic-tile a').count()) >= 4, 'mosaic tiles link');
    await page.locator('.mt-listing li').first().waitFor();
    await page.locator('.mt-app').getByRole('link', { name: /application/ }).first().waitFor();
    assert.ok((await page.locator('.mt-shows .show-card').count()) > 0, 'shows block');
    await noSeriousViolations(page, 'master template');
    await shots(page, 'fr', 'mastertemplate-blocks');
    await page.locator('.mosaic-tile a').filter({ hasText: 'Nos offres' }).click();
    await page.waitForURL(/\/offres$/);
  }));
