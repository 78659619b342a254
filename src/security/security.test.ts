import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Security } from './security.ts';
import { Token } from './authentication/token.ts';
import { TokenStorage } from './authentication/token-storage.ts';
import type { Authenticator } from './authentication/authenticator.ts';
import { AccessDecisionManager } from './authorization/access-decision-manager.ts';
import { RoleVoter } from './authorization/voter/role-voter.ts';
import { AuthenticatedVoter } from './authorization/voter/authenticated-voter.ts';
import { InMemoryUser } from './user/in-memory-user.ts';
import { Logger } from '../log/logger.ts';
import { TestHandler } from '../log/test-handler.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';

const ada = new InMemoryUser('ada', undefined, ['ROLE_ADMIN']);

/** An authenticator that recognises requests carrying `x-user: ada`, counting its calls. */
function headerAuthenticator(): Authenticator & { calls: number } {
  return {
    calls: 0,
    async authenticate(request) {
      this.calls++;
      return request.headers.get('x-user') === 'ada' ? Token.authenticated(ada, 'header', request.headers.get('x-level') === 'remembered' ? 'remembered' : 'full') : undefined;
    },
  };
}

function security(authenticator = headerAuthenticator(), entryPoint = { start: () => new Response('', 302, { Location: '/login' }) }): { security: Security; logs: TestHandler } {
  const logs = new TestHandler();
  const decisionManager = new AccessDecisionManager([new AuthenticatedVoter(), new RoleVoter()]);
  return { security: new Security({ tokens: new TokenStorage(), authenticators: [authenticator], decisionManager, entryPoint, logger: new Logger('security', [logs]) }), logs };
}

const request = (user?: string, level?: string): Request =>
  Request.create('/', 'GET', { headers: { ...(user && { 'x-user': user }), ...(level && { 'x-level': level }) } });

describe('Security', () => {
  it('asks no authenticator until something needs the token', async () => {
    const authenticator = headerAuthenticator();
    security(authenticator);
    assert.equal(authenticator.calls, 0);
  });

  it('resolves the token once per request', async () => {
    const authenticator = headerAuthenticator();
    const { security: s } = security(authenticator);
    const r = request('ada');
    await Promise.all([s.getUser(r), s.isGranted(r, 'ROLE_ADMIN'), s.getToken(r)]);
    assert.equal(authenticator.calls, 1);
  });

  it('keeps each request its own user', async () => {
    const { security: s } = security();
    const [first, second] = await Promise.all([s.getUser(request('ada')), s.getUser(request())]);
    assert.deepEqual([first?.identifier, second], ['ada', undefined]);
  });

  it('gives an anonymous token when no authenticator recognises the client', async () => {
    const { security: s } = security();
    assert.equal((await s.getToken(request())).level, 'anonymous');
  });

  it('grants by the voters', async () => {
    const { security: s } = security();
    assert.deepEqual([await s.isGranted(request('ada'), 'ROLE_ADMIN'), await s.isGranted(request('ada'), ['ROLE_SUPER_ADMIN'])], [true, false]);
  });

  it('answers an anonymous client refused access with the entry point', async () => {
    const { security: s, logs } = security();
    const response = await s.denyAccess(request(), 'nope');
    assert.equal(response.statusCode, 302);
    assert.ok(logs.messages.includes('Access denied, the user is not fully authenticated; redirecting to authentication entry point.'));
  });

  it('asks a remembered user to log in again rather than refusing', async () => {
    const { security: s } = security();
    assert.equal((await s.denyAccess(request('ada', 'remembered'))).statusCode, 302);
  });

  it('refuses a fully authenticated user with a 403 carrying the message', async () => {
    const { security: s, logs } = security();
    await assert.rejects(s.denyAccess(request('ada'), 'Not yours.'), { name: 'AccessDeniedHttpException', statusCode: 403, message: 'Not yours.' });
    assert.ok(logs.messages.includes('Access denied, the user is neither anonymous, nor remember-me.'));
  });

  it('gives a plain 401 when there is no entry point', async () => {
    const s = new Security({ tokens: new TokenStorage(), authenticators: [], decisionManager: new AccessDecisionManager([]) });
    await assert.rejects(s.denyAccess(request()), { statusCode: 401, message: 'Full authentication is required to access this resource.' });
  });
});
