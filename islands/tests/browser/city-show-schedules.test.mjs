// Schedules wherever a visitor looks for one (issue 12): a cinema page's later days (not
// written in the page) come from the runtime API when their tab opens; a city page shows the day's
// schedule of all the city's cinemas and keeps it live (the runtime API's
// `/api/city/{slug}/shows?date=`); an experience page shows that experience's schedule; a
// show page follows the cinema chosen in the locator (its `cgp_locator` cookie, as the
// locator island writes it) and shows only that cinema's showtimes.
//
// The pages are found in the generated output (SITE_OUT, as scripts/test sets it): this
// fails, not skips, when it cannot find them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { bookableChip, followNetwork, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();
const SITE = 'fr';

/** The generated pages of a folder of the fr site (`cinemas/ville`, `experiences`, `film`): [{path, html}]. */
function generated(folder) {
  const out = process.env.SITE_OUT;
  assert.ok(out && existsSync(join(out, SITE)), `SITE_OUT must name the generated sites (got ${out})`);
  const dir = join(out, SITE, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ path: `/${folder}/${name.replace(/\.html$/, '')}`, html: readFileSync(join(dir, name), 'utf8') }));
}

/** The cinemas a page's written schedule names. */
const cinemasOf = (html) => new Set([...html.matchAll(/<section class=schedule-cinema data-cinema=([^\s>]+)/g)].map((m) => m[1].replace(/"/g, '')));

/** An answer of the site's server, as served (node:http with the site's Host). */
function fetchFrom(path) {
  const port = Number(new URL(siteUrl(SITE)).port || 80);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { Host: `${SITE}.localhost:${port}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

/** The visible showtime chips of the page's schedule: [{id, cinema}]. */
const visibleChips = (page) =>
  page.$$eval('section.day li.st[data-id]', (items) =>
    items
      .filter((li) => li.checkVisibility())
      .map((li) => ({ id: li.dataset.id, cinema: li.closest('[data-cinema]')?.dataset.cinema ?? '' })),
  );

test('a city page shows the showtimes of at least two of its cinemas, and a showtime the API answers sold out shows sold out', (t) =>
  browser.page(t, async (page) => {
    const city = generated('cinemas/ville').find((p) => cinemasOf(p.html).size >= 2);
    assert.ok(city, 'no city page with the showtimes of two cinemas');
    // The first showtime the page (as built) shows bookable.
    const [, soldOut] = /<li class=st data-id=([^\s>]+)[^>]*><a /.exec(city.html) ?? [];
    assert.ok(soldOut, 'the city page shows no bookable showtime');
    const dayCall = /\/api\/city\/[^/]+\/shows\?(.*&)?date=\d{4}-\d{2}-\d{2}/;
    let asked = 0;
    // The runtime API's real answer, with that showtime sold out.
    await page.route(dayCall, async (route) => {
      asked++;
      const url = new URL(route.request().url());
      const response = await fetchFrom(url.pathname + url.search);
      const answer = JSON.parse(response.body);
      for (const entry of Object.values(answer.days ?? {}).flat()) {
        for (const s of entry.showtimes) if (s.id === soldOut) s.status = 'soldout';
      }
      const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'content-length'));
      await route.fulfill({ status: response.status, headers, body: JSON.stringify(answer) });
    });
    const network = followNetwork(page);
    await page.goto(siteUrl(SITE, city.path));
    await waitForIslands(page, network);
    const shown = new Set((await visibleChips(page)).map((c) => c.cinema));
    assert.ok(shown.size >= 2, `showtimes of ${[...shown].join(', ')}`);
    const chip = page.locator(`li.st[data-id="${soldOut}"]`);
    await chip.scrollIntoViewIfNeeded();
    await chip.and(page.locator('.full')).waitFor();
    assert.ok(asked > 0, 'the island asked the city schedule');
    assert.equal(await chip.locator('a').count(), 0, 'a sold-out showtime is no booking link');
    assert.match(await chip.textContent(), /Complet/);
  }));

test('an experience page shows the schedule of that experience', (t) =>
  browser.page(t, async (page) => {
    const experience = generated('experiences').find((p) => /<section class=day data-places/.test(p.html));
    assert.ok(experience, 'no experience page with a schedule');
    const network = followNetwork(page);
    await page.goto(siteUrl(SITE, experience.path));
    await waitForIslands(page, network);
    assert.ok((await visibleChips(page)).length > 0, 'showtimes shown');
    // Booking links as cinema pages write them (on a later day when today's have all started).
    assert.ok(await (await bookableChip(page)).count(), 'bookable showtimes');
    assert.equal(await page.locator('.schedule-tools[data-island="schedule"]').count(), 1, 'the schedule island');
  }));

test("a cinema page's later day, not written in the page, is filled from the API when its tab is opened", (t) =>
  browser.page(t, async (page) => {
    const cinema = generated('cinemas').find((p) => /<section class=day data-later hidden data-embed/.test(p.html) && /<section class=day aria-labelledby/.test(p.html));
    assert.ok(cinema, 'no cinema page with days written and later days');
    const [, day] = /<section class=day data-later hidden data-embed aria-labelledby=day-(\d{4}-\d{2}-\d{2})/.exec(cinema.html);
    // What the runtime API answers for that day: the showtimes the island must show.
    const slug = cinema.path.split('/').pop();
    const answer = JSON.parse((await fetchFrom(`/api/cinema/${slug}/shows?language=fr&date=${day}`)).body);
    const entries = (answer.days?.[day] ?? []).filter((entry) => entry.showtimes.length > 0);
    const expected = entries.flatMap((entry) => entry.showtimes.map((s) => String(s.id))).sort();
    assert.ok(expected.length > 0, `the API has no showtime at ${slug} on ${day}`);
    const network = followNetwork(page);
    await page.goto(siteUrl(SITE, cinema.path));
    await waitForIslands(page, network);
    await page.locator('[data-island="schedule"]').evaluate((el) => el.dispatchEvent(new Event('hydrate')));
    await page.waitForSelector('[data-island="schedule"][data-ui="on"]', { state: 'attached' });
    await page.locator(`[id="tab-${day}"]`).click();
    const section = page.locator(`section.day[aria-labelledby="day-${day}"]`);
    await page.waitForFunction((d) => document.querySelectorAll(`section.day[aria-labelledby="day-${d}"] li.st`).length > 0, day, { timeout: 10_000 });
    assert.equal(await section.isVisible(), true, 'the later day shows');
    const shown = (await section.locator('li.st[data-id]').evaluateAll((items) => items.map((li) => li.dataset.id))).sort();
    assert.deepEqual(shown, expected, 'every showtime of the API on that day, once');
    // Each show of the day with its title, and the bookable showtimes as booking links.
    const titles = await section.locator('li.schedule-show h4').allTextContents();
    assert.equal(titles.length, entries.length, 'one block per show');
    assert.ok(titles.every((title) => title.trim().length > 0), 'every show titled');
    const bookable = entries.flatMap((entry) => entry.showtimes).filter((s) => s.status === 'available' && s.bookingUrl);
    if (bookable.length) assert.ok(await section.locator('li.st > a[href]').count() > 0, 'bookable showtimes are links');
  }));

test('a show page follows the cinema chosen in the locator: only the showtimes of that cinema', (t) =>
  browser.page(t, async (page, context) => {
    const show = generated('film').find((p) => cinemasOf(p.html).size >= 2);
    assert.ok(show, 'no show page playing at two cinemas');
    const props = JSON.parse(/<div class="?schedule-tools[^]*?<script type="?application\/json"? data-props>([^<]*)<\/script>/.exec(show.html)?.[1] ?? 'null');
    assert.ok(props?.places?.length, 'the schedule island names the show\'s cinemas');
    const written = [...cinemasOf(show.html)];
    const chosen = props.places.find((p) => p.slug === written[1]);
    // The locator's choice, as the locator island writes it (lib/locator-cookie.ts: a cinema by its vistaRef).
    await context.addCookies([
      { name: 'cgp_locator', value: encodeURIComponent(JSON.stringify({ type: 'cinema', value: chosen.vistaRef })), url: siteUrl(SITE, '/') },
    ]);
    const network = followNetwork(page);
    await page.goto(siteUrl(SITE, show.path));
    await waitForIslands(page, network);
    await page.waitForFunction(
      (slug) => [...document.querySelectorAll('section.schedule-cinema')].some((p) => p.checkVisibility() && p.dataset.cinema === slug),
      chosen.slug,
    );
    const chips = await visibleChips(page);
    assert.ok(chips.length > 0, 'the chosen cinema\'s showtimes show');
    assert.deepEqual([...new Set(chips.map((c) => c.cinema))], [chosen.slug], 'only the chosen cinema');
  }));

test('a show page follows a position chosen in the locator: only the cinemas near it', (t) =>
  browser.page(t, async (page, context) => {
    const cinemas = JSON.parse((await fetchFrom('/api/cinemas?language=fr')).body);
    const at = (slug) => cinemas.find((c) => c.slug === slug)?.gpsPosition;
    // A show written at two cinemas of different cities, the first with a position.
    const show = generated('film').find((p) => {
      const written = [...cinemasOf(p.html)];
      const cities = new Set(written.map((slug) => cinemas.find((c) => c.slug === slug)?.citySlug));
      return written.length >= 2 && cities.size >= 2 && at(written[0]);
    });
    assert.ok(show, 'no show page playing in two cities');
    const written = [...cinemasOf(show.html)];
    const position = at(written[0]);
    // What the API says is near (the locator's rule): the island keeps the show's cinemas among them.
    const near = JSON.parse((await fetchFrom(`/api/cinemas/near?language=fr&x=${position.x}&y=${position.y}`)).body);
    assert.equal(near[0], written[0], 'at its door, the cinema is the nearest');
    const far = written.filter((slug) => !near.includes(slug));
    assert.ok(far.length > 0, `every cinema of ${show.path} is near ${written[0]}`);
    await context.addCookies([
      { name: 'cgp_locator', value: encodeURIComponent(JSON.stringify({ type: 'position', value: position })), url: siteUrl(SITE, '/') },
    ]);
    const network = followNetwork(page);
    await page.goto(siteUrl(SITE, show.path));
    await waitForIslands(page, network);
    await page.waitForFunction(
      (gone) => [...document.querySelectorAll('section.schedule-cinema')].every((p) => !gone.includes(p.dataset.cinema) || !p.checkVisibility()),
      far,
    );
    const shown = new Set((await visibleChips(page)).map((c) => c.cinema));
    assert.ok(shown.has(written[0]), 'the cinema at the position shows');
    assert.deepEqual([...shown].filter((slug) => !near.includes(slug)), [], 'no cinema beyond the locator\'s limits');
  }));
