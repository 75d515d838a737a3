// A wish-list change shows at once and is undone, with a warning, when the API fails
// (spec §4, §8): the intention call (POST /api/client/{id}/show/{slug}/intention, see
// src/api/client.ts) is answered 500 by the test.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { showLink, signInDirectly, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

const INTENTION = /\/api\/client\/[^/]+\/show\/[^/]+\/intention(\?|$)/;

test('a wish-list change the API refuses is reverted with a warning alert', (t) =>
  browser.page(t, async (page) => {
    const show = await showLink(page, 'fr');
    await signInDirectly(page, 'fr');

    // The failure is held until the button has shown the change, then answered 500.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    const calls = [];
    await page.route(INTENTION, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      calls.push(route.request().postDataJSON());
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' });
    });

    await page.goto(siteUrl('fr', show));
    await page.locator('header.site-header button.avatar').waitFor();
    const wish = page.locator('[data-island=show-feelings] .wishlist-button');
    assert.equal(await wish.getAttribute('aria-pressed'), 'false');
    await wish.click();

    // Applied at once…
    await page.locator('[data-island=show-feelings] .wishlist-button[aria-pressed=true]').waitFor();
    assert.equal(calls.length, 1, 'the intention was sent');
    assert.equal(calls[0].isDelete, false);
    release();
    // …undone when the API fails, with a warning.
    await page.locator('[data-island=show-feelings] .wishlist-button[aria-pressed=false]').waitFor();
    const alert = page.locator('.alerts .alert.alert-warning');
    await alert.waitFor();
    assert.match(await alert.innerText(), /\S/);

    // Nothing was saved: the page, loaded again with the API working, shows no wish.
    await page.unroute(INTENTION);
    await page.reload();
    await page.locator('header.site-header button.avatar').waitFor();
    assert.equal(await wish.getAttribute('aria-pressed'), 'false');
  }));

test('a wish-list change the API accepts is kept after a reload', (t) =>
  browser.page(t, async (page) => {
    const show = await showLink(page, 'fr');
    await signInDirectly(page, 'fr');
    await page.goto(siteUrl('fr', show));
    await page.locator('header.site-header button.avatar').waitFor();
    const wish = page.locator('[data-island=show-feelings] .wishlist-button');
    const saved = page.waitForResponse((r) => INTENTION.test(r.url()) && r.request().method() === 'POST');
    await wish.click();
    assert.equal((await saved).status(), 200);
    await page.reload();
    // Shown by the first stage, before any interaction.
    await page.locator('[data-island=show-feelings] .wishlist-button[aria-pressed=true]').waitFor();
  }));
