// Signing in from the header: "Se connecter" → the sign-in pop-in → the dev identity
// provider's frame → the form submitted → the header shows the client's initials.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshEmail, siteUrl, useBrowser } from './support.mjs';

const browser = useBrowser();

test('signing in through the identity frame shows the avatar in the header', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/'));
    const account = page.locator('header.site-header nav.account');
    await account.getByText('Se connecter').click();

    const popin = page.getByRole('dialog');
    await popin.waitFor();
    assert.match(await popin.getAttribute('class'), /dialog-popin/);
    await popin.getByRole('button', { name: 'Se connecter' }).click();

    // The identity frame, served by the API under /identity/.
    const iframe = page.locator('iframe.identity-frame');
    await iframe.waitFor();
    const src = new URL(await iframe.getAttribute('src'), page.url());
    assert.match(src.pathname, /^\/identity\//);
    assert.equal(src.searchParams.get('site'), 'fr');
    assert.equal(src.searchParams.get('return'), '/');

    const frame = page.frameLocator('iframe.identity-frame');
    await frame.getByLabel('Adresse e-mail').fill(freshEmail());
    await frame.getByRole('button', { name: 'Se connecter' }).click();

    // The frame reports success: it closes, and the header shows the client's avatar.
    const avatar = account.locator('button.avatar');
    await avatar.waitFor();
    await iframe.waitFor({ state: 'detached' });
    assert.equal(await account.getByText('Se connecter').count(), 0, 'the sign-in link is gone');
    const initials = (await avatar.locator('[aria-hidden=true]').textContent().catch(() => '')) ?? '';
    const photo = await avatar.locator('img').count();
    assert.ok(photo > 0 || /^\p{Lu}{1,2}$/u.test(initials.trim()), `the avatar shows a photo or initials, got "${initials}"`);

    // Still signed in on the next page, before any interaction (the first stage shows it).
    await page.reload();
    await account.locator('button.avatar').waitFor();
  }));
