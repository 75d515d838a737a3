// The header's language dialog: choosing another language remembers it in the `lang`
// cookie and goes to the same page in that language (its hreflang alternate).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

/** The page's alternate in `lang`, as its <link rel=alternate hreflang> says (a path). */
async function alternatePath(page, lang) {
  const href = await page.locator(`link[rel=alternate][hreflang^="${lang}-"]`).first().getAttribute('href');
  assert.ok(href, `the page has no ${lang} alternate`);
  return new URL(href).pathname;
}

for (const { site, from, to, path, button } of [
  { site: 'ch', from: 'fr', to: 'de', path: '/fr/cinemas', button: 'Deutsch' },
  { site: 'be', from: 'fr', to: 'nl', path: '/fr/cinemas', button: 'Nederlands' },
]) {
  test(`${site}: the language dialog goes from ${from} to the ${to} page and sets the lang cookie`, (t) =>
    browser.page(t, async (page, context) => {
      await page.goto(siteUrl(site, path));
      const expected = await alternatePath(page, to);
      assert.notEqual(expected, path);

      const trigger = page.locator('header.site-header .header-language');
      assert.match(await trigger.innerText(), new RegExp(from, 'i'));
      await trigger.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      assert.equal(await dialog.locator('a[aria-current=true]').getAttribute('hreflang'), from);

      await Promise.all([page.waitForURL((url) => url.pathname === expected), dialog.getByRole('link', { name: button }).click()]);
      assert.equal(await page.locator('html').getAttribute('lang').then((l) => l.slice(0, 2)), to);
      const cookie = (await context.cookies()).find((c) => c.name === 'lang');
      assert.equal(cookie?.value, to, 'the lang cookie holds the chosen language');
      // Remembered for a long while (365 days), not for the session only.
      assert.ok(cookie.expires > Date.now() / 1000 + 300 * 24 * 3600, 'the lang cookie lasts about a year');
      await page.locator('header.site-header .header-language').filter({ hasText: new RegExp(to, 'i') }).waitFor();
    }));
}
