import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from './session.ts';
import { SpySessionStore } from './test-support/spy-session-store.ts';

describe('Flash messages', () => {
  it('are queued by type and handed out once by get', async () => {
    const session = new Session(new SpySessionStore());
    await session.flashes.add('notice', 'Event saved.');
    await session.flashes.add('notice', 'Mail sent.');
    assert.deepEqual(await session.flashes.get('notice'), ['Event saved.', 'Mail sent.']);
    assert.deepEqual(await session.flashes.get('notice'), []);
  });

  it('can be looked at without being consumed', async () => {
    const session = new Session(new SpySessionStore());
    await session.flashes.add('error', 'Invalid date.');
    assert.deepEqual(await session.flashes.peek('error'), ['Invalid date.']);
    assert.deepEqual(await session.flashes.peekAll(), { error: ['Invalid date.'] });
    assert.equal(await session.flashes.has('error'), true);
  });

  it('are all handed out, and gone, by all()', async () => {
    const session = new Session(new SpySessionStore());
    await session.flashes.add('notice', 'a');
    await session.flashes.add('error', 'b');
    assert.deepEqual(await session.flashes.all(), { notice: ['a'], error: ['b'] });
    assert.equal(await session.flashes.has('notice'), false);
  });

  it('survive until the next request reads them', async () => {
    const store = new SpySessionStore();
    const first = new Session(store);
    await first.flashes.add('notice', 'Event saved.');
    await first.save();
    const next = new Session(store, { requestedId: first.id });
    assert.deepEqual(await next.flashes.get('notice'), ['Event saved.']);
    await next.save();
    const after = new Session(store, { requestedId: first.id });
    assert.deepEqual(await after.flashes.get('notice'), []);
  });

  it('are a use of the session', async () => {
    const session = new Session(new SpySessionStore());
    await session.flashes.peek('notice');
    assert.equal(session.isStarted, true);
    assert.equal(session.usageIndex, 1);
  });

  it('can be replaced for a type', async () => {
    const session = new Session(new SpySessionStore());
    await session.flashes.add('notice', 'old');
    await session.flashes.set('notice', ['new']);
    assert.deepEqual(await session.flashes.peek('notice'), ['new']);
  });
});
