import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalPictureStore } from './local-picture-store.ts';
import { pictureStoreContract } from './picture-store.contract.ts';

describe('LocalPictureStore', () => {
  pictureStoreContract(async () => {
    const root = await mkdtemp(join(tmpdir(), 'sluice-pictures-'));
    const store = new LocalPictureStore(join(root, 'uploads', 'pictures'));
    return { store, cleanup: () => rm(root, { recursive: true, force: true }) };
  });

  it('creates its directory on the first upload and leaves only the picture in it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sluice-pictures-'));
    try {
      const dir = join(root, 'uploads', 'pictures');
      await new LocalPictureStore(dir).put('first.jpg', Buffer.from([0xff, 0xd8, 0xff]));
      assert.deepEqual(await readdir(dir), ['first.jpg']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
