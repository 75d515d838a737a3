// Season and special-event pages (issue 12 item 5, spec §4 "Seasons"): the page lists the
// season's cinemas by city (each with its next screening and its page) and stays small; its
// island shows every screening of the season at the cinema chosen in the locator, or picked
// on the page, from the runtime API; a screening can be selected and unselected, the
// selection replaced, cleared, and cleared when another cinema is chosen. Nothing is logged.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describeViolations, followLayoutShifts, followNetwork, layoutShifts, seriousViolations, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();

/** The bound of issue 12: a season page of a chain of any size. */
const PAGE_BUDGET = 60 * 1024;

/** Season and special-event pages of the generated French site (SITE_OUT): [{path, html}]. */
function seasonPages() {
  const out = process.env.SITE_OUT;
  assert.ok(out && existsSync(join(out, 'fr')), `SITE_OUT must name the generated sites (got ${out})`);
  const pages = [];
  for (const folder of ['saison', 'event-special']) {
    const dir = join(out, 'fr', folder);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.html')).sort()) {
      pages.push({ path: `/${folder}/${file.replace(/\.html$/, '')}`, html: readFileSync(join(dir, file), 'utf8') });
    }
  }
  assert.ok(pages.length, 'no season page in the French site');
  return pages;
}

/** A season page's picker options: [{slug, ref, city}], and the cinemas with a next screening. */
function choices(html) {
  const options = [...html.matchAll(/<option value="?([^\s">]+)"? data-ref="?([^\s">]+)"?>/g)].map(([, slug, ref]) => ({ slug, ref }));
  const withNext = new Set([...html.matchAll(/<a href=\/cinemas\/([^\s>]+)>[^<]*<\/a><\/p><p class=season-next>/g)].map(([, slug]) => slug));
  return { options, withNext };
}

/** Console errors and warnings of the page's code (Chromium's own network lines apart). */
function followConsole(page) {
  const logged = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !/^Failed to load resource: net::/.test(m.text())) logged.push(m.text());
  });
  return logged;
}

/** The showtimes of an event schedule answer, with their day. */
const answerIds = (answer) =>
  Object.entries(answer.days ?? {}).flatMap(([day, entries]) =>
    entries.flatMap((entry) => entry.showtimes.map((s) => ({ id: s.id, cinema: s.cinema, day }))),
  );

/** What the island shows of an answer: the days from today on (days gone by are left out). */
const fromToday = (showtimes, today) => showtimes.filter((s) => s.day >= today).map((s) => s.id).sort();

test('every season and special-event page stays within 60 KB gzipped and lists each cinema once, with at most one screening', () => {
  for (const { path, html } of seasonPages()) {
    const size = gzipSync(html).length;
    assert.ok(size <= PAGE_BUDGET, `${path}: ${size} bytes gzipped > ${PAGE_BUDGET}`);
    // Bounded by construction: one line per cinema, not every date of every cinema.
    const places = html.split('<li class=season-place>').slice(1);
    const { options } = choices(html);
    assert.equal(places.length, options.length, `${path}: a line per cinema of the picker`);
    for (const place of places) {
      const chips = (place.split('</li></ul></li>')[0].match(/<li class="?st[\s">]/g) ?? []).length;
      assert.ok(chips <= 1, `${path}: a cinema lists ${chips} screenings`);
    }
    // Without JavaScript a cinema's line leads to its page (its schedule, bookable).
    assert.match(html, /<p class=season-place-name><a href=\/cinemas\//);
  }
});

