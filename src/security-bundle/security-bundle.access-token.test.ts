import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { MemorySession } from '../security/test-support/memory-session.ts';
import type { AccessTokenHandler } from '../security/access-token/access-token-handler.ts';
import { JwtAccessTokenHandler } from '../security/access-token/jwt-access-token-handler.ts';
import { browse, logIn, securedKernel } from './test-support/secured-kernel.ts';

const tokens: AccessTokenHandler = { userIdentifierFrom: async (token) => ({ 'ada-token': 'ada', 'bob-token': 'bob', 'ghost-token': 'ghost' } as Record<string, string>)[token] };
const secret = 'a-secret-of-at-least-thirty-two-bytes!';
const jwt = (claims: Record<string, unknown>, expires = '5m'): Promise<string> =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expires).sign(new TextEncoder().encode(secret));

describe('SecurityBundle with access tokens under /api', () => {
  const kernel = securedKernel({ formLogin: true, accessToken: { handlers: [tokens, new JwtAccessTokenHandler({ key: secret })] } });

  it('answers an API request without a token with a 401 problem+json and WWW-Authenticate: Bearer', async () => {
    const response = await kernel.request(browse('/api/admin'));
    assert.deepEqual([response.statusCode, response.headers.get('WWW-Authenticate'), response.headers.get('Content-Type')], [401, 'Bearer', 'application/problem+json']);
    assert.equal(JSON.parse(String(response.content)).status, 401);
  });

  it('answers a refused token with error="invalid_token"', async () => {
    const response = await kernel.request(browse('/api/admin', undefined, 'GET', { authorization: 'Bearer nope' }));
    assert.deepEqual([response.statusCode, response.headers.get('WWW-Authenticate')], [401, 'Bearer error="invalid_token"']);
    assert.ok(kernel.lines().includes('security.INFO: Authentication request failed.'));
  });

  it('lets a stored token of a user with the role through', async () => {
    const response = await kernel.request(browse('/api/admin', undefined, 'GET', { authorization: 'Bearer ada-token' }));
    assert.deepEqual([response.statusCode, response.content], [200, 'admin area']);
  });

  it('refuses a token of a user without the role with a 403', async () => {
    assert.equal((await kernel.request(browse('/api/admin', undefined, 'GET', { authorization: 'Bearer bob-token' }))).statusCode, 403);
  });

  it('refuses a token whose user no longer exists', async () => {
    assert.equal((await kernel.request(browse('/api/admin', undefined, 'GET', { authorization: 'Bearer ghost-token' }))).statusCode, 401);
  });

  it('accepts a signed JWT naming the user in `sub`, and refuses an expired or forged one', async () => {
    const valid = await jwt({ sub: 'ada' });
    assert.equal((await kernel.request(browse('/api/admin', undefined, 'GET', { authorization: `Bearer ${valid}` }))).statusCode, 200);
    const expired = await jwt({ sub: 'ada' }, '-1m');
    assert.equal((await kernel.request(browse('/api/admin', undefined, 'GET', { authorization: `Bearer ${expired}` }))).statusCode, 401);
    const forged = `${valid.slice(0, valid.lastIndexOf('.'))}.${Buffer.from('forged').toString('base64url')}`;
    assert.equal((await kernel.request(browse('/api/admin', undefined, 'GET', { authorization: `Bearer ${forged}` }))).statusCode, 401);
  });

  it('ignores the session login on the API: it is stateless', async () => {
    const session = new MemorySession();
    await logIn(kernel, session, 'ada', 'ada-pass');
    assert.equal((await kernel.request(browse('/admin', session))).statusCode, 200);
    assert.equal((await kernel.request(browse('/api/admin', session))).statusCode, 401);
  });

  it('keeps the form login for the rest of the site', async () => {
    const response = await kernel.request(browse('/admin', undefined, 'GET', { authorization: 'Bearer ada-token' }));
    assert.deepEqual([response.statusCode, response.headers.get('Location')], [302, 'http://localhost/login']);
  });
});
