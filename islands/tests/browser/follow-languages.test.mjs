// "Languages I understand" (issue 17 item 2) on a cinema page: the visitor opens the choice,
// follows French and English, and sees only the screenings heard or subtitled in them, with
// the count of the others hidden (checked against the page's own data attributes); "Show all"
// shows every screening for this page view; after a reload the choice (its cookie) applies at
// once. On the Belgian site (Dutch versions) and on the Moroccan one (Arabic versions). The
// choice is axe-clean and keeps the focus where a keyboard user expects it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, describeViolations, followNetwork, seriousViolations, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();

/** What the page shows and hides, read from its own markup: screenings of the days shown. */
const screenings = (page) =>
  page.$$eval('section.day:not([hidden]) ul.showtimes', (lists) => {
    const follows = (list, langs) => {
      const audio = list.dataset.audio;
      if (!audio || audio === 'und') return true;
      return langs.includes(audio) || (list.dataset.subs ?? '').split(',').some((s) => langs.includes(s));
    };
    let total = 0;
    let shown = 0;
    let notFollowable = 0;
    let shownNotFollowable = 0;
    for (const list of lists) {
      // Shows the schedule's own filters keep (none are chosen here: every show).
      const chips = list.querySelectorAll('li.st').length;
      const visible = !list.closest('[hidden]');
      const ok = follows(list, ['fr', 'en']);
      total += chips;
      if (visible) shown += chips;
      if (!ok) notFollowable += chips;
      if (visible && !ok) shownNotFollowable += chips;
    }
    return { total, shown, notFollowable, shownNotFollowable };
  });

/** The number in the "N screenings in other languages hidden" line, or null when it is hidden. */
const hiddenLine = (page) =>
  page.$eval('.follow-langs-hidden', (p) => (p.hidden ? null : Number(p.querySelector('[role=status]').textContent.replace(/\D/g, '')))).catch(() => null);

/** A cinema page of `site` (in French) with screenings French and English speakers cannot follow. */
async function cinemaWithOtherLanguages(site) {
  const cinemas = await browser.discover((p) => cinemaLinks(p, site, '/fr/cinemas'));
  assert.ok(cinemas.length > 0, `${site}: no cinema page`);
  for (const cinema of cinemas.slice(0, 8)) {
    const found = await browser.discover(async (p) => {
      await p.goto(siteUrl(site, cinema.path));
      const s = await screenings(p);
      return s.notFollowable > 0 && s.notFollowable < s.total ? cinema.path : null;
    });
    if (found) return found;
  }
  assert.fail(`${site}: no cinema page with screenings in several languages`);
}

for (const site of ['be', 'ma']) {
  test(`${site}: following French and English shows only those screenings, with the count; show all; the choice persists`, async (t) => {
    const path = await cinemaWithOtherLanguages(site);
    await browser.page(t, async (page, context) => {
      const logged = [];
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logged.push(m.text()));
      const network = followNetwork(page);
      await page.goto(siteUrl(site, path));
      await waitForIslands(page, network);
      const before = await screenings(page);
      assert.equal(before.shown, before.total, 'nothing hidden before a choice');

      // The choice: a real button, a disclosure of labelled checkboxes, the focus on the first.
      const open = page.locator('button.follow-langs-open');
      await open.click();
      await page.waitForSelector('#follow-langs-panel:not([hidden]) input[type=checkbox]');
      assert.equal(await open.getAttribute('aria-expanded'), 'true');
      assert.equal(await page.evaluate(() => document.activeElement?.matches('#follow-langs-panel input[type=checkbox]')), true, 'the focus is on the first language');
      const violations = await seriousViolations(page, '.follow-langs-tools');
      assert.deepEqual(violations, [], describeViolations(violations));

      // "I follow French and English": exactly those two ticked.
      for (const box of await page.locator('#follow-langs-panel input[type=checkbox]').all()) {
        const want = ['fr', 'en'].includes(await box.getAttribute('value'));
        if ((await box.isChecked()) !== want) await box.click();
      }
      const after = await screenings(page);
      assert.equal(after.shownNotFollowable, 0, 'no screening in another language is shown');
      assert.ok(after.shown > 0, 'the followable screenings are shown');
      assert.equal(after.total - after.shown, after.notFollowable, 'only the screenings in other languages are hidden');
      assert.equal(await hiddenLine(page), after.notFollowable, 'the count says how many are hidden');
      assert.match(await page.evaluate(() => document.cookie), /(^|; )follow_langs=fr(%2C|,)en/);

      // Escape closes the choice and gives the focus back to its button.
      await page.keyboard.press('Escape');
      assert.equal(await open.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('follow-langs-open')), true);

      // "Show all": a real button, one click, every screening again.
      const all = page.locator('.follow-langs-hidden button');
      assert.equal(await all.evaluate((b) => b.tagName), 'BUTTON');
      await all.click();
      const everything = await screenings(page);
      assert.equal(everything.shown, everything.total, 'show all shows every screening');
      assert.equal(await hiddenLine(page), null);

      // Reload: the choice (cookie) applies at once, without opening anything.
      await page.reload();
      await waitForIslands(page, followNetwork(page));
      await page.waitForFunction(() => !document.querySelector('.follow-langs-hidden')?.hidden);
      const again = await screenings(page);
      assert.equal(again.shownNotFollowable, 0);
      assert.equal(await hiddenLine(page), again.notFollowable);
      const cookie = (await context.cookies()).find((c) => c.name === 'follow_langs');
      assert.ok(cookie && cookie.path === '/' && cookie.sameSite === 'Lax' && cookie.expires > Date.now() / 1000 + 360 * 86400, 'a site-wide cookie for a year');
      assert.deepEqual(logged, [], 'no console error or warning');
    });
  });
}