test('a season page shows the screenings of the cinema chosen in the locator, then of one picked on the page', (t) =>
  browser.page(t, async (page, context) => {
    const { path, html } = seasonPages().find((p) => choices(p.html).withNext.size >= 2) ?? assert.fail('no season page with two cinemas that have screenings');
    const { options, withNext } = choices(html);
    const [first, second] = options.filter((o) => withNext.has(o.slug));
    const url = new URL(siteUrl('fr', path));
    await context.addCookies([
      { name: 'cgp_locator', value: encodeURIComponent(JSON.stringify({ type: 'cinema', value: first.ref })), domain: url.hostname, path: '/' },
    ]);
    const logged = followConsole(page);
    const network = followNetwork(page);
    const answerOf = (slug) =>
      page.waitForResponse((r) => r.url().includes('/showtimes?') && new URL(r.url()).searchParams.get('cinema') === slug && r.status() === 200);
    const firstAnswer = answerOf(first.slug);
    await page.goto(url.href);
    const answer = answerIds(await (await firstAnswer).json());
    assert.ok(answer.length, `the API has screenings of the season at ${first.slug}`);
    assert.deepEqual([...new Set(answer.map((s) => s.cinema))], [first.slug], 'the island asks the chosen cinema only');
    await waitForIslands(page, network);
    await page.locator('.season-screenings li.st[data-id]').first().waitFor();
    assert.equal(await page.locator('#season-cinema').inputValue(), first.slug, 'the picker names the locator’s cinema');
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const shown = await page.$$eval('.season-screenings li.st[data-id]', (items) => items.map((li) => li.dataset.id));
    assert.deepEqual(shown.sort(), fromToday(answer, today), 'the page shows the API’s screenings of that cinema');

    // Another cinema picked on the page: its screenings.
    const secondAnswer = answerOf(second.slug);
    await page.selectOption('#season-cinema', second.slug);
    const other = answerIds(await (await secondAnswer).json());
    await page.waitForFunction(
      (ids) => [...document.querySelectorAll('.season-screenings li.st[data-id]')].map((li) => li.dataset.id).sort().join() === ids,
      fromToday(other, today).join(),
    );
    assert.deepEqual(logged, [], 'nothing logged by the page');
  }));

test('a screening can be selected and unselected; the selection is replaced per show, cleared, and cleared on another cinema', (t) =>
  browser.page(t, async (page) => {
    const { path, html } = seasonPages().find((p) => choices(p.html).withNext.size >= 2) ?? assert.fail('no season page');
    const { options, withNext } = choices(html);
    const [first, second] = options.filter((o) => withNext.has(o.slug));
    const logged = followConsole(page);
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    await page.selectOption('#season-cinema', first.slug);
    const buttons = page.locator('.season-screenings button.season-select');
    await buttons.first().waitFor();
    const panel = page.locator('.season-selection');
    assert.equal(await panel.isVisible(), false, 'no selection at first');

    // Select: the button says so, the panel lists it with its booking link.
    const button = buttons.first();
    await button.click();
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    await panel.waitFor();
    assert.equal(await panel.getByRole('status').textContent(), '1 séance sélectionnée');
    const id = await button.evaluate((b) => b.closest('li').dataset.id);
    assert.equal(await panel.locator(`li[data-id="${id}"] a[href^="http"]`).count(), 1, 'the selection books the screening');

    // Unselect with the same button.
    await button.click();
    assert.equal(await button.getAttribute('aria-pressed'), 'false');
    await panel.waitFor({ state: 'hidden' });

    // Another screening of the same show replaces the one selected.
    const show = await page.$$eval('.season-screenings .season-show', (shows) => shows.findIndex((s) => s.querySelectorAll('button.season-select').length >= 2));
    assert.ok(show >= 0, 'a show with two bookable screenings at the cinema');
    const pair = page.locator('.season-screenings .season-show').nth(show).locator('button.season-select');
    await pair.nth(0).click();
    await pair.nth(1).click();
    assert.equal(await pair.nth(0).getAttribute('aria-pressed'), 'false', 'replaced');
    assert.equal(await pair.nth(1).getAttribute('aria-pressed'), 'true');
    assert.equal(await panel.locator('li[data-id]').count(), 1);
    // Removed from the panel.
    await panel.getByRole('button', { name: /^Retirer/ }).click();
    await panel.waitFor({ state: 'hidden' });

    // Cleared with its button.
    await buttons.first().click();
    await panel.getByRole('button', { name: 'Vider la sélection' }).click();
    await panel.waitFor({ state: 'hidden' });
    assert.equal(await page.locator('.season-screenings button[aria-pressed=true]').count(), 0);

    // Cleared on switching to another cinema (spec §4).
    await buttons.first().click();
    await panel.waitFor();
    await page.selectOption('#season-cinema', second.slug);
    await panel.waitFor({ state: 'hidden' });
    assert.deepEqual(logged, [], 'nothing logged by the page');
  }));

