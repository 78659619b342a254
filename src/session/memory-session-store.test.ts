import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemorySessionStore } from './memory-session-store.ts';
import { sessionStoreContract } from './session-store.contract.ts';

sessionStoreContract('MemorySessionStore', () => new MemorySessionStore());

describe('MemorySessionStore', () => {
  it('sweeps expired sessions from memory on a write, once the gc interval has passed', async () => {
    let now = 0;
    const store = new MemorySessionStore({ gcIntervalMs: 1_000, now: () => now });
    await store.write('a', 'old', 100);
    now = 500;
    await store.write('b', 'recent', 10_000);
    assert.equal(store.size, 2, 'the interval has not passed yet');
    now = 1_000;
    await store.write('c', 'new', 10_000);
    assert.equal(store.size, 2);
    assert.equal(await store.read('a'), undefined);
  });

  it('keeps its own copy: the data cannot change behind its back', async () => {
    const store = new MemorySessionStore();
    let data = '{"n":1}';
    await store.write('a', data, 1_000);
    data = '{"n":2}';
    assert.equal(await store.read('a'), '{"n":1}');
  });
});
