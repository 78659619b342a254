import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CsrfTokenManager } from './csrf-token-manager.ts';
import { MemorySession } from '../test-support/memory-session.ts';

const manager = new CsrfTokenManager('kernel-secret');

describe('CsrfTokenManager', () => {
  it('accepts a token it gave for the same session and id', async () => {
    const session = new MemorySession();
    assert.equal(await manager.isTokenValid(session, 'authenticate', await manager.getToken(session, 'authenticate')), true);
  });

  it('gives different bytes each time, all of them valid', async () => {
    const session = new MemorySession();
    const [first, second] = [await manager.getToken(session, 'a'), await manager.getToken(session, 'a')];
    assert.notEqual(first, second);
    assert.deepEqual([await manager.isTokenValid(session, 'a', first), await manager.isTokenValid(session, 'a', second)], [true, true]);
  });

  it('refuses a token made for another id', async () => {
    const session = new MemorySession();
    assert.equal(await manager.isTokenValid(session, 'delete-event-2', await manager.getToken(session, 'delete-event-1')), false);
  });

  it('refuses a token made for another session', async () => {
    const token = await manager.getToken(new MemorySession(), 'authenticate');
    const other = new MemorySession();
    await manager.getToken(other, 'authenticate');
    assert.equal(await manager.isTokenValid(other, 'authenticate', token), false);
  });

  it('refuses a token signed with another kernel secret', async () => {
    const session = new MemorySession();
    const token = await new CsrfTokenManager('other-secret').getToken(session, 'authenticate');
    assert.equal(await manager.isTokenValid(session, 'authenticate', token), false);
  });

  it('refuses anything when the session has no secret yet', async () => {
    assert.equal(await manager.isTokenValid(new MemorySession(), 'authenticate', 'AAAA.BBBB'), false);
  });

  it('refuses malformed and missing values', async () => {
    const session = new MemorySession();
    const token = await manager.getToken(session, 'x');
    for (const value of [undefined, '', 'garbage', `${token}.extra`, token.slice(0, -2), ['array']]) {
      assert.equal(await manager.isTokenValid(session, 'x', value), false, String(value));
    }
  });

  it('invalidates every token handed out when refreshed', async () => {
    const session = new MemorySession();
    const token = await manager.getToken(session, 'x');
    await manager.refresh(session);
    assert.equal(await manager.isTokenValid(session, 'x', token), false);
  });
});
