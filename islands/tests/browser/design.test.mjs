// The look of every page kind, as review material and as checks (issue "Look and feel"):
// screenshots of one page of each kind at 375, 768 and 1280 px wide on the fr and nl sites,
// into a folder named after the run; no page scrolls sideways at 320 px; no text of a
// schedule overflows its box.
//
// The pages come from the generated output (SITE_OUT, set by scripts/test): the body's class
// names the page kind (`page-cinema`), so every kind the generator writes is covered without
// a list to keep in step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, pagesByKind as pagesOfKinds, saveForReview, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

const SITES = { fr: 'fr', nl: 'nl' };
const WIDTHS = [375, 768, 1280];
const NARROWEST = 320;
// Variants that look like their main kind (light views, aliases) add nothing to review.
const SKIP_KINDS = new Set(['cinemalight', 'citylight', 'notfoundalias', 'helparticlebyid', 'sitemap']);
const pagesByKind = (site) => pagesOfKinds(site, SITES[site], SKIP_KINDS);
/** Tall pages (a week of showtimes) are captured down to this height. */
const MAX_HEIGHT = 5000;

const RUN = process.env.SCREENSHOTS_DIR || join(ARTIFACTS, '..', 'screenshots', new Date().toISOString().replace(/[:.]/g, '-'));

/** Elements wider than the window, for the message. */
const sidewaysCulprits = () =>
  [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .slice(0, 5)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);

for (const site of Object.keys(SITES)) {
  test(`${site}: every page kind at ${WIDTHS.join(', ')} px, saved for review; none scrolls sideways at ${NARROWEST} px`, (t) =>
    browser.page(t, async (page) => {
      const pages = pagesByKind(site);
      assert.ok(pages.length >= 25, `only ${pages.length} page kinds found on ${site}`);
      const folder = join(RUN, site);
      mkdirSync(folder, { recursive: true });
      const sideways = [];
      for (const { kind, path } of pages) {
        // One load per page, then the window is resized: the layout follows the width as a
        // visitor turning a tablet sees it, and the run spends its time on the checks, not
        // on four loads of each page.
        await page.setViewportSize({ width: NARROWEST, height: 900 });
        await page.goto(siteUrl(site, path), { waitUntil: 'load' });
        await page.waitForLoadState('networkidle').catch(() => {});
        for (const width of [NARROWEST, ...WIDTHS]) {
          await page.setViewportSize({ width, height: 900 });
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) sideways.push(`${path} (${kind}) at ${width} px: ${scrollWidth} px wide — ${(await page.evaluate(sidewaysCulprits)).join(', ')}`);
          if (width === NARROWEST) continue;
          const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), MAX_HEIGHT);
          await saveForReview(page, join(folder, `${kind}-${width}`), { fullPage: true, clip: { x: 0, y: 0, width, height } });
        }
      }
      console.log(`screenshots: ${pages.length} page kinds × ${WIDTHS.length} widths in ${folder}`);
      assert.deepEqual(sideways, [], 'pages that scroll sideways');
    }));
}

test('no text of a cinema schedule overflows its box, on a phone and on a desktop', (t) =>
  browser.page(t, async (page) => {
    const cinema = pagesByKind('fr').find((p) => p.kind === 'cinema');
    assert.ok(cinema, 'a cinema page');
    for (const width of [NARROWEST, 375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(siteUrl('fr', cinema.path), { waitUntil: 'load' });
      const overflowing = await page.evaluate(() => {
        const boxes = document.querySelectorAll('section.day h3, li.schedule-show, li.schedule-show h4, li.schedule-show .version, li.st, li.st a, li.st .badge, li.st .state, .schedule-tools a, .schedule-tools button');
        const out = [];
        for (const el of boxes) {
          const style = getComputedStyle(el);
          if (style.display === 'none' || el.closest('[hidden]')) continue;
          // An inline box has no client width: only whether it leaves the window counts.
          const clipped = style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'visible';
          const outside = el.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
          if (clipped || outside) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 30)}"`);
        }
        return out.slice(0, 10);
      });
      assert.deepEqual(overflowing, [], `schedule text overflowing at ${width} px`);
    }
  }));
