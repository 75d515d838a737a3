// Favourite cinemas beyond the site's limit (FR: 5): a signed-in client adds five from
// their pages; the sixth is refused with a warning alert carrying the number 5, and its
// button stays "add".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, signInDirectly, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

/** Spec §6, §9: favourite cinemas a client of the FR (or NL) site may keep. */
const FR_LIMIT = 5;

test(`a sixth favourite cinema is refused with a warning carrying the limit (${FR_LIMIT})`, (t) =>
  browser.page(t, async (page) => {
    const cinemas = (await cinemaLinks(page, 'fr')).slice(0, FR_LIMIT + 1);
    assert.equal(cinemas.length, FR_LIMIT + 1, 'the demo has enough cinemas');
    await signInDirectly(page, 'fr');

    for (const [i, cinema] of cinemas.entries()) {
      await page.goto(siteUrl('fr', cinema.path));
      const button = page.locator('[data-island=favourite] .favourite-button');
      // The session is known (the first stage asked): an anonymous click would ask to sign in.
      await page.locator('header.site-header button.avatar').waitFor();
      assert.match(await button.innerText(), /Ajouter aux cinémas favoris/);
      await button.click();
      if (i < FR_LIMIT) {
        await page.locator('[data-island=favourite] .favourite-button.is-on').waitFor();
        assert.match(await button.innerText(), /Retirer des cinémas favoris/);
        // Saved, not only shown: the page, loaded again, shows it before any interaction.
        await page.reload();
        await page.locator('[data-island=favourite] .favourite-button.is-on').waitFor();
      } else {
        const alert = page.locator('.alerts .alert.alert-warning');
        await alert.waitFor();
        const text = await alert.innerText();
        assert.match(text, new RegExp(`\\b${FR_LIMIT}\\b`), `the alert carries the limit: "${text}"`);
        await page.locator('[data-island=favourite] .favourite-button:not(.is-on)').waitFor();
        assert.match(await button.innerText(), /Ajouter aux cinémas favoris/, 'the sixth is not a favourite');
      }
    }
  }));
