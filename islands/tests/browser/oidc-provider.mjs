// A certified OpenID provider nobody here wrote (the npm `oidc-provider`), started by the
// tests on loopback with a small configuration, so the sites' sign-in is shown to work with a
// standard provider and not only with our own dev provider.
//
// It serves `http://{siteHost}:{port}`: same site as the site under test (sites ignore
// ports), so its SameSite=Lax cookies work inside the site's sign-in frame — as a real
// deployment does with a custom domain of the provider (id.example.fr for www.example.fr).

import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

/** The API's audience (resource server), as runtime-api expects it. */
export const AUDIENCE = 'lumen-api';
export const CLIENT_ID = 'lumen-web';
/** Another API: tokens for it must be refused by runtime-api. */
export const OTHER_AUDIENCE = 'other-api';
const API_RESOURCE = 'urn:lumen:api';
const OTHER_RESOURCE = 'urn:other:api';

/** "marie.curie" → Marie / Curie; anything else gets its own name. */
function namesOf(login) {
  const [given = login, family = 'Client'] = login.split('@')[0].split(/[._-]+/);
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  return { given_name: cap(given), family_name: cap(family) };
}

const claimsOf = (login) => ({
  sub: `op-${login}`,
  email: login.includes('@') ? login : `${login}@example.org`,
  email_verified: true,
  ...namesOf(login),
});

/**
 * Starts the provider. `sitePort`: the port the site is served on; `siteHost`: its host
 * (`be.localhost`); `port`: this provider's (0 = any free one); `accessTokenTtl` in seconds.
 * Returns `{ issuer, port, stop() }`.
 */
export async function startOidcProvider({ sitePort, siteHost = 'be.localhost', port = 0, accessTokenTtl = 300 } = {}) {
  const site = `http://${siteHost}:${sitePort}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = server.address().port;
  const issuer = `http://${siteHost}:${actualPort}`;

  const resourceServer = (indicator) =>
    indicator === OTHER_RESOURCE
      ? { scope: 'openid', audience: OTHER_AUDIENCE, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }
      : { scope: 'openid profile email offline_access', audience: AUDIENCE, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: ['fr', 'en', 'de', 'nl'].flatMap((lang) => [`${site}/${lang}/callback`]).concat(`${site}/callback`),
        post_logout_redirect_uris: [`${site}/`, site],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The visitor already chose to sign out on the site: no second question.
        logoutSource: async (ctx, form) => {
          ctx.body = `<!doctype html><html><body>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}<script>document.forms[0].submit()</script></body></html>`;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? API_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => resourceServer(indicator),
      },
    },
    // The API's own claims in its access token (what Auth0 Actions or Keycloak mappers add).
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const { email, given_name, family_name } = claimsOf(token.accountId);
      return { email, given_name, family_name };
    },
    // A first-party client: no consent screen, the grant covers what it asks.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(API_RESOURCE, 'openid profile email offline_access');
      grant.addResourceScope(OTHER_RESOURCE, 'openid');
      await grant.save();
      return grant;
    },
    // Refresh tokens for the site's public client without `prompt=consent` (which
    // oidc-provider otherwise requires for offline_access), rotated at each use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => origin === site,
    ttl: { AccessToken: accessTokenTtl, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 86400, Grant: 86400, Session: 86400, Interaction: 600 },
  });
  // Quiet: the provider's own warnings about development features are expected here.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error));
  server.on('request', provider.callback());
  return {
    issuer,
    port: actualPort,
    provider,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Fills and sends oidc-provider's dev sign-in form (any login and password) in `frame`. */
export async function loginInFrame(frame, login) {
  await frame.locator('input[name=login]').fill(login);
  await frame.locator('input[name=password]').fill('any-password');
  await frame.locator('button[type=submit]').click();
}