test('when the API cannot be reached the chosen cinema’s screenings stay and the page says since when, logging nothing', (t) =>
  browser.page(t, async (page) => {
    const { path, html } = seasonPages().find((p) => choices(p.html).withNext.size >= 1) ?? assert.fail('no season page');
    const { options, withNext } = choices(html);
    const chosen = options.find((o) => withNext.has(o.slug));
    const logged = followConsole(page);
    const network = followNetwork(page);
    await page.clock.install();
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    await page.selectOption('#season-cinema', chosen.slug);
    await page.locator('.season-screenings li.st[data-id]').first().waitFor();
    const before = await page.locator('.season-screenings li.st[data-id]').count();
    // The API goes away; the next round (a minute later) fails.
    await page.route(/\/api\/event\//, (route) => route.abort('connectionrefused'));
    await page.clock.runFor(61_000);
    await page.locator('.season-picker .schedule-live').filter({ hasText: /Disponibilités à \d\d:\d\d/ }).waitFor();
    assert.equal(await page.locator('.season-screenings li.st[data-id]').count(), before, 'the screenings stay');
    assert.deepEqual(logged, [], 'nothing logged by the page');
  }));

test('axe: a season page with a cinema’s screenings and a selection shown, on a phone, has no serious violation and no text under 12 px', (t) =>
  browser.page(t, { viewport: { width: 390, height: 844 } }, async (page) => {
    const { path, html } = seasonPages().find((p) => choices(p.html).withNext.size >= 1) ?? assert.fail('no season page');
    const { options, withNext } = choices(html);
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    await page.selectOption('#season-cinema', options.find((o) => withNext.has(o.slug)).slug);
    await page.locator('.season-screenings button.season-select').first().click();
    await page.locator('.season-selection').waitFor();
    const found = await seriousViolations(page);
    assert.equal(found.length, 0, describeViolations(found));
    const small = await page.$$eval('.season-schedule *, .season-cinemas *', (els) =>
      els
        .filter((el) => el.childNodes.length && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
        .map((el) => [el.tagName, el.className, parseFloat(getComputedStyle(el).fontSize)])
        .filter(([, , size]) => size < 12),
    );
    assert.deepEqual(small, [], 'text under 12 px');
  }));

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`CLS: a season page whose island shows the locator’s cinema at load stays within 0.02 (${viewport.width}×${viewport.height})`, (t) =>
    browser.page(t, { viewport }, async (page, context) => {
      const { path, html } = seasonPages().find((p) => choices(p.html).withNext.size >= 1) ?? assert.fail('no season page');
      const { options, withNext } = choices(html);
      const chosen = options.find((o) => withNext.has(o.slug));
      const url = new URL(siteUrl('fr', path));
      await context.addCookies([{ name: 'cgp_locator', value: encodeURIComponent(JSON.stringify({ type: 'cinema', value: chosen.ref })), domain: url.hostname, path: '/' }]);
      await followLayoutShifts(context);
      const network = followNetwork(page);
      await page.goto(url.href);
      await waitForIslands(page, network);
      await page.locator('.season-screenings li.st[data-id]').first().waitFor();
      await page.waitForTimeout(500);
      const { total, shifts } = await layoutShifts(page);
      assert.ok(total <= 0.02, `CLS ${total.toFixed(4)}: ${JSON.stringify(shifts)}`);
    }));
}
