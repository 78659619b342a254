import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HttpBasicAuthenticator } from './http-basic-authenticator.ts';
import { CredentialsChecker } from './credentials-checker.ts';
import { InMemoryUserProvider } from '../user/in-memory-user-provider.ts';
import type { TestHandler } from '../../log/test-handler.ts';
import { basic, requestWithSession, securityFixture, testHasher } from '../test-support/fixture.ts';

async function authenticator(): Promise<{ basicAuth: HttpBasicAuthenticator; logs: TestHandler }> {
  const { checker, logger, logs } = await securityFixture();
  return { basicAuth: new HttpBasicAuthenticator(checker, 'Events', logger), logs };
}

describe('HttpBasicAuthenticator', () => {
  it('authenticates fully from right credentials', async () => {
    const { basicAuth, logs } = await authenticator();
    const token = await basicAuth.authenticate(requestWithSession('/', 'GET', undefined, basic('ada', 'ada-pass')));
    assert.deepEqual([token?.user?.identifier, token?.level], ['ada', 'full']);
    assert.ok(logs.messages.includes('User "ada" has been authenticated successfully.'));
  });

  it('leaves the client anonymous after wrong credentials, and logs the failure', async () => {
    const { basicAuth, logs } = await authenticator();
    assert.equal(await basicAuth.authenticate(requestWithSession('/', 'GET', undefined, basic('ada', 'wrong'))), undefined);
    assert.ok(logs.hasRecordThatContains('Authentication request failed.', 'INFO'));
  });

  it('does not apply without an Authorization header, or with another scheme', async () => {
    const { basicAuth } = await authenticator();
    assert.equal(await basicAuth.authenticate(requestWithSession('/')), undefined);
    assert.equal(await basicAuth.authenticate(requestWithSession('/', 'GET', undefined, { authorization: 'Bearer abc' })), undefined);
  });

  it('treats credentials without a colon as wrong', async () => {
    const { basicAuth } = await authenticator();
    const header = { authorization: `Basic ${Buffer.from('ada').toString('base64')}` };
    assert.equal(await basicAuth.authenticate(requestWithSession('/', 'GET', undefined, header)), undefined);
  });

  it('accepts a password containing a colon', async () => {
    const provider = new InMemoryUserProvider({ eve: { password: await testHasher.hash('a:b') } });
    const auth = new HttpBasicAuthenticator(new CredentialsChecker(provider, testHasher));
    assert.equal((await auth.authenticate(requestWithSession('/', 'GET', undefined, basic('eve', 'a:b'))))?.user?.identifier, 'eve');
  });

  it('challenges with a 401 naming the realm', async () => {
    const { basicAuth } = await authenticator();
    const response = basicAuth.start(requestWithSession('/'));
    assert.deepEqual([response.statusCode, response.headers.get('WWW-Authenticate')], [401, 'Basic realm="Events"']);
  });

  it('refuses a realm that would break the header', async () => {
    const { checker } = await securityFixture();
    assert.throws(() => new HttpBasicAuthenticator(checker, 'a"b'), /cannot contain quotes/);
  });
});
