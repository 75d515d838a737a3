// The whole sign-in journey against a certified OpenID provider nobody here wrote (the npm
// `oidc-provider`, ./oidc-provider.mjs), configured for the Belgian site only: runtime-api is
// started with `identity.sites.be.issuer` pointing at it (scripts/test writes that file), the
// other sites keep the dev provider. Sign in through the frame, the avatar, a reload keeping
// the session silently, a real access-token expiry and its refresh, sign-out; and the API
// accepting this provider's access tokens and refusing them for another audience.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { siteUrl, useBrowser, islandIn } from './support.mjs';
import { CLIENT_ID, loginInFrame, startOidcProvider } from './oidc-provider.mjs';

const browser = useBrowser();
const SITE_PORT = Number(new URL(siteUrl('be', '/')).port || 80);
/** Where scripts/test told runtime-api the Belgian site's provider is. */
const OIDC_PORT = Number(process.env.OIDC_PORT || SITE_PORT + 1);
/** Short enough to expire during the test: with the 60 s leeway, usable for 4 s. */
const ACCESS_TOKEN_TTL = 64;

let op;
before(async () => {
  op = await startOidcProvider({ sitePort: SITE_PORT, siteHost: 'be.localhost', port: OIDC_PORT, accessTokenTtl: ACCESS_TOKEN_TTL });
});
after(async () => {
  await op?.stop();
});

/** A request to a `*.localhost` address through the loopback (node does not resolve them). */
function localRequest(method, url, { headers = {}, body } = {}) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: target.port || 80, path: target.pathname + target.search, method, headers: { Host: target.host, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text }));
      },
    );
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('lumen.auth') ?? 'null'));

async function signIn(page, login) {
  await page.goto(siteUrl('be', '/fr'));
  const account = page.locator('header.site-header nav.account');
  await islandIn(account.locator('.sign-in'));
  await account.locator('.sign-in').first().click();
  await page.getByRole('dialog').locator('button.button').first().click();
  const iframe = page.locator('iframe.identity-frame');
  await iframe.waitFor();
  const src = new URL(await iframe.getAttribute('src'));
  assert.equal(src.origin, op.issuer, 'the frame shows the certified provider');
  await loginInFrame(page.frameLocator('iframe.identity-frame'), login);
  await account.locator('button.avatar').waitFor();
  await iframe.waitFor({ state: 'detached' });
  return account;
}

test('sign in, reload, token expiry and refresh, sign-out — against oidc-provider', (t) =>
  browser.page(t, async (page) => {
    // The site's console only: the provider's own pages (its dev form loads web fonts the
    // closed network refuses) are not ours to judge.
    const trouble = [];
    const siteOrigin = new URL(siteUrl('be', '/')).origin;
    page.on('console', (m) => m.type() === 'error' && (m.location().url ?? '').startsWith(siteOrigin) && trouble.push(`console: ${m.text()} (${m.location().url})`));
    const account = await signIn(page, 'marie.curie');
    const initials = (await account.locator('button.avatar [aria-hidden=true]').textContent())?.trim();
    assert.equal(initials, 'CM', 'the avatar shows the names the provider gave');
    const first = await stored(page);
    assert.equal(first.provider.issuer, op.issuer);
    assert.ok(first.refreshToken, 'a refresh token');

    // A reload keeps the session silently.
    const tokenCalls = [];
    page.on('request', (r) => r.url().startsWith(op.issuer) && r.method() === 'POST' && tokenCalls.push(r.postData() ?? ''));
    await page.reload();
    await account.locator('button.avatar').waitFor();

    // The access token expires for real; the next page renews it with the refresh token.
    await page.waitForTimeout((ACCESS_TOKEN_TTL - 60 + 1) * 1000);
    await page.reload();
    await account.locator('button.avatar').waitFor();
    assert.ok(tokenCalls.some((body) => body.includes('grant_type=refresh_token')), 'a refresh grant');
    const second = await stored(page);
    assert.notEqual(second.accessToken, first.accessToken);
    assert.notEqual(second.refreshToken, first.refreshToken, 'rotated');

    // Sign-out: the provider's end-session, back to the site, anonymous.
    await account.locator('button.avatar').click();
    await page.getByRole('dialog').locator('button').filter({ hasText: /déconnecter/i }).click();
    await page.waitForURL((url) => url.host === new URL(siteUrl('be', '/')).host && !url.pathname.includes('callback'));
    await account.locator('.sign-in').first().waitFor();
    assert.equal(await stored(page), null);
    // The provider's session is over too: its old refresh token is refused.
    const refused = await localRequest('POST', `${op.issuer}/token`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: second.refreshToken, client_id: CLIENT_ID }).toString(),
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(trouble, []);
  }));

test('the API accepts the certified provider\'s access tokens, and refuses them for another audience', (t) =>
  browser.page(t, async (page) => {
    await signIn(page, 'ada.lovelace');
    const mine = (await stored(page)).accessToken;
    const me = (token) => localRequest('GET', siteUrl('be', '/api/accounts/me?language=fr'), { headers: { Authorization: `Bearer ${token}` } });
    const ok = await me(mine);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(JSON.parse(ok.text).email, 'ada.lovelace@example.org');

    // A token of the same provider for another API (resource indicator): the provider's
    // session gives it at once (prompt=none); the site's callback is intercepted to read the code.
    const verifier = randomBytes(32).toString('base64url');
    const redirect = siteUrl('be', '/fr/callback');
    const authorize = new URL(`${op.issuer}/auth`);
    for (const [k, v] of Object.entries({
      response_type: 'code', client_id: CLIENT_ID, redirect_uri: redirect, scope: 'openid', state: 'other', prompt: 'none',
      resource: 'urn:other:api', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
    })) authorize.searchParams.set(k, v);
    // The site's callback page receives it (and refuses it: no sign-in of its own asked for
    // this state), so the code is still unused.
    const seen = page.waitForRequest((r) => new URL(r.url()).pathname === '/fr/callback');
    await page.goto(authorize.toString());
    const callback = (await seen).url();
    const code = new URL(callback).searchParams.get('code');
    assert.ok(code, `a code for the other API: ${callback}`);
    const answer = await localRequest('POST', `${op.issuer}/token`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: CLIENT_ID, code_verifier: verifier, resource: 'urn:other:api' }).toString(),
    });
    assert.equal(answer.status, 200, answer.text);
    const other = JSON.parse(answer.text).access_token;
    const payload = JSON.parse(Buffer.from(other.split('.')[1], 'base64url').toString());
    assert.equal(payload.aud, 'other-api');
    const refused = await me(other);
    assert.equal(refused.status, 401, refused.text);
    assert.match(JSON.parse(refused.text).error, /audience|token/);
  }));
