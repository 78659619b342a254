import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { PictureStore } from './picture-store.ts';

/**
 * What every picture store does, run by each implementation's test in one line:
 * `pictureStoreContract(async () => ({ store, cleanup }))`.
 */
export function pictureStoreContract(create: () => Promise<{ store: PictureStore; cleanup(): Promise<void> }>): void {
  const withStore = async (body: (store: PictureStore) => Promise<void>): Promise<void> => {
    const { store, cleanup } = await create();
    try {
      await body(store);
    } finally {
      await store.close();
      await cleanup();
    }
  };

  it('gives back the bytes it was given, byte for byte', () => withStore(async (store) => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0x00]), randomBytes(5000)]);
    await store.put('party-0a1b2c3d.JPG', bytes);
    const picture = await store.get('party-0a1b2c3d.JPG');
    assert.ok(picture?.bytes.equals(bytes));
  }));

  it('knows nothing of a name never saved', () => withStore(async (store) => {
    assert.equal(await store.get('never-saved.JPG'), undefined);
  }));

  it('tags a picture by its bytes: the same bytes give the same quoted tag, other bytes another', () => withStore(async (store) => {
    await store.put('a.JPG', Buffer.from('one'));
    await store.put('b.JPG', Buffer.from('one'));
    await store.put('c.JPG', Buffer.from('two'));
    const [a, b, c] = await Promise.all(['a.JPG', 'b.JPG', 'c.JPG'].map((name) => store.get(name)));
    assert.match(a!.etag, /^"[^"]+"$/);
    assert.equal(a!.etag, b!.etag);
    assert.notEqual(a!.etag, c!.etag);
  }));

  it('replaces a picture saved again under the same name', () => withStore(async (store) => {
    await store.put('same.JPG', Buffer.from('old'));
    await store.put('same.JPG', Buffer.from('new'));
    assert.equal((await store.get('same.JPG'))!.bytes.toString(), 'new');
  }));

  it('forgets a removed picture, and removing one it never had is no error', () => withStore(async (store) => {
    await store.put('gone.JPG', Buffer.from('bytes'));
    await store.remove('gone.JPG');
    assert.equal(await store.get('gone.JPG'), undefined);
    await store.remove('never-saved.JPG');
  }));

  it('refuses names that could reach another path or key', () => withStore(async (store) => {
    for (const name of ['../x.JPG', 'a/b.JPG', '.hidden', '', 'x\0.JPG']) {
      await assert.rejects(store.put(name, Buffer.from('x')), /Invalid picture name/);
      await assert.rejects(store.get(name), /Invalid picture name/);
    }
  }));
}
