// Signing in for real (spec §4, §5, §8, §9), against the dev identity provider that
// `scripts/run` serves: a standard OpenID provider under /identity on each site's own host,
// so these journeys take exactly the production code path (authorization code with PKCE,
// the site's callback page, refresh tokens, the provider's sign-out). The same journey
// against a certified provider nobody here wrote is oidc-provider.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, freshEmail, showLink, signInDirectly, siteUrl, useBrowser, waitForIslands, followNetwork, wakeEveryIsland, islandIn } from './support.mjs';

const browser = useBrowser();

/** Console errors and failed or refused requests of a page, from its first request on. */
function followTrouble(page) {
  const trouble = [];
  page.on('console', (m) => m.type() === 'error' && trouble.push(`console: ${m.text()}`));
  // ERR_ABORTED is a request the browser cancelled because the page went away (the test's own
  // reload stopping the first load's favicon), not one that failed.
  page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && trouble.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && trouble.push(`${r.status()}: ${r.url()}`));
  return trouble;
}

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('lumen.auth') ?? 'null'));

test('a visitor who never signed in causes no failed request and no console error (home, cinema, show)', (t) =>
  browser.page(t, async (page) => {
    const cinema = (await browser.discover((p) => cinemaLinks(p, 'fr')))[0].path;
    const show = await browser.discover((p) => showLink(p, 'fr'));
    const trouble = followTrouble(page);
    const identityCalls = [];
    page.on('request', (r) => /\/identity\/|\/api\/accounts\/|\/api\/webview/.test(r.url()) && identityCalls.push(r.url()));
    for (const path of ['/', cinema, show]) {
      const network = followNetwork(page);
      await page.goto(siteUrl('fr', path));
      await waitForIslands(page, network);
      // Every island's interactive part too, as a visitor's first click would load it.
      await wakeEveryIsland(page);
      await network.quiet();
    }
    assert.deepEqual(trouble, [], 'no console error, no failed request');
    assert.deepEqual(identityCalls, [], 'an anonymous visitor asks nobody about a session');
  }));

test('sign in through the frame: the code flow with PKCE, the avatar, a silent reload, a refreshed token, sign-out', (t) =>
  browser.page(t, async (page) => {
    const trouble = followTrouble(page);
    await page.goto(siteUrl('fr', '/'));
    const account = page.locator('header.site-header nav.account');
    await islandIn(account.getByText('Se connecter'));
    await account.getByText('Se connecter').click();
    const popin = page.getByRole('dialog');
    await popin.getByRole('button', { name: 'Se connecter' }).click();

    // The provider's authorization request, in a frame over the page.
    const iframe = page.locator('iframe.identity-frame');
    await iframe.waitFor();
    const src = new URL(await iframe.getAttribute('src'));
    assert.equal(src.origin + src.pathname, siteUrl('fr', '/identity/authorize'));
    assert.equal(src.searchParams.get('response_type'), 'code');
    assert.equal(src.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(src.searchParams.get('redirect_uri'), siteUrl('fr', '/callback'));
    assert.equal(src.searchParams.get('ui_locales'), 'fr');

    const frame = page.frameLocator('iframe.identity-frame');
    await frame.getByLabel('Adresse e-mail').fill(freshEmail());
    await frame.getByRole('button', { name: 'Se connecter' }).click();

    // The callback page in the frame finishes the sign-in: the frame closes, the avatar shows.
    const avatar = account.locator('button.avatar');
    await avatar.waitFor();
    await iframe.waitFor({ state: 'detached' });
    const first = await stored(page);
    assert.ok(first?.refreshToken && first.accessToken, 'tokens kept');

    // A reload keeps the session silently (the cached token: no request to the provider).
    const tokenCalls = [];
    page.on('request', (r) => r.url().endsWith('/identity/token') && tokenCalls.push(r.postData() ?? ''));
    await page.reload();
    await avatar.waitFor();
    assert.equal(tokenCalls.length, 0, 'a fresh access token is reused');

    // An access token past its time (less the 60 s leeway) is renewed with the refresh
    // token, which the provider rotates.
    await page.evaluate(() => {
      const r = JSON.parse(localStorage.getItem('lumen.auth'));
      r.expiresAt = Date.now() + 30_000;
      localStorage.setItem('lumen.auth', JSON.stringify(r));
    });
    await page.reload();
    await avatar.waitFor();
    assert.equal(tokenCalls.length, 1, 'one refresh');
    assert.match(tokenCalls[0], /grant_type=refresh_token/);
    const second = await stored(page);
    assert.notEqual(second.refreshToken, first.refreshToken, 'the refresh token is rotated');
    assert.notEqual(second.accessToken, first.accessToken);

    // Sign-out: the API, then the provider's end-session page, back to the site's origin.
    await avatar.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.origin === new URL(siteUrl('fr', '/')).origin && url.pathname === '/');
    await account.getByText('Se connecter').waitFor();
    assert.equal(await stored(page), null, 'nothing kept');
    assert.deepEqual(trouble, [], 'no console error, no failed request');
  }));

