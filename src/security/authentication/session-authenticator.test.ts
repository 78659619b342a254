import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionAuthenticator } from './session-authenticator.ts';
import { InMemoryUserProvider } from '../user/in-memory-user-provider.ts';
import type { TestHandler } from '../../log/test-handler.ts';
import { MemorySession } from '../test-support/memory-session.ts';
import { requestWithSession, securityFixture } from '../test-support/fixture.ts';

async function loggedInAs(identifier: string): Promise<{ authenticator: SessionAuthenticator; session: MemorySession; provider: InMemoryUserProvider; logs: TestHandler }> {
  const { provider, logs, logger } = await securityFixture();
  const authenticator = new SessionAuthenticator(provider, 'main', logger);
  const session = new MemorySession();
  await authenticator.store(session, provider.loadUserByIdentifier(identifier)!);
  return { authenticator, session, provider, logs };
}

describe('SessionAuthenticator', () => {
  it('recognises the user stored in the session, reloaded from the provider', async () => {
    const { authenticator, session } = await loggedInAs('ada');
    const token = await authenticator.authenticate(requestWithSession('/', 'GET', session));
    assert.deepEqual([token?.user?.identifier, token?.level, token?.user?.roles], ['ada', 'full', ['ROLE_ADMIN']]);
  });

  it('keeps the login under _security_<firewall>', async () => {
    const { session } = await loggedInAs('ada');
    assert.equal((session.data.get('_security_main') as { identifier: string }).identifier, 'ada');
  });

  it('does not apply to a request without a session', async () => {
    const { authenticator } = await loggedInAs('ada');
    assert.equal(await authenticator.authenticate(requestWithSession('/', 'GET', undefined as never)), undefined);
  });

  it('does not apply to a session without a login', async () => {
    const { authenticator } = await loggedInAs('ada');
    assert.equal(await authenticator.authenticate(requestWithSession('/')), undefined);
  });

  it('grants nothing for an identifier the provider does not know, and forgets it', async () => {
    const { authenticator, logs } = await loggedInAs('ada');
    const session = new MemorySession({ _security_main: { identifier: 'root', fingerprint: 'forged' } });
    assert.equal(await authenticator.authenticate(requestWithSession('/', 'GET', session)), undefined);
    assert.equal(session.data.get('_security_main'), undefined);
    assert.ok(logs.hasRecordThatContains('Username could not be found in the selected user provider.', 'WARNING'));
  });

  it('grants nothing for a value that is not a stored login', async () => {
    const { authenticator } = await loggedInAs('ada');
    assert.equal(await authenticator.authenticate(requestWithSession('/', 'GET', new MemorySession({ _security_main: 'ada' }))), undefined);
  });

  it('ends the login when the password changed since', async () => {
    const { authenticator, session, provider } = await loggedInAs('bob');
    provider.upgradePassword(provider.loadUserByIdentifier('bob')!, 'another-hash');
    assert.equal(await authenticator.authenticate(requestWithSession('/', 'GET', session)), undefined);
  });
});
