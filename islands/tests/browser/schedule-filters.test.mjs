// A cinema page's schedule filtered by version: the filters dialog's checkbox rewrites the
// address (`/filters/versions-…`) without a navigation, the other versions' showtimes hide,
// and the count of shows kept is announced. The filtered address, loaded, shows the same.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

/** The day panel shown (the schedule island makes the day sections tab panels). */
const shownDay = (page) => page.locator('section.day[role=tabpanel]:not([hidden])');

/**
 * In the shown day: the versions present (data-version of its showtime lists) and how many
 * shows are visible.
 */
const dayState = (page) =>
  shownDay(page).evaluate((day) => {
    const visible = (el) => !el.closest('[hidden]');
    return {
      versions: [...new Set([...day.querySelectorAll('ul.showtimes[data-version]')].map((ul) => ul.dataset.version))],
      visibleVersions: [...new Set([...day.querySelectorAll('ul.showtimes[data-version]')].filter(visible).map((ul) => ul.dataset.version))],
      visibleShows: [...day.querySelectorAll('li.schedule-show')].filter(visible).length,
    };
  });

/** A cinema page whose first day has several versions (so filtering one hides something). */
async function cinemaWithSeveralVersions(page) {
  for (const cinema of (await cinemaLinks(page, 'fr')).slice(0, 8)) {
    await page.goto(siteUrl('fr', cinema.path));
    const versions = await page
      .locator('section.day')
      .first()
      .evaluate((day) => new Set([...day.querySelectorAll('ul.showtimes[data-version]')].map((ul) => ul.dataset.version)).size);
    if (versions >= 2) return cinema;
  }
  return null;
}

test('ticking a version in the filters dialog rewrites the URL, hides other versions and announces the count', (t) =>
  browser.page(t, async (page) => {
    const cinema = await cinemaWithSeveralVersions(page);
    assert.ok(cinema, 'no cinema of the demo has a day with two versions (data-version)');
    await page.goto(siteUrl('fr', cinema.path));
    // A marker that a navigation (a new document) would lose.
    await page.evaluate(() => (window.__samePage = true));

    const open = page.locator('.schedule-filters-open');
    await open.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const before = await dayState(page);
    assert.ok(before.versions.length >= 2, `the shown day has versions ${before.versions}`);

    // The version with the fewest showtime lists that day: others certainly hide.
    const counts = await shownDay(page).evaluate((day) => {
      const n = {};
      for (const ul of day.querySelectorAll('ul.showtimes[data-version]')) n[ul.dataset.version] = (n[ul.dataset.version] ?? 0) + 1;
      return n;
    });
    const version = Object.keys(counts).sort((a, b) => counts[a] - counts[b])[0];
    const versions = dialog.getByRole('group', { name: 'Versions' });
    const box = versions.locator(`input[type=checkbox][value="${version}"]`);
    await box.check();

    await page.waitForFunction((v) => location.pathname.includes(`/filters/versions-${v}`), version);
    const path = new URL(page.url()).pathname;
    assert.ok(path.startsWith(`${cinema.path}/filters/`), `the filters follow the page's path: ${path}`);
    assert.equal(await page.evaluate(() => window.__samePage), true, 'no navigation happened');

    const after = await dayState(page);
    assert.deepEqual(after.visibleVersions, [version], 'only the chosen version is shown');
    const hidden = await shownDay(page).locator(`ul.showtimes[data-version]:not([data-version="${version}"])`).evaluateAll((uls) => uls.every((ul) => ul.closest('[hidden]')));
    assert.ok(hidden, "the other versions' showtimes are hidden");

    // The count of shows kept, announced in the status region (and on the dialog's button).
    const status = page.locator('.schedule-count[role=status]');
    await status.filter({ hasText: /\S/ }).waitFor();
    const announced = (await status.innerText()).trim();
    if (after.visibleShows === 0) assert.match(announced, /Aucune séance/);
    else assert.match(announced, new RegExp(`\\b${after.visibleShows}\\b`), `"${announced}" announces ${after.visibleShows} shows`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.match(await open.innerText(), /\(1\)/, 'the filters button counts the active filter');

  }));

test('a filtered address loaded directly shows the filtered schedule', (t) =>
  browser.page(t, async (page) => {
    const cinema = await cinemaWithSeveralVersions(page);
    assert.ok(cinema);
    const version = await page.locator('section.day ul.showtimes[data-version]').first().getAttribute('data-version');
    // docs/routes.md: a page that takes URL filters also answers at {path}/filters/….
    const response = await page.goto(siteUrl('fr', `${cinema.path}/filters/versions-${version}`));
    assert.equal(response.status(), 200, `${cinema.path}/filters/versions-${version} answers ${response.status()}`);
    // The address asks for filters: the interactive part loads at once and applies them.
    await page.waitForFunction(() => document.querySelector('section.day[role=tabpanel]'));
    assert.deepEqual((await dayState(page)).visibleVersions, [version]);
    await page.locator('.schedule-filters-open').click();
    assert.ok(await page.getByRole('dialog').locator(`input[value="${version}"]`).isChecked());
  }));