test('"Se connecter" clicked while the islands are still loading opens the pop-in once they are in', (t) =>
  browser.page(t, async (page) => {
    // The label book held until the click is made: the header island cannot have mounted.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/assets\/islands\/labels-fr\.[0-9a-f]{16}\.json$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl('fr', '/'));
    const account = page.locator('header.site-header nav.account');
    assert.equal(await page.locator('[data-island=header]').getAttribute('data-mounted'), null, 'the header is not in yet');
    await account.getByText('Se connecter').click();
    release();
    const popin = page.getByRole('dialog');
    await popin.getByRole('button', { name: 'Se connecter' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/', 'the link was held, not followed');
  }));

test('the callback refuses a state it does not know ("Invalid state") and goes to /', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/callback?code=forged&state=forged'));
    await page.waitForURL((url) => url.pathname === '/');
    const error = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lumen.auth.error') ?? 'null'));
    assert.equal(error?.message, 'Invalid state');
    assert.equal(await stored(page), null);
  }));

test('an ID token whose nonce is not the request\'s is refused: no session', (t) =>
  browser.page(t, async (page) => {
    await page.goto(siteUrl('fr', '/'));
    const account = page.locator('header.site-header nav.account');
    await islandIn(account.getByText('Se connecter'));
    await account.getByText('Se connecter').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Se connecter' }).click();
    await page.locator('iframe.identity-frame').waitFor();
    // The request's nonce, changed where the callback will read it.
    await page.evaluate(() => {
      const all = JSON.parse(localStorage.getItem('lumen.auth.tx'));
      for (const tx of Object.values(all)) tx.nonce = 'not-the-one-sent';
      localStorage.setItem('lumen.auth.tx', JSON.stringify(all));
    });
    const frame = page.frameLocator('iframe.identity-frame');
    await frame.getByLabel('Adresse e-mail').fill(freshEmail());
    await frame.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForFunction(() => sessionStorage.getItem('lumen.auth.error') !== null || localStorage.getItem('lumen.auth') !== null);
    assert.equal(await stored(page), null, 'no session from that token');
    assert.equal(await account.locator('button.avatar').count(), 0);
  }));

test('login_required from a silent sign-in leaves the visitor anonymous, quietly', (t) =>
  browser.page(t, async (page) => {
    const trouble = followTrouble(page);
    // A sign-in kept without a refresh token, whose provider session is gone: the page asks
    // with prompt=none in a hidden frame and hears login_required.
    await page.goto(siteUrl('fr', '/'));
    const provider = await page.evaluate(() => fetch('/api/webview?language=fr').then((r) => r.json()).then((a) => a.provider));
    await page.evaluate((p) => localStorage.setItem('lumen.auth', JSON.stringify({ v: 1, provider: p, sub: 'gone', checkedAt: Date.now() })), provider);
    const network = followNetwork(page);
    await page.reload();
    await waitForIslands(page, network);
    await page.waitForFunction(() => localStorage.getItem('lumen.auth') === null);
    await page.locator('header.site-header nav.account').getByText('Se connecter').waitFor();
    assert.deepEqual(trouble, [], 'no console error, no failed request');
  }));

test('when the provider cannot be reached, signing in says so in an alert, and nothing is retried', (t) =>
  browser.page(t, async (page) => {
    // scripts/test gives the Swiss site a provider nobody answers for.
    const webview = [];
    page.on('request', (r) => r.url().includes('/api/webview') && webview.push(r.url()));
    await page.goto(siteUrl('ch', '/fr'));
    const account = page.locator('header.site-header nav.account');
    await islandIn(account.locator('.sign-in'));
    await account.locator('.sign-in').first().click();
    await page.getByRole('dialog').locator('button.button').first().click();
    const alert = page.locator('.alerts .alert.alert-warning');
    await alert.waitFor();
    assert.match(await alert.innerText(), /service de connexion ne répond pas/);
    assert.equal(await page.locator('iframe.identity-frame').count(), 0, 'no frame');
    await page.waitForTimeout(1500);
    assert.equal(webview.length, 1, 'asked once, not in a loop');
    // The page itself still works as for an anonymous visitor.
    assert.equal(await account.locator('button.avatar').count(), 0);
  }));
