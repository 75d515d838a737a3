// Issue 13's modals in the browser, on the demo build: the show page's details and calendar
// (desktop pop-in and, on a phone, the full-screen calendar), the subscription page's perks
// and partners (where the demo has partners), the experience's details — each opened from its trigger, used,
// closed with Escape with the focus back on the trigger, and checked with axe while open
// (no serious or critical violation). Each open modal is saved as a screenshot at 375, 768
// and 1280 px with the others of the run. And the header push: closed, it stays hidden after
// a reload (for a day).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, describeViolations, followNetwork, saveForReview, seriousViolations, showLink, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();
const RUN = process.env.SCREENSHOTS_DIR || join(ARTIFACTS, '..', 'screenshots', new Date().toISOString().replace(/[:.]/g, '-'));
const WIDTHS = [375, 768, 1280];

/** Screenshots of the viewport at each width (the open modal is what matters). */
async function shots(page, site, name) {
  const folder = join(RUN, site);
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await saveForReview(page, join(folder, `${name}-${width}`));
  }
  if (before) await page.setViewportSize(before);
}

async function noSeriousViolations(page, what, context = 'document') {
  const violations = await seriousViolations(page, context);
  assert.deepEqual(violations, [], `${what}: ${describeViolations(violations)}`);
}

/** Opens a modal from its trigger by keyboard (the focus return concerns keyboard users). */
async function openFrom(page, trigger) {
  await trigger.focus();
  // The island loads at the first focus in its element: wait for it, as a visitor would.
  await page.waitForFunction((el) => el.closest('[data-island=modals]')?.dataset.mounted != null, await trigger.elementHandle());
  await trigger.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // axe reads colours as painted: let the dialog's opening transition end first.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return dialog;
}

/** Escape closes the modal; the focus comes back to its trigger. */
async function closeWithEscape(page, dialog, trigger, what) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await trigger.evaluate((el) => new Promise((resolve) => {
    const end = Date.now() + 2000;
    const look = () => (document.activeElement === el || Date.now() > end ? resolve() : requestAnimationFrame(look));
    look();
  }));
  assert.ok(await trigger.evaluate((el) => el === document.activeElement), `${what}: the focus is back on its trigger`);
}

test('show page: the details modal shows the film facts, passes axe, closes with Escape', (t) =>
  browser.page(t, async (page) => {
    const path = await showLink(page, 'fr');
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    const trigger = page.locator('.hero-actions [data-modal=showDetails]');
    assert.equal(await trigger.getAttribute('href'), '#show-facts', 'without JavaScript, the link leads to the facts');
    const dialog = await openFrom(page, trigger);
    assert.ok(await page.getByRole('dialog', { name: 'Détails du film' }).isVisible(), 'the dialog is named "Détails du film"');
    const facts = (await page.locator('#show-facts dd').first().textContent()).trim();
    assert.equal((await dialog.locator('dd').first().textContent()).trim(), facts, 'the dialog shows the page\'s facts');
    await noSeriousViolations(page, 'show details modal open');
    await shots(page, 'fr', 'modal-show-details');
    await closeWithEscape(page, dialog, trigger, 'show details');
  }));

test('show page: the audience ratings and client rating modals pass axe and close with Escape', (t) =>
  browser.page(t, async (page) => {
    const path = await showLink(page, 'fr');
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    const trigger = page.locator('.hero-actions [data-modal=globalFeelings]');
    assert.equal(await trigger.count(), 1, 'the demo show has audience ratings');
    const dialog = await openFrom(page, trigger);
    assert.ok(await page.getByRole('dialog', { name: 'L’avis des spectateurs' }).isVisible(), 'named by the section');
    assert.equal(await dialog.locator('.audience-shares li').count(), 3, 'three feelings');
    await noSeriousViolations(page, 'global feelings open');
    await shots(page, 'fr', 'modal-global-feelings');
    await closeWithEscape(page, dialog, trigger, 'global feelings');

    // The client rating: the three emotions; an anonymous visitor's choice asks for sign-in.
    const rate = page.locator('.hero-actions [data-modal=clientRating]');
    const rating = await openFrom(page, rate);
    assert.equal(await rating.locator('button.emotion').count(), 3, 'three emotions');
    await noSeriousViolations(page, 'client rating open');
    await shots(page, 'fr', 'modal-client-rating');
    await closeWithEscape(page, rating, rate, 'client rating');
    // Used: a choice goes through the wish-list island's button; anonymous, it asks to sign in.
    await openFrom(page, rate);
    await page.getByRole('dialog').locator('button.emotion[data-emotion=loved]').click();
    await page.getByRole('dialog', { name: /^Connectez-vous à votre compte/ }).waitFor();
  }));

