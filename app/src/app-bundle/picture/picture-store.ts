/** A picture as a store gives it back: its bytes and a tag that changes when they do. */
export interface StoredPicture {
  bytes: Buffer;
  /** A strong entity tag, quotes included, the same on every instance that reads the picture. */
  etag: string;
}

/**
 * Where uploaded pictures live: the instance's own disk (one instance), or a store every
 * instance shares (PostgreSQL). Names are made by the application, never by a client;
 * a store refuses any other shape, so no name reaches a path or a key it should not.
 */
export interface PictureStore {
  /** Saves `bytes` under `name`; resolves once every instance can read them. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The picture saved under `name`, or undefined. */
  get(name: string): Promise<StoredPicture | undefined>;
  /** Forgets the picture saved under `name` (an upload whose event could not be written); nothing when there is none. */
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Letters, digits, dots, dashes and underscores, not starting with a dot: a file name on every system. */
const PICTURE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function assertPictureName(name: string): void {
  if (!PICTURE_NAME.test(name)) throw new TypeError(`Invalid picture name "${name}": use letters, digits, ".", "-" and "_" only.`);
}

export function isPictureName(name: string): boolean {
  return PICTURE_NAME.test(name);
}
