import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AuthenticationUtils } from './authentication-utils.ts';
import { LAST_ERROR, LAST_USERNAME } from './form-login-authenticator.ts';
import { MemorySession } from '../test-support/memory-session.ts';
import { requestWithSession } from '../test-support/fixture.ts';

const utils = new AuthenticationUtils();

describe('AuthenticationUtils', () => {
  it('gives the last login error once', async () => {
    const request = requestWithSession('/login', 'GET', new MemorySession({ [LAST_ERROR]: 'Invalid credentials.' }));
    assert.deepEqual([await utils.getLastAuthenticationError(request), await utils.getLastAuthenticationError(request)], ['Invalid credentials.', undefined]);
  });

  it('keeps the error when told not to clear it', async () => {
    const request = requestWithSession('/login', 'GET', new MemorySession({ [LAST_ERROR]: 'Invalid credentials.' }));
    await utils.getLastAuthenticationError(request, false);
    assert.equal(await utils.getLastAuthenticationError(request), 'Invalid credentials.');
  });

  it('gives the username last typed, or nothing', async () => {
    assert.equal(await utils.getLastUsername(requestWithSession('/login', 'GET', new MemorySession({ [LAST_USERNAME]: 'ada' }))), 'ada');
    assert.equal(await utils.getLastUsername(requestWithSession('/login')), '');
  });
});
