// Issue 13 in the browser, against the real runtime API and its real captcha: the gift-card
// balance check end to end on its balance page (a card found, a card not found with the
// warning alert); the news list's type filter and paging with the address following (each
// filter and page is a static page: links, back and forward work as for any page); the help
// centre's accordions and "display all" without JavaScript doing anything. Each state is
// checked with axe and saved as a screenshot at 375, 768 and 1280 px with the others of the run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, describeViolations, saveForReview, seriousViolations, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();
const RUN = process.env.SCREENSHOTS_DIR || join(ARTIFACTS, '..', 'screenshots', new Date().toISOString().replace(/[:.]/g, '-'));
const WIDTHS = [375, 768, 1280];

/** Screenshots of the page as it is now, at each width (issue 13's new pages and states). */
async function shots(page, site, name) {
  const folder = join(RUN, site);
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), 5000);
    await saveForReview(page, join(folder, `${name}-${width}`), { fullPage: true, clip: { x: 0, y: 0, width, height } });
  }
  if (before) await page.setViewportSize(before);
}

async function noSeriousViolations(page, what) {
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, [], `${what}: ${describeViolations(violations)}`);
}

/** Ticks the ALTCHA widget by keyboard and waits until it is solved. */
async function solve(scope) {
  const box = scope.locator('altcha-widget input[type=checkbox]');
  await box.waitFor();
  await box.focus();
  await box.press('Space');
  await scope.locator('altcha-widget [data-state=verified], altcha-widget .altcha[data-state=verified]').first().waitFor({ timeout: 30_000 });
}

test('gift card: the balance page checks a card end to end with the real captcha, and a wrong one gets the warning alert', (t) =>
  browser.page(t, async (page) => {
    const calls = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/gift-card/')) calls.push(r.headers()['x-captcha-response'] ?? '');
    });
    await page.goto(siteUrl('fr', '/giftcard'));
    await page.getByRole('link', { name: 'Consulter le solde de ma carte' }).click();
    await page.waitForURL(/\/giftcard\/solde$/);
    const form = page.locator('.gift-card-inline');
    await form.getByLabel('Numéro de carte').fill('60060000001234');
    await form.getByLabel('Code de sécurité').fill('4321');
    await solve(form);
    const check = form.getByRole('button', { name: 'Consulter le solde' });
    await check.click();
    const result = form.locator('.gift-card-result');
    await result.getByText(/Solde/).waitFor();
    assert.match(await result.innerText(), /\d/);
    assert.equal(calls.length, 1);
    assert.ok(calls[0], 'the captcha solution is sent');
    assert.equal(await form.getByLabel('Code de sécurité').inputValue(), '', 'the PIN is not kept');
    await noSeriousViolations(page, 'balance found');
    await shots(page, 'fr', 'giftcardbalance-found');
    // A card that does not exist: result code 1, the API's message as a warning alert.
    await form.getByLabel('Numéro de carte').fill('60060000009999');
    await form.getByLabel('Code de sécurité').fill('4321');
    await solve(form);
    await check.click();
    const alert = page.locator('.alert.gift-card-error-alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Carte introuvable/);
    assert.equal(await alert.getAttribute('data-icon'), 'warning');
    assert.match(await result.innerText(), /Carte introuvable/);
    await noSeriousViolations(page, 'card not found');
    await shots(page, 'fr', 'giftcardbalance-notfound');
  }));

test('news: the type filter and paging are links, the address follows, back returns', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/actualites'));
    const filter = page.getByRole('navigation', { name: 'Filtrer par type' });
    assert.equal(await filter.locator('[aria-current=page]').innerText(), 'Tout');
    await shots(page, 'fr', 'news-all');
    // Choosing a type: its first page, only items of that type.
    await filter.getByRole('link', { name: 'Offres' }).click();
    await page.waitForURL(/\/actualites\/type-offer$/);
    assert.equal(await filter.locator('[aria-current=page]').innerText(), 'Offres');
    const offers = await page.locator('.news-list .card').count();
    assert.ok(offers > 0, 'offers listed');
    assert.equal(await page.locator('.news-list .card:not(.card-offer)').count(), 0, 'only offers');
    assert.equal(await page.locator('.news-highlighted').count(), 0, 'no highlighted news under a filter');
    await noSeriousViolations(page, 'offers filter');
    await shots(page, 'fr', 'news-type-offer');
    // Choosing it again clears it.
    await filter.getByRole('link', { name: 'Offres' }).click();
    await page.waitForURL(/\/actualites$/);
    assert.equal(await filter.locator('[aria-current=page]').innerText(), 'Tout');
    // Paging: page 2 of the whole list, then back.
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const firstTitles = await page.locator('.news-list .card-title').allInnerTexts();
    await pager.getByRole('link', { name: 'Page suivante' }).click();
    await page.waitForURL(/\/actualites\/page-2$/);
    assert.equal(await pager.locator('[aria-current=page]').innerText(), '2');
    const secondTitles = await page.locator('.news-list .card-title').allInnerTexts();
    assert.ok(secondTitles.length > 0 && secondTitles.every((x) => !firstTitles.includes(x)), 'page 2 lists other items');
    await noSeriousViolations(page, 'page 2');
    await shots(page, 'fr', 'news-page-2');
    await page.goBack();
    await page.waitForURL(/\/actualites$/);
    assert.deepEqual(await page.locator('.news-list .card-title').allInnerTexts(), firstTitles);
  }));

test('help centre: questions open as accordions, "display all" shows the rest, without JavaScript', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/aide'));
    const section = page.locator('.faq-category').filter({ has: page.locator('.faq-more') }).first();
    assert.equal(await section.locator(':scope > .faq-questions > li').count(), 3);
    const hidden = section.locator('.faq-more .faq-question summary').first();
    assert.equal(await hidden.isVisible(), false, 'the rest waits behind "display all"');
    await section.locator('.faq-more > summary').click();
    assert.equal(await hidden.isVisible(), true);
    const question = section.locator('.faq-question').first();
    await question.locator('summary').click();
    assert.equal(await question.getAttribute('open'), '');
    assert.ok(await question.locator('.faq-answer').isVisible());
    await noSeriousViolations(page, 'help centre with display all');
    await shots(page, 'fr', 'help-display-all');
  }));

test('help centre and gift card without JavaScript: accordions and display all still work, the balance page says why it needs it', (t) =>
  browser.page(t, { javaScriptEnabled: false }, async (page) => {
    await page.goto(siteUrl('fr', '/aide'));
    const section = page.locator('.faq-category').filter({ has: page.locator('.faq-more') }).first();
    await section.locator('.faq-more > summary').click();
    assert.equal(await section.locator('.faq-more .faq-question summary').first().isVisible(), true);
    await page.goto(siteUrl('fr', '/giftcard/solde'));
    assert.match(await page.locator('main').innerText(), /JavaScript/);
  }));
