import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { newSessionId } from './session-id.ts';
import type { SessionStore } from './session-store.ts';

export interface ContractOptions {
  /** Set when the store cannot run here (its server is unreachable): every case is skipped with this reason. */
  skip?: string | false;
}

const long = 60_000;

/**
 * What every SessionStore does, run by each store's test file in a few lines
 * (`sessionStoreContract('MemorySessionStore', () => new MemorySessionStore())`).
 * Expiry is tested against the real clock with short lifetimes, as Redis has no other.
 */
export function sessionStoreContract(name: string, create: () => SessionStore | Promise<SessionStore>, options: ContractOptions = {}): void {
  describe(`${name} (SessionStore contract)`, { skip: options.skip }, () => {
    let store: SessionStore;
    before(async () => {
      store = await create();
    });
    after(async () => {
      await store?.close?.();
    });

    it('reads back what was written', async () => {
      const id = newSessionId();
      await store.write(id, '{"a":{"user":"ada"}}', long);
      assert.equal(await store.read(id), '{"a":{"user":"ada"}}');
    });

    it('reads an unknown id as undefined', async () => {
      assert.equal(await store.read(newSessionId()), undefined);
    });

    it('replaces the data on a second write', async () => {
      const id = newSessionId();
      await store.write(id, 'first', long);
      await store.write(id, 'second', long);
      assert.equal(await store.read(id), 'second');
    });

    it('keeps sessions apart', async () => {
      const [a, b] = [newSessionId(), newSessionId()];
      await store.write(a, 'a', long);
      await store.write(b, 'b', long);
      assert.deepEqual([await store.read(a), await store.read(b)], ['a', 'b']);
    });

    it('keeps the data exactly, multi-byte characters and newlines included', async () => {
      const id = newSessionId();
      const data = `{"name":"Zoë 🚀","text":"line 1\\nline 2","big":"${'x'.repeat(100_000)}"}\nsecond line`;
      await store.write(id, data, long);
      assert.equal(await store.read(id), data);
    });

    it('forgets a destroyed session, and destroying an unknown one is no error', async () => {
      const id = newSessionId();
      await store.write(id, 'data', long);
      await store.destroy(id);
      assert.equal(await store.read(id), undefined);
      await store.destroy(newSessionId());
    });

    it('reads an expired session as undefined', async () => {
      const id = newSessionId();
      await store.write(id, 'data', 40);
      await sleep(120);
      assert.equal(await store.read(id), undefined);
    });

    it('restarts the time to live on every write', async () => {
      const id = newSessionId();
      await store.write(id, 'data', 40);
      await store.write(id, 'data', long);
      await sleep(120);
      assert.equal(await store.read(id), 'data');
    });

    it('garbage-collects expired sessions and keeps the live ones, if it collects at all', async (t) => {
      if (store.gc === undefined) return t.skip(`${name} expires sessions by itself`);
      const [expired, live] = [newSessionId(), newSessionId()];
      await store.write(expired, 'old', 20);
      await store.write(live, 'new', long);
      await sleep(60);
      assert.ok((await store.gc()) >= 1);
      assert.equal(await store.read(live), 'new');
      assert.equal(await store.read(expired), undefined);
    });
  });
}
