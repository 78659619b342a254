import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LogoutHandler } from './logout-handler.ts';
import { TokenStorage } from './token-storage.ts';
import { CsrfTokenManager } from '../csrf/csrf-token-manager.ts';
import { logoutOptions } from '../../security-bundle/security-config.ts';
import { MemorySession } from '../test-support/memory-session.ts';
import { requestWithSession } from '../test-support/fixture.ts';

describe('LogoutHandler', () => {
  it('invalidates the session and redirects to the target', async () => {
    const session = new MemorySession({ _security_main: { identifier: 'ada' } });
    const response = await new LogoutHandler(new TokenStorage(), logoutOptions({ target: '/bye' })).logout(requestWithSession('/logout', 'GET', session));
    assert.deepEqual([session.invalidations, session.data.get('_security_main'), response.headers.get('Location')], [1, undefined, 'http://localhost/bye']);
  });

  it('leaves the rest of the request anonymous', async () => {
    const tokens = new TokenStorage();
    const request = requestWithSession('/logout');
    await new LogoutHandler(tokens, logoutOptions(true)).logout(request);
    assert.equal((tokens.get(request) as { isAuthenticated: boolean }).isAuthenticated, false);
  });

  it('refuses a logout link without its CSRF token when one is required', async () => {
    const csrf = new CsrfTokenManager('kernel-secret');
    const session = new MemorySession();
    const handler = new LogoutHandler(new TokenStorage(), logoutOptions({ csrfTokenId: 'logout' }), csrf);
    await assert.rejects(handler.logout(requestWithSession('/logout', 'GET', session)), { statusCode: 403, message: 'Invalid CSRF token.' });
    assert.equal(session.invalidations, 0);
    await handler.logout(requestWithSession(`/logout?_csrf_token=${await csrf.getToken(session, 'logout')}`, 'GET', session));
    assert.equal(session.invalidations, 1);
  });
});
