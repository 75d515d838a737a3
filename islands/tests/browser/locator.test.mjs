// The cinema locator: a cinema chosen in its dialog (found by a query typed without
// accents) is remembered in the `cgp_locator` cookie, and the locator's button shows it
// after a reload, before any interaction.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

const YEAR_S = 365 * 24 * 3600;

/** The cookie's JSON ({type, value}), whatever encoding the page used. */
function locatorCookie(cookies) {
  const cookie = cookies.find((c) => c.name === 'cgp_locator');
  if (!cookie) return null;
  return { ...JSON.parse(decodeURIComponent(cookie.value)), expires: cookie.expires };
}

for (const start of ['/', '/cinemas']) {
  test(`a cinema chosen in the locator (${start}) is remembered after a reload`, (t) =>
    browser.page(t, async (page, context) => {
      const cinemas = await cinemaLinks(page, 'fr');
      // A name with an accent, typed without it: the locator folds accents (spec §4).
      const cinema = cinemas.find((c) => /[éèÉ]/.test(c.name)) ?? cinemas[0];
      const word = cinema.name.split(/\s+/).find((w) => /[éèÉ]/.test(w)) ?? cinema.name.split(/\s+/).pop();
      const query = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

      await page.goto(siteUrl('fr', start));
      const button = page.locator('[data-island=locator] .locator-open');
      assert.match(await button.innerText(), /Choisir un cinéma/);
      await button.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('searchbox').pressSequentially(query, { delay: 20 });
      const choice = dialog.locator('.locator-list button').filter({ hasText: cinema.name }).first();
      await choice.waitFor();
      // The page's props say where a choice leads: the cinema's page.
      await Promise.all([page.waitForURL((url) => url.pathname === cinema.path), choice.click()]);

      const saved = locatorCookie(await context.cookies());
      assert.ok(saved, 'the cgp_locator cookie is set');
      assert.equal(saved.type, 'cinema');
      assert.ok(saved.value, 'the cookie names the cinema (its reference)');
      assert.ok(saved.expires > Date.now() / 1000 + YEAR_S - 7 * 24 * 3600, 'the choice is kept for a year');

      // Back on the starting page, reloaded: the button names the cinema before any interaction.
      // (The cinemas page would go on to the chosen cinema: `?all` asks for the list itself.)
      await page.goto(siteUrl('fr', start === '/cinemas' ? '/cinemas?all' : start));
      await page.reload();
      await page.locator('[data-island=locator] .locator-choice').filter({ hasText: cinema.name }).waitFor();
      assert.notEqual(await page.locator('[data-island=locator]').getAttribute('data-ui'), 'on', 'shown by the first stage, without interaction');
    }));
}
