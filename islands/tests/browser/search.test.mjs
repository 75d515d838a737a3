// The header's search: an accented query typed in the dialog finds a cinema of the demo
// content, and its result leads to that cinema's page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

/** The first cinema whose name has an é or è, and that word of its name (the query). */
function accentedCinema(cinemas) {
  for (const cinema of cinemas) {
    const word = cinema.name.split(/[\s'-]+/).find((w) => /[éè]/.test(w) && w.length >= 4);
    if (word) return { ...cinema, query: word.toLowerCase() };
  }
  return null;
}

test('an accented query finds a cinema and its result opens its page', (t) =>
  browser.page(t, async (page) => {
    const cinema = accentedCinema(await cinemaLinks(page, 'fr'));
    assert.ok(cinema, 'no cinema name of the demo content has an é or è');

    await page.goto(siteUrl('fr', '/'));
    const trigger = page.locator('header.site-header .header-search');
    await trigger.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const field = dialog.getByRole('searchbox');
    // Typed key by key, as a visitor would (the field is debounced).
    await field.pressSequentially(cinema.query, { delay: 30 });
    await assert.doesNotReject(
      dialog.locator('[role=status]').filter({ hasText: /\d/ }).waitFor(),
      'the result count is announced',
    );
    const result = dialog.locator(`.search-group-cinema a[href$="${cinema.path}"]`).first();
    await result.waitFor();
    assert.match(await result.innerText(), new RegExp(cinema.query, 'i'));

    await Promise.all([page.waitForURL((url) => url.pathname === cinema.path), result.click()]);
    assert.equal(new URL(page.url()).pathname, cinema.path);
    assert.match(await page.locator('h1').first().innerText(), new RegExp(cinema.query, 'i'));
  }));

test('a query typed without its accents finds the accented name', (t) =>
  browser.page(t, async (page) => {
    const cinema = accentedCinema(await cinemaLinks(page, 'fr'));
    assert.ok(cinema);
    const plain = cinema.query.normalize('NFD').replace(/\p{M}/gu, '');
    await page.goto(siteUrl('fr', '/'));
    await page.locator('header.site-header .header-search').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').pressSequentially(plain, { delay: 30 });
    await dialog.locator(`.search-group-cinema a[href$="${cinema.path}"]`).first().waitFor();
  }));
