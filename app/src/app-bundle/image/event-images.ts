import { randomBytes } from 'node:crypto';
import type { UploadedFile } from 'sluice';
import type { PictureStore } from '../picture/picture-store.ts';

export interface EventImagesOptions {
  /** Where pictures are kept (APP_STORAGE): this instance's disk or a shared store. */
  store: PictureStore;
  maxBytes: number;
}

/** JPEG files start with an SOI marker followed by another marker. */
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The events' pictures. Uploads are checked by their bytes, not by the type or name the
 * browser claims, and stored under a name of our making, so no client chooses a path,
 * in the picture store (see picture/: the bundle's images on this disk by default).
 */
export class EventImages {
  readonly #options: EventImagesOptions;

  constructor(options: EventImagesOptions) {
    this.#options = options;
  }

  get maxBytes(): number {
    return this.#options.maxBytes;
  }

  /** Why the file cannot be an event's image (a message for the form), or undefined. */
  async problemWith(file: UploadedFile): Promise<string | undefined> {
    if (file.size > this.#options.maxBytes) return `The image cannot be larger than ${formatSize(this.#options.maxBytes)}.`;
    const head = (await file.bytes()).subarray(0, JPEG_MAGIC.length);
    if (file.size < JPEG_MAGIC.length || !head.equals(JPEG_MAGIC)) return 'The image must be a JPEG file.';
    // The first bytes are not enough: `FF D8 FF` then HTML is a polyglot a browser could
    // sniff as a page. The whole image must decode as a JPEG.
    if (!(await decodesAsJpeg(await file.bytes()))) return 'The image must be a JPEG file.';
    return undefined;
  }

  /** Stores a checked upload; resolves with its file name once the server can serve it. */
  async store(file: UploadedFile, title: string): Promise<string> {
    const name = `${slug(title)}-${randomBytes(4).toString('hex')}.JPG`;
    await this.#options.store.put(name, await file.bytes());
    return name;
  }

  /**
   * Runs `write` (the database write that refers to the stored picture `name`); when it
   * fails, the picture is removed from the store before the error goes on, so no orphan
   * picture is left.
   */
  async removedIfFails<T>(name: string, write: () => T | Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await this.#options.store.remove(name);
      throw error;
    }
  }
}

/** Whether libvips (sharp, loaded on first upload) decodes every pixel of `bytes` as a JPEG image without error. */
async function decodesAsJpeg(bytes: Buffer): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 });
    if ((await image.metadata()).format !== 'jpeg') return false;
    await image.raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** `Summer Fair: Café & Co.` → `summer-fair-cafe-co`; at most 40 characters; `event` when nothing is left. */
export function slug(title: string): string {
  const text = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return text.slice(0, 40).replace(/-+$/, '') || 'event';
}

/** `2 MB`, `1.5 MB`, `64 KB`: a size as people read it. */
export function formatSize(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
