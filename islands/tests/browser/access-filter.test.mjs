// The access sheet (issue 17 item 5), "filter by audio description": on a cinema page, the
// schedule's one-tap "Audio description" toggle (a real button, aria-pressed, reachable and
// worked with the keyboard) shows only the screenings whose chip says audio description — the
// count announced and the chips shown checked against the page's own data attributes
// (`data-tags` of each chip) —, keeps the choice in the URL's filters, and toggling it off
// shows every screening again. The chips and the toggles are axe-clean, with the words in the
// page's language. On the French site, the Moroccan one (French) and the Dutch one (Dutch);
// on the French site also a showtime's details with their Access section.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, describeViolations, followNetwork, seriousViolations, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();

const SITES = [
  { site: 'fr', list: '/cinemas', words: 'Audiodescription', count: /séances? affichées?/ },
  { site: 'ma', list: '/fr/cinemas', words: 'Audiodescription', count: /séances? affichées?/ },
  { site: 'nl', list: '/nl/bioscopen', words: 'Audiodescriptie', count: /voorstellingen? getoond/ },
];

/**
 * The screenings of the days shown, from the page's markup: every chip, those shown, those
 * whose `data-tags` carry audio description (of a bookable show: spec §5 hides the others
 * under any filter), and those shown without it.
 */
const screenings = (page) =>
  page.$$eval('section.day:not([hidden]) li.st', (chips) => {
    const out = { total: 0, shown: 0, ad: 0, shownWithoutAd: 0, shownAdWithoutWords: 0 };
    for (const chip of chips) {
      const ad = (chip.dataset.tags ?? '').split(',').includes('audiodesc');
      const shown = !chip.closest('[hidden]');
      out.total++;
      if (shown) out.shown++;
      if (ad && chip.closest('li.schedule-show')?.dataset.bookable !== 'false') out.ad++;
      if (shown && !ad) out.shownWithoutAd++;
      if (shown && ad && !chip.querySelector('.acc .visually-hidden')) out.shownAdWithoutWords++;
    }
    return out;
  });

/** A cinema page of `site` whose first day has screenings with and without audio description. */
async function cinemaWithAudioDescription(site, list) {
  const cinemas = await browser.discover((p) => cinemaLinks(p, site, list));
  assert.ok(cinemas.length > 0, `${site}: no cinema page`);
  for (const cinema of cinemas.slice(0, 8)) {
    const found = await browser.discover(async (p) => {
      await p.goto(siteUrl(site, cinema.path));
      const tags = await p.$$eval('section.day:first-of-type li.st', (chips) => chips.map((c) => c.dataset.tags ?? ''));
      const ad = tags.filter((t) => t.split(',').includes('audiodesc')).length;
      return ad > 0 && ad < tags.length ? cinema.path : null;
    });
    if (found) return found;
  }
  assert.fail(`${site}: no cinema page with audio-described screenings on its first day`);
}

for (const { site, list, words, count } of SITES) {
  test(`${site}: filter by audio description shows only the screenings whose chip says it, with the count; off shows all`, async (t) => {
    const path = await cinemaWithAudioDescription(site, list);
    await browser.page(t, async (page) => {
      const logged = [];
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logged.push(m.text()));
      await page.goto(siteUrl(site, path));
      await waitForIslands(page, followNetwork(page));

      // The chips say audio description in words (visually hidden) under the AD symbol.
      const chip = page.locator('li.st[data-tags*="audiodesc"] .acc').first();
      assert.equal(await chip.locator('.visually-hidden').textContent(), words);
      assert.equal(await chip.getAttribute('title'), words);
      assert.equal(await chip.locator('[aria-hidden=true]').textContent(), 'AD');

      // The toggle: a real button, not pressed, named by its words; reached and pressed with the keyboard.
      const toggle = page.locator('.access-filter button[data-access=audiodesc]');
      assert.equal(await toggle.evaluate((b) => b.tagName), 'BUTTON');
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
      assert.match(await toggle.textContent(), new RegExp(words));
      await toggle.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('.access-filter button[data-access=audiodesc]')?.getAttribute('aria-pressed') === 'true');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-access')), 'audiodesc', 'the focus stays on the toggle');
      assert.match(new URL(page.url()).pathname, /\/filters\/(.*\/)?tags-audiodesc/);

      const on = await screenings(page);
      assert.ok(on.ad > 0, 'the day shown has audio-described screenings');
      assert.equal(on.shownWithoutAd, 0, 'no screening without audio description is shown');
      assert.equal(on.shown, on.ad, 'every audio-described screening of the day is shown');
      assert.equal(on.shownAdWithoutWords, 0, 'each shown chip says audio description');
      await page.waitForFunction((n) => (document.querySelector('.schedule-count')?.textContent ?? '').replace(/\D/g, '') === String(n), on.shown);
      assert.match(await page.locator('.schedule-count').textContent(), count);

      const violations = await seriousViolations(page, 'section[aria-labelledby=schedule]');
      assert.deepEqual(violations, [], describeViolations(violations));

      // Off: every screening of the day again, nothing announced, the URL without the tag.
      await page.keyboard.press('Space');
      await page.waitForFunction(() => document.querySelector('.access-filter button[data-access=audiodesc]')?.getAttribute('aria-pressed') === 'false');
      const off = await screenings(page);
      assert.equal(off.shown, off.total, 'toggling off shows every screening');
      assert.equal(await page.locator('.schedule-count').textContent(), '');
      assert.doesNotMatch(new URL(page.url()).pathname, /tags-/);
      assert.deepEqual(logged, [], 'no console error or warning');
    });
  });
}

test("fr: a showtime's details have an Access section with its accessibility and the cinema's", async (t) => {
  const path = await cinemaWithAudioDescription('fr', '/cinemas');
  await browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', path));
    // A bookable audio-described screening (a link: its click opens the details), on any day
    // (today's may have started): its day and the filter in the address.
    const target = await page.$eval('li.st[data-tags*="audiodesc"]:has(> a)', (chip) => ({ id: chip.dataset.id, day: chip.closest('section.day').getAttribute('aria-labelledby').slice(4) }));
    await page.goto(siteUrl('fr', `${path}/filters/date-${target.day}/tags-audiodesc`));
    await waitForIslands(page, followNetwork(page));
    assert.equal(await page.locator('.access-filter button[data-access=audiodesc]').getAttribute('aria-pressed'), 'true');
    await page.locator(`li.st[data-id="${target.id}"] > a`).click();
    const sheet = page.locator('.showtime-access');
    await sheet.waitFor();
    assert.equal(await sheet.locator('h3').textContent(), 'Accès');
    await sheet.locator('li[data-access=audiodesc]').waitFor();
    assert.match(await sheet.locator('li[data-access=audiodesc]').textContent(), /Audiodescription/);
    // The demo's French cinemas have an accessibility description and an Acceslibre page.
    await sheet.locator('a[href^="https://acceslibre"]').waitFor();
    assert.ok((await sheet.locator('p').first().textContent()).length > 0);
    const violations = await seriousViolations(page, '.showtime-details');
    assert.deepEqual(violations, [], describeViolations(violations));
  });
});
