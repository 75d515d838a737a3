// Cumulative layout shift stays ≤ 0.02 on the home, a cinema and a show page: after load
// with the islands shown at once (first stage: avatar, favourite, remembered cinema…), and
// again once every island's interactive part has hydrated the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cinemaLinks,
  followLayoutShifts,
  followNetwork,
  layoutShifts,
  showLink,
  signInDirectly,
  siteUrl,
  useBrowser,
  waitForIslands,
  wakeEveryIsland,
} from './support.mjs';

const browser = useBrowser();

const CLS_BUDGET = 0.02;
/** Time given to late work (idle callbacks, fonts, images) before reading the shifts. */
const SETTLE_MS = 500;

const describe = ({ shifts }) =>
  shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ') || '?'}`).join('\n  ');

/** `where` is a path, or finds one from the demo's pages (in a context of its own). */
async function measure(t, where, { viewport, prepare = async () => {}, note = '' } = {}) {
  const path = typeof where === 'string' ? where : await browser.discover(where);
  await browser.page(t, viewport ? { viewport } : {}, async (page, context) => {
    await prepare(page);
    await followLayoutShifts(context);
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', path));
    await waitForIslands(page, network);
    await page.waitForTimeout(SETTLE_MS);
    const loaded = await layoutShifts(page);

    // Every island's interactive part, as interactions would bring them (no input event,
    // so shifts they cause are not excused as following the visitor's input).
    await wakeEveryIsland(page);
    await network.quiet();
    await page.waitForTimeout(SETTLE_MS);
    const hydrated = await layoutShifts(page);

    const size = (viewport ? `${viewport.width}×${viewport.height}` : 'desktop') + note;
    console.log(`CLS ${path} (${size}): ${loaded.total.toFixed(4)} after load, ${hydrated.total.toFixed(4)} with every island hydrated`);
    assert.ok(loaded.total <= CLS_BUDGET, `CLS after load ${loaded.total.toFixed(4)} > ${CLS_BUDGET}:\n  ${describe(loaded)}`);
    assert.ok(hydrated.total <= CLS_BUDGET, `CLS after hydration ${hydrated.total.toFixed(4)} > ${CLS_BUDGET}:\n  ${describe(hydrated)}`);
  });
}

const PHONE = { width: 390, height: 844 };

test('CLS: home page', (t) => measure(t, '/'));

test('CLS: home page on a phone', (t) => measure(t, '/', { viewport: PHONE }));

test('CLS: cinema page', (t) => measure(t, async (page) => (await cinemaLinks(page, 'fr'))[0].path));

test('CLS: show page', (t) => measure(t, (page) => showLink(page, 'fr')));

// Signed in, the first stage changes the page after load (the avatar for "Se connecter", a
// favourite's state): those changes must not move the page either.
test('CLS: cinema page, signed in', (t) =>
  measure(t, async (page) => (await cinemaLinks(page, 'fr'))[0].path, { prepare: (page) => signInDirectly(page, 'fr'), note: ', signed in' }));
