// The app's embedded view: the help centre's webview variant (`/m/…`) works without the
// site's header and footer, and the app's user-agent marker keeps the app banner away.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

/** The marker the app's webview puts in its user agent (islands/src/stores/device.ts). */
const WEBVIEW_MARKER = 'CinemaAppWebView';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const inApp = { ...PHONE, userAgent: `${ANDROID} ${WEBVIEW_MARKER}/1.0` };

async function assertNoSiteChrome(page) {
  assert.equal(await page.locator('header.site-header').count(), 0, 'no site header');
  assert.equal(await page.locator('footer.site-footer').count(), 0, 'no site footer');
  assert.equal(await page.locator('.smart-banner:visible').count(), 0, 'no app banner');
}

test('the help centre in the webview: no header or footer, its links stay in the webview', (t) =>
  browser.page(t, inApp, async (page) => {
    await page.goto(siteUrl('fr', '/m/aide'));
    await assertNoSiteChrome(page);
    assert.match(await page.locator('h1').innerText(), /aide/i);
    // The page's islands run: tracking reports the page view as a mobile one.
    const view = await page.waitForFunction(() => (window.dataLayer ?? []).find((e) => e.event === 'page_view'));
    const event = await view.jsonValue();
    assert.equal(event.page_type, 'FAQ');
    assert.equal(event.platform_type, 'web-mobile');

    // A category, then the search form: each page is the webview variant.
    const category = page.locator('main a[href^="/m/aide/categorie/"]').first();
    const categoryPath = await category.getAttribute('href');
    await Promise.all([page.waitForURL((url) => url.pathname === categoryPath), category.click()]);
    await assertNoSiteChrome(page);

    await page.goto(siteUrl('fr', '/m/aide'));
    await page.locator('#help-q').fill('réservation');
    await Promise.all([page.waitForURL((url) => url.pathname === '/m/aide/recherche'), page.locator('#help-q').press('Enter')]);
    assert.equal(new URL(page.url()).searchParams.get('q'), 'réservation');
    await assertNoSiteChrome(page);
  }));

test('the help search in the webview suggests articles and lists results', (t) =>
  browser.page(t, inApp, async (page) => {
    await page.goto(siteUrl('fr', '/m/aide'));
    const field = page.locator('#help-q');
    await page.locator('[data-island=faq-search]').waitFor({ state: 'attached', timeout: 2_000 }).catch(() => {
      throw new Error('the help page has no faq-search island (generator markup missing)');
    });
    await field.click();
    await field.pressSequentially('réservation', { delay: 20 });
    const suggestion = page.locator('.faq-suggestions a').first();
    await suggestion.waitFor();
    await page.locator('.faq-count[role=status]').filter({ hasText: /\d/ }).waitFor();
    // Suggestions lead to the webview's own articles, not the site's pages (with header).
    const suggested = await page.$$eval('.faq-suggestions a', (as) => as.map((a) => a.getAttribute('href')));
    assert.ok(suggested.every((href) => href.startsWith('/m/aide/')), `suggestions outside the webview: ${suggested}`);

    await Promise.all([page.waitForURL((url) => url.pathname === '/m/aide/recherche'), field.press('Enter')]);
    await assertNoSiteChrome(page);
    const results = page.locator('.faq-results-list a');
    await results.first().waitFor();
    const listed = await results.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(listed.every((href) => href.startsWith('/m/aide/')), `results outside the webview: ${listed}`);

    // A result opens its article, still in the webview.
    const href = listed[0];
    await Promise.all([page.waitForURL((url) => url.pathname === href), results.first().click()]);
    await assertNoSiteChrome(page);
    assert.ok(await page.locator('main h1').isVisible());
  }));

test("the app's user-agent marker keeps the app banner hidden on an Android phone", (t) =>
  browser.page(t, { ...PHONE, userAgent: ANDROID }, async (page) => {
    // Outside the app, an Android phone is offered the Play Store link…
    await page.goto(siteUrl('fr', '/'));
    const banner = page.locator('aside.smart-banner');
    await banner.waitFor({ state: 'visible' });
    assert.ok(await banner.locator('a[data-store=android]').isVisible());
    assert.ok(await banner.locator('a[data-store=ios]').isHidden());

    // …inside it (same phone, the marker added), never.
    const app = await page.context().browser().newContext({ ...inApp });
    try {
      const inside = await app.newPage();
      await inside.goto(siteUrl('fr', '/'));
      // The island has run (it hides the other OS's link) and left the banner hidden.
      await inside.locator('aside.smart-banner a[data-store=ios][hidden]').waitFor({ state: 'attached' });
      assert.ok(await inside.locator('aside.smart-banner').isHidden(), 'no app banner inside the app');
    } finally {
      await app.close();
    }
  }));

test("a regular page opened in the app's webview hides the site's header and footer", (t) =>
  browser.page(t, inApp, async (page) => {
    await page.goto(siteUrl('fr', '/'));
    // The loader marks the page first thing (islands/src/lib/webview.ts); CSS hides the chrome.
    await page.locator('html.webview').waitFor({ state: 'attached' });
    assert.ok(await page.locator('header.site-header').isHidden(), 'the header is hidden');
    assert.ok(await page.locator('footer.site-footer').isHidden(), 'the footer is hidden');
    assert.ok(await page.locator('aside.smart-banner').isHidden(), 'no app banner');
    assert.ok(await page.locator('main h1').isVisible(), 'the page itself shows');
    // The page still works: its islands run (the locator opens its dialog).
    await page.locator('.locator-open').click();
    await page.locator('[role=dialog]').waitFor();
  }));
