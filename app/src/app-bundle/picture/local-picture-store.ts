import { copyFile, lstat, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertPictureName, type PictureStore, type StoredPicture } from './picture-store.ts';
import { pictureEtag } from './picture-etag.ts';

export interface LocalPictureStoreOptions {
  /** The bundle's `Resources/public/images/events`: where pictures live. */
  bundleDir: string;
  /** `public/bundles/app`: where `assets:install` put the bundle's public files (a copy or a symlink). */
  installedDir: string;
  /** Makes a file just written under `public/` servable (the server's static file index). */
  published: () => Promise<void>;
}

/**
 * Pictures on this instance's disk, served as static files from
 * `/bundles/app/images/events/<name>`: the default, right for one instance (or several
 * processes of one machine). They go to the bundle's images and, when
 * `public/bundles/app` is a copy rather than a symlink, to the copy too.
 */
export class LocalPictureStore implements PictureStore {
  readonly #options: LocalPictureStoreOptions;

  constructor(options: LocalPictureStoreOptions) {
    this.#options = options;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    assertPictureName(name);
    const { bundleDir, installedDir } = this.#options;
    await mkdir(bundleDir, { recursive: true });
    const source = join(bundleDir, name);
    await writeFile(source, bytes);
    if (await isCopy(installedDir)) {
      const copy = join(installedDir, 'images', 'events');
      await mkdir(copy, { recursive: true });
      await copyFile(source, join(copy, name));
    }
    await this.#options.published();
  }

  async get(name: string): Promise<StoredPicture | undefined> {
    assertPictureName(name);
    try {
      const bytes = await readFile(join(this.#options.bundleDir, name));
      return { bytes, etag: pictureEtag(bytes) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    assertPictureName(name);
    const { bundleDir, installedDir } = this.#options;
    await Promise.all([rm(join(bundleDir, name), { force: true }), rm(join(installedDir, 'images', 'events', name), { force: true })]);
  }

  async close(): Promise<void> {}
}

/** Whether the installed assets are a real directory (a copy) rather than a symlink or nothing at all. */
async function isCopy(dir: string): Promise<boolean> {
  try {
    const stats = await lstat(dir);
    return stats.isDirectory() && !stats.isSymbolicLink();
  } catch {
    return false;
  }
}
