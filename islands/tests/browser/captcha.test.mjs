// The captcha for real (no third party): the voucher checker and the gift-card balance check
// with the ALTCHA widget solving runtime-api's challenge in Chromium (a proof of work, no
// image puzzle, operable by keyboard), and a solution accepted once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

/** Ticks the widget's box by keyboard and waits until it is solved. */
async function solve(dialog) {
  const box = dialog.locator('altcha-widget input[type=checkbox]');
  await box.waitFor();
  await box.focus();
  await box.press('Space');
  await dialog.locator('altcha-widget [data-state=verified], altcha-widget .altcha[data-state=verified]').first().waitFor({ timeout: 30_000 });
}

test('voucher check with the real ALTCHA widget: solved in the browser, accepted, then a new challenge', (t) =>
  browser.page(t, async (page) => {
    const challenges = [];
    const checks = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/captcha/challenge') challenges.push(path);
      if (path.startsWith('/api/voucher/')) checks.push(r.headers()['x-captcha-response'] ?? '');
    });
    await page.goto(siteUrl('fr', '/voucher'));
    // No widget code before the form is opened.
    assert.equal(challenges.length, 0);
    await page.locator('.voucher-checker button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code du bon').fill('DEMO-FR-VALID');
    const check = dialog.getByRole('button', { name: 'Vérifier' });
    assert.equal(await check.isDisabled(), true, 'no check before the captcha is solved');
    await solve(dialog);
    await check.click();
    await dialog.locator('.voucher-result').getByText('Ce bon est valable.').waitFor();
    assert.equal(checks.length, 1);
    const payload = JSON.parse(Buffer.from(checks[0], 'base64').toString());
    assert.equal(payload.algorithm, 'SHA-256');
    // The solution is spent: the form asks for a new one (a new challenge), and the same
    // solution sent again by hand is refused.
    await page.waitForFunction(() => document.querySelectorAll('altcha-widget').length === 1);
    assert.equal(await check.isDisabled(), true);
    const replay = await page.evaluate(async (solution) => (await fetch('/api/voucher/DEMO-FR-VALID?language=fr', { headers: { 'X-Captcha-Response': solution } })).status, checks[0]);
    assert.equal(replay, 400, 'a replayed solution is refused');
    assert.equal(await dialog.locator('altcha-widget [data-state=verified]').count(), 0, 'a fresh, unsolved widget');
  }));

test('gift-card balance with the real widget, on fr and on be (the sites that sell gift cards)', (t) =>
  browser.page(t, async (page) => {
    for (const [site, path, number] of [['fr', '/giftcard', '60060000001234'], ['be', '/fr/giftcard', '60060200001234']]) {
      await page.goto(siteUrl(site, path));
      await page.locator('.gift-card-check button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Numéro de carte').fill(number);
      await dialog.getByLabel('Code de sécurité').fill('4321');
      await solve(dialog);
      await dialog.getByRole('button', { name: 'Consulter le solde' }).click();
      const result = dialog.locator('.gift-card-result');
      await result.getByText(/Solde/).waitFor();
      assert.match(await result.innerText(), /\d/);
      assert.equal(await dialog.getByLabel('Code de sécurité').inputValue(), '', 'the PIN is not kept in the form');
      assert.ok(!page.url().includes('4321'));
    }
  }));
