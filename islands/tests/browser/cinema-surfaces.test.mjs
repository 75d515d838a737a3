// Issue 13, the cinema page's surfaces: the cinema with an alert (the API's `/alerts` names
// it) at 375, 768 and 1280 px — the alert is visible, the service and info accordions open
// and close on a click with JavaScript off (plain `<details>`), the e-cards' buy links are
// links; axe finds nothing serious in them with every accordion open; no layout shift.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeViolations, followLayoutShifts, followNetwork, layoutShifts, seriousViolations, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();

/** The first FR cinema an alert of the API names, with the alert's message (asked by the
 * browser: Node does not resolve *.localhost). */
async function alertedCinema(page) {
  const response = await page.goto(siteUrl('fr', '/api/alerts?language=fr'));
  assert.equal(response.status(), 200, '/api/alerts answers');
  const { cinemaAlerts = [] } = JSON.parse(await response.text());
  const alert = cinemaAlerts.find((a) => !a.allCinemas && a.cinemas?.length);
  assert.ok(alert, 'the demo has an alert for a cinema');
  return { slug: alert.cinemas[0], message: alert.message, warning: !!alert.warning };
}

for (const width of [375, 768, 1280]) {
  test(`cinema page at ${width} px: alert, accordions without JavaScript, e-cards; axe clean, no layout shift`, async (t) => {
    await browser.page(t, { viewport: { width, height: 900 } }, async (page, context) => {
      const { slug, message, warning } = await alertedCinema(page);
      await followLayoutShifts(context);
      const network = followNetwork(page);
      await page.goto(siteUrl('fr', `/cinemas/${slug}`));
      await waitForIslands(page, network);
      const alert = page.locator('.cinema-alerts .cinema-alert').first();
      assert.ok(await alert.isVisible(), 'the alert is visible');
      assert.equal((await alert.locator('span:not(.visually-hidden)').textContent()).trim(), message);
      assert.equal(await alert.evaluate((el) => el.classList.contains('is-warning')), warning);
      const { total, shifts } = await layoutShifts(page);
      assert.ok(total <= 0.02, `layout shift ${total.toFixed(3)}: ${JSON.stringify(shifts)}`);

      const accordions = page.locator('.cinema-practical > details');
      const count = await accordions.count();
      assert.ok(count >= 2, `${count} accordions (itinerary, services)`);
      for (let i = 0; i < count; i++) {
        const details = accordions.nth(i);
        assert.equal(await details.evaluate((d) => d.open), false, 'closed at first');
        await details.locator('summary').click();
        assert.equal(await details.evaluate((d) => d.open), true, 'a click opens it');
      }
      // The surfaces of this test (the schedule has tests of its own).
      for (const region of ['.cinema-alerts', '.info-grid', '.cinema-ecards']) {
        const found = await seriousViolations(page, region);
        assert.equal(found.length, 0, `${region}: ${describeViolations(found)}`);
      }
      await accordions.first().locator('summary').click();
      assert.equal(await accordions.first().evaluate((d) => d.open), false, 'a second click closes it');

      const buy = page.locator('.cinema-ecards .card a.button');
      assert.ok((await buy.count()) > 0, 'e-cards with a way to buy');
      assert.match(await buy.first().getAttribute('href'), /^(https?:\/\/|\/)/);
    });
  });
}

test('cinema page without JavaScript: the accordions still open', async (t) => {
  await browser.page(t, { javaScriptEnabled: false }, async (page) => {
    const { slug } = await alertedCinema(page);
    await page.goto(siteUrl('fr', `/cinemas/${slug}`));
    const services = page.locator('.cinema-practical details.services');
    assert.equal(await services.getAttribute('open'), null);
    await services.locator('summary').click();
    assert.equal(await services.getAttribute('open'), '');
    assert.ok(await services.locator('.service-list li').first().isVisible());
  });
});
