// Every page kind of every site (not only fr and nl), on a phone (375 px): axe-core finds no
// serious or critical violation, and no visible text is under 12 px (Lighthouse's "legible
// font sizes"). Pages come from the generated output (SITE_OUT); the 404 and 410 pages at
// addresses that give them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeViolations, followNetwork, pagesByKind, seriousViolations, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();

/** Each site's default language (site::Site::default_language). */
const SITES = { fr: 'fr', ch: 'fr', be: 'fr', nl: 'nl', tn: 'fr', sn: 'fr', ci: 'fr', ma: 'fr' };
// Aliases render the same template as a kind already covered.
const SKIP_KINDS = new Set(['notfoundalias', 'helparticlebyid']);
const PHONE = { width: 375, height: 812 };
const MIN_FONT_PX = 12;

/** Visible elements with text of their own under the minimum size, described. */
const smallText = (min) =>
  [...document.querySelectorAll('body *')]
    .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
    .filter((el) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Visually hidden text (1 px clip) is for screen readers, not read at any size.
      return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && parseFloat(style.fontSize) < min;
    })
    .slice(0, 5)
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 30)}" ${getComputedStyle(el).fontSize}`);

for (const [site, lang] of Object.entries(SITES)) {
  test(`${site}: every page kind on a phone — axe finds nothing serious, no text under ${MIN_FONT_PX} px`, (t) =>
    browser.page(t, { viewport: PHONE, isMobile: true, hasTouch: true }, async (page) => {
      const pages = pagesByKind(site, lang, SKIP_KINDS);
      assert.ok(pages.length >= 20, `only ${pages.length} page kinds found on ${site}`);
      assert.ok(pages.some((p) => p.kind === 'notfound'), `${site}: the 404 page is covered`);
      const problems = [];
      for (const { kind, path } of pages) {
        const network = followNetwork(page);
        await page.goto(siteUrl(site, path));
        await waitForIslands(page, network);
        const violations = await seriousViolations(page);
        if (violations.length) problems.push(`${site} ${path} (${kind}): axe\n${describeViolations(violations)}`);
        const small = await page.evaluate(smallText, MIN_FONT_PX);
        if (small.length) problems.push(`${site} ${path} (${kind}): text under ${MIN_FONT_PX} px: ${small.join('; ')}`);
      }
      console.log(`${site}: ${pages.length} page kinds checked, ${problems.length} with problems`);
      assert.deepEqual(problems, []);
    }));
}
