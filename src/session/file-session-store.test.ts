import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore } from './file-session-store.ts';
import { sessionStoreContract } from './session-store.contract.ts';
import { newSessionId } from './session-id.ts';

const directory = (): string => join(mkdtempSync(join(tmpdir(), 'sluice-sessions-')), 'var', 'sessions');

sessionStoreContract('FileSessionStore', () => new FileSessionStore(directory()));

describe('FileSessionStore', () => {
  it('keeps sessions across a restart: a new store on the same directory reads them', async () => {
    const dir = directory();
    const id = newSessionId();
    await new FileSessionStore(dir).write(id, 'survives', 60_000);
    assert.equal(await new FileSessionStore(dir).read(id), 'survives');
  });

  it('creates its directory on first write and makes files only their owner can read', async () => {
    const dir = directory();
    const id = newSessionId();
    await new FileSessionStore(dir).write(id, 'secret', 60_000);
    assert.equal(statSync(join(dir, `sess_${id}`)).mode & 0o777, 0o600);
  });

  it('never turns an id into a path outside its directory', async () => {
    const dir = directory();
    const store = new FileSessionStore(dir);
    await assert.rejects(store.write('../../escape', 'x', 60_000), /cannot name a file/);
    assert.equal(await store.read('../../etc/passwd'), undefined);
    await store.destroy('../x');
    assert.equal(existsSync(join(dir, '..', '..', 'escape')), false);
  });

  it('reads a truncated or foreign file as no session', async () => {
    const dir = directory();
    const store = new FileSessionStore(dir);
    const id = newSessionId();
    await store.write(newSessionId(), 'x', 60_000);
    writeFileSync(join(dir, `sess_${id}`), 'garbage without an expiry line');
    assert.equal(await store.read(id), undefined);
  });

  it('leaves no temporary file behind after writes', async () => {
    const dir = directory();
    const store = new FileSessionStore(dir);
    const id = newSessionId();
    await Promise.all([store.write(id, 'a', 60_000), store.write(id, 'b', 60_000)]);
    assert.deepEqual(readdirSync(dir), [`sess_${id}`]);
  });
});
