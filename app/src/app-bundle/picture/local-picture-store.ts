import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertPictureName, type PictureStore, type StoredPicture } from './picture-store.ts';
import { pictureEtag } from './picture-etag.ts';

/**
 * Pictures as files of one directory on this instance's disk: the default store, right for
 * one instance or several processes of one machine (`var/uploads/pictures` by default,
 * `APP_UPLOAD_DIR`). Uploads never go into the application's sources or `public/`: they are
 * data, kept with the database, and served by the picture controller like any other store's.
 * The bundle's own pictures are read through a second instance on its images directory.
 */
export class LocalPictureStore implements PictureStore {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Writes a file beside the final one, then renames it: a reader sees the whole picture or none. */
  async put(name: string, bytes: Buffer): Promise<void> {
    assertPictureName(name);
    await mkdir(this.#dir, { recursive: true });
    const partial = join(this.#dir, `.${name}.${randomBytes(4).toString('hex')}.partial`);
    try {
      await writeFile(partial, bytes);
      await rename(partial, join(this.#dir, name));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<StoredPicture | undefined> {
    assertPictureName(name);
    try {
      const bytes = await readFile(join(this.#dir, name));
      return { bytes, etag: pictureEtag(bytes) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    assertPictureName(name);
    await rm(join(this.#dir, name), { force: true });
  }

  async close(): Promise<void> {}
}