test('show page: the calendar picks a day of the schedule; Escape closes it', (t) =>
  browser.page(t, async (page) => {
    const path = await showLink(page, 'fr');
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    const trigger = page.locator('.schedule-calendar [data-modal=calendar]');
    const days = (await trigger.getAttribute('data-days')).split(',');
    assert.ok(days.length >= 2, `the show has showtimes on ${days.length} day(s)`);
    // The page itself, then the open calendar: the pop-in sits at the top of the window, over
    // whatever the page shows there behind its backdrop (the show's rating buttons, depending
    // on the scroll), which axe's target-size then counts as obscured targets.
    await noSeriousViolations(page, 'show page with the calendar closed');
    let dialog = await openFrom(page, trigger);
    assert.ok(await page.getByRole('dialog', { name: 'Calendrier des séances' }).isVisible(), 'the calendar is named');
    assert.ok(await dialog.evaluate((el) => el.classList.contains('dialog-popin')), 'the desktop calendar is a pop-in');
    const buttons = dialog.locator('td button');
    assert.equal(await buttons.count(), days.length, 'one button per day with showtimes');
    await noSeriousViolations(page, 'calendar open', '[role=dialog]');
    await shots(page, 'fr', 'modal-calendar');
    await closeWithEscape(page, dialog, trigger, 'calendar');

    // Used: the second day picked is the schedule's day (its tab selected), the calendar closed.
    dialog = await openFrom(page, trigger);
    await buttons.nth(1).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`#tab-${days[1]}[aria-selected=true]`).waitFor();
    assert.match(page.url(), new RegExp(`date-${days[1]}`), 'the day is in the address');
  }));

test('show page on a phone: the mobile calendar is full screen', (t) =>
  browser.page(t, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true }, async (page) => {
    const path = await showLink(page, 'fr');
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    const trigger = page.locator('.schedule-calendar [data-modal=calendar]');
    const dialog = await openFrom(page, trigger);
    assert.ok(await dialog.evaluate((el) => el.classList.contains('dialog-fullscreen')), 'the mobile calendar is full screen');
    await noSeriousViolations(page, 'mobile calendar open');
    await closeWithEscape(page, dialog, trigger, 'mobile calendar');
  }));

test('subscription page: the perks and partners modals pass axe and close with Escape', (t) =>
  browser.page(t, async (page) => {
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', '/cinepass'));
    await waitForIslands(page, network);
    const perks = page.locator('.subscription-more [data-modal=subscriptionPerks]');
    let dialog = await openFrom(page, perks);
    assert.ok(await page.getByRole('dialog', { name: 'Avantages de l’abonnement' }).isVisible(), 'the perks dialog is named by its section');
    assert.ok((await dialog.locator('li').count()) > 0, 'the perks are listed');
    await noSeriousViolations(page, 'subscription perks open');
    await shots(page, 'fr', 'modal-subscription-perks');
    await closeWithEscape(page, dialog, perks, 'subscription perks');

    const partners = page.locator('.subscription-more [data-modal=partners]');
    if ((await partners.count()) === 0) return;
    dialog = await openFrom(page, partners);
    assert.equal(await dialog.locator('li').count(), await page.locator('#subscription-partners li').count(), 'every partner cinema');
    await noSeriousViolations(page, 'partners open');
    await shots(page, 'fr', 'modal-partners');
    await closeWithEscape(page, dialog, partners, 'partners');
  }));

test('experience page: the details modal passes axe and closes with Escape', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/experiences'));
    const path = await page.$$eval('main a[href^="/experiences/"]', (anchors) => anchors.map((a) => new URL(a.href).pathname)[0]);
    assert.ok(path, 'the experiences page links to no experience');
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    const trigger = page.locator('.hero-actions [data-modal=experienceDetails]');
    const dialog = await openFrom(page, trigger);
    assert.ok(await page.getByRole('dialog', { name: 'Détails de l’expérience' }).isVisible(), 'the details dialog is named');
    const details = (await page.locator('#experience-details').textContent()).trim();
    assert.equal((await dialog.locator('.section-copy').textContent()).trim(), details, 'the dialog shows the experience\'s details');
    await noSeriousViolations(page, 'experience details open');
    await shots(page, 'fr', 'modal-experience-details');
    await closeWithEscape(page, dialog, trigger, 'experience details');
  }));

test('header push: closed, it stays hidden after a reload', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/'));
    const push = page.locator('.site-header .header-push');
    await push.waitFor();
    const close = push.locator('button.header-push-close');
    assert.ok(await close.isVisible(), 'the close button shows (with JavaScript)');
    await noSeriousViolations(page, 'header push shown');
    await close.click();
    await push.waitFor({ state: 'hidden' });
    const until = Number(await page.evaluate(() => localStorage.getItem('header-push-hidden-until')));
    const day = 24 * 60 * 60 * 1000;
    assert.ok(Math.abs(until - (Date.now() + day)) < 60_000, 'hidden until a day from now');
    await page.reload();
    await page.waitForLoadState('load');
    assert.equal(await push.isVisible(), false, 'still hidden after a reload');
    // Another page of the site: hidden too.
    await page.goto(siteUrl('fr', '/cinemas'));
    assert.equal(await page.locator('.site-header .header-push').isVisible(), false, 'hidden on the other pages');
  }));
