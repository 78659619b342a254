import { describe } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalPictureStore } from './local-picture-store.ts';
import { pictureStoreContract } from './picture-store.contract.ts';

describe('LocalPictureStore', () => {
  pictureStoreContract(async () => {
    const root = await mkdtemp(join(tmpdir(), 'sluice-pictures-'));
    const store = new LocalPictureStore({ bundleDir: join(root, 'images', 'events'), installedDir: join(root, 'public', 'bundles', 'app'), published: async () => {} });
    return { store, cleanup: () => rm(root, { recursive: true, force: true }) };
  });
});
