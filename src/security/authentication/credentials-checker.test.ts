import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CredentialsChecker } from './credentials-checker.ts';
import { PasswordHasher } from '../password/password-hasher.ts';
import { InMemoryUserProvider } from '../user/in-memory-user-provider.ts';
import { securityFixture, testHasher } from '../test-support/fixture.ts';

describe('CredentialsChecker', () => {
  it('gives the user for a right password', async () => {
    const { checker } = await securityFixture();
    assert.equal((await checker.check('ada', 'ada-pass')).identifier, 'ada');
  });

  it('fails a wrong password and an unknown user with the same message', async () => {
    const { checker } = await securityFixture();
    await assert.rejects(checker.check('ada', 'nope'), { name: 'AuthenticationException', message: 'Invalid credentials.' });
    await assert.rejects(checker.check('mallory', 'nope'), { name: 'AuthenticationException', message: 'Invalid credentials.' });
  });

  it('fails an empty identifier without a lookup', async () => {
    const { checker } = await securityFixture();
    await assert.rejects(checker.check('', 'x'), /Invalid credentials\./);
  });

  it('rehashes a password stored with outdated parameters', async () => {
    const provider = new InMemoryUserProvider({ old: { password: await new PasswordHasher({ cost: 3 }).hash('pw') } });
    await new CredentialsChecker(provider, testHasher).check('old', 'pw');
    const stored = provider.loadUserByIdentifier('old')!.password!;
    assert.equal(testHasher.needsRehash(stored), false);
    assert.equal(await testHasher.verify(stored, 'pw'), true);
  });
});
