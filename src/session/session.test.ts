import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Session } from './session.ts';
import { MemorySessionStore } from './memory-session-store.ts';
import { SpySessionStore } from './test-support/spy-session-store.ts';
import { newSessionId } from './session-id.ts';

/** A session saved with `values`, and the id the client would send back. */
async function storedSession(store: SpySessionStore, values: Record<string, unknown>): Promise<string> {
  const session = new Session(store);
  for (const [name, value] of Object.entries(values)) await session.set(name, value);
  await session.save();
  return session.id!;
}

describe('Session', () => {
  it('touches no store until it is used', async () => {
    const store = new SpySessionStore();
    const session = new Session(store, { requestedId: newSessionId() });
    assert.equal(await session.save(), 'keep');
    assert.deepEqual(store.calls, []);
    assert.equal(session.isStarted, false);
    assert.equal(session.id, undefined);
  });

  it('does not even create its store until it is used', async () => {
    let created = 0;
    const session = new Session(() => (created++, new MemorySessionStore()));
    await session.save();
    assert.equal(created, 0);
    await session.set('a', 1);
    await session.save();
    assert.equal(created, 1);
  });

  it('gets a 256-bit random id, base64url, on first use', async () => {
    const session = new Session(new SpySessionStore());
    await session.start();
    assert.match(session.id!, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(session.id!, 'base64url').length, 32);
  });

  it('loads the session the client names when the store knows it', async () => {
    const store = new SpySessionStore();
    const id = await storedSession(store, { user: 'ada' });
    const session = new Session(store, { requestedId: id });
    assert.equal(await session.get('user'), 'ada');
    assert.equal(session.id, id);
  });

  it('starts a fresh session with a NEW id for an id the store does not know (no fixation)', async () => {
    const store = new SpySessionStore();
    const forged = newSessionId();
    const session = new Session(store, { requestedId: forged });
    await session.set('user', 'ada');
    assert.notEqual(session.id, forged);
    assert.equal(await session.save(), 'set');
    assert.equal(await store.read(forged), undefined);
  });

  it('never looks up a malformed id', async () => {
    const store = new SpySessionStore();
    const session = new Session(store, { requestedId: '../../etc/passwd' });
    await session.start();
    assert.deepEqual(store.calls, []);
    assert.match(session.id!, /^[A-Za-z0-9_-]{43}$/);
  });

  it('starts afresh for an expired session: new id, old data not visible', async () => {
    const store = new SpySessionStore();
    const old = new Session(store, { ttlMs: 30 });
    await old.set('user', 'ada');
    await old.save();
    await sleep(80);
    const session = new Session(store, { requestedId: old.id });
    assert.equal(await session.get('user'), undefined);
    assert.notEqual(session.id, old.id);
  });

  it('treats stored data it cannot read as no session', async () => {
    const store = new SpySessionStore();
    const id = newSessionId();
    await store.write(id, 'not json', 60_000);
    const session = new Session(store, { requestedId: id });
    assert.deepEqual(await session.all(), {});
    assert.notEqual(session.id, id);
  });

  it('reads, writes, tests and removes values', async () => {
    const session = new Session(new SpySessionStore());
    await session.set('cart', [1, 2]);
    assert.deepEqual(await session.get('cart'), [1, 2]);
    assert.equal(await session.has('cart'), true);
    assert.equal(await session.get('missing', 'fallback'), 'fallback');
    assert.deepEqual(await session.remove('cart'), [1, 2]);
    assert.deepEqual(await session.all(), {});
  });

  it('refuses a value that cannot be stored as JSON', async () => {
    const session = new Session(new SpySessionStore());
    await assert.rejects(session.set('fn', () => 1), /The session value "fn" cannot be stored: a function has no JSON form/);
    await assert.rejects(session.set('big', 1n), /The session value "big" cannot be stored/);
  });

  it('counts every use, reads included', async () => {
    const session = new Session(new SpySessionStore());
    await session.has('a');
    await session.get('a');
    assert.equal(session.usageIndex, 2);
  });

  it('writes when the data changed, in place changes included', async () => {
    const store = new SpySessionStore();
    const id = await storedSession(store, { cart: [1] });
    const session = new Session(store, { requestedId: id });
    ((await session.get('cart')) as number[]).push(2);
    store.calls.length = 0;
    assert.equal(await session.save(), 'keep');
    assert.deepEqual(store.calls, [`write ${id}`]);
    assert.deepEqual(await new Session(store, { requestedId: id }).get('cart'), [1, 2]);
  });

  it('does not write an unchanged session until its refresh is due', async () => {
    let now = 1_000;
    const store = new SpySessionStore();
    const first = new Session(store, { ttlMs: 10_000, now: () => now });
    await first.set('user', 'ada');
    await first.save();
    now += 500;
    const reading = new Session(store, { requestedId: first.id, ttlMs: 10_000, now: () => now });
    await reading.get('user');
    store.calls.length = 0;
    await reading.save();
    assert.deepEqual(store.calls, [], 'refresh after a tenth of the TTL');
    now += 1_000;
    const later = new Session(store, { requestedId: first.id, ttlMs: 10_000, now: () => now });
    await later.get('user');
    store.calls.length = 0;
    await later.save();
    assert.deepEqual(store.calls, [`write ${first.id}`]);
  });

  it('never stores an empty session', async () => {
    const store = new SpySessionStore();
    const session = new Session(store);
    await session.has('anything');
    assert.equal(await session.save(), 'keep');
    assert.deepEqual(store.calls, []);
  });

  it('destroys a session that became empty and asks for its cookie to be cleared', async () => {
    const store = new SpySessionStore();
    const id = await storedSession(store, { user: 'ada' });
    const session = new Session(store, { requestedId: id });
    await session.remove('user');
    assert.equal(await session.save(), 'clear');
    assert.equal(await store.read(id), undefined);
  });

  it('moves the data to a new id on migrate, keeping the old entry unless asked to destroy it', async () => {
    const store = new SpySessionStore();
    const id = await storedSession(store, { user: 'ada' });
    const session = new Session(store, { requestedId: id });
    await session.migrate();
    assert.notEqual(session.id, id);
    assert.equal(await session.save(), 'set');
    assert.equal(await new Session(store, { requestedId: session.id }).get('user'), 'ada');
    assert.notEqual(await store.read(id), undefined);
  });

  it('destroys the old id on migrate(true), as at login', async () => {
    const store = new SpySessionStore();
    const id = await storedSession(store, { user: 'ada' });
    const session = new Session(store, { requestedId: id });
    await session.migrate(true);
    await session.save();
    assert.equal(await store.read(id), undefined);
    assert.equal(await new Session(store, { requestedId: session.id }).get('user'), 'ada');
  });

  it('clears everything and drops the old id on invalidate, as at logout', async () => {
    const store = new SpySessionStore();
    const id = await storedSession(store, { user: 'ada' });
    const session = new Session(store, { requestedId: id });
    await session.invalidate();
    assert.notEqual(session.id, id);
    assert.deepEqual(await session.all(), {});
    assert.equal(await session.save(), 'clear');
    assert.equal(await store.read(id), undefined);
  });

  it('loads once even when used concurrently', async () => {
    const store = new SpySessionStore();
    const id = await storedSession(store, { n: 1 });
    store.calls.length = 0;
    const session = new Session(store, { requestedId: id });
    await Promise.all([session.get('n'), session.get('n'), session.flashes.peek('x')]);
    assert.deepEqual(store.calls, [`read ${id}`]);
  });

  it('fails its use, not silently, when the store fails', async () => {
    const store = new SpySessionStore();
    store.read = async () => { throw new Error('store down'); };
    const session = new Session(store, { requestedId: newSessionId() });
    await assert.rejects(session.get('user'), /store down/);
    assert.equal(session.isStarted, false);
    assert.equal(await session.save(), 'keep');
  });

  it('keeps a "__proto__" attribute as plain data', async () => {
    const store = new SpySessionStore();
    const session = new Session(store);
    await session.set('__proto__', { polluted: true });
    await session.save();
    const loaded = new Session(store, { requestedId: session.id });
    assert.deepEqual(await loaded.get('__proto__'), { polluted: true });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
