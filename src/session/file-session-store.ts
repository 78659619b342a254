import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SessionStore } from './session-store.ts';

export interface FileSessionStoreOptions {
  /** The clock, for tests. */
  now?: () => number;
}

const prefix = 'sess_';
/** Ids become file names: only these characters, so no id can name a path elsewhere. */
const safeId = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * One file per session in a directory (`var/sessions` by default): sessions survive a
 * restart of the process. A file holds the expiry time on its first line, then the data;
 * writes go to a temporary file renamed over the old one, so a reader never sees half a
 * session. Files are readable by their owner only: a session id is a credential.
 */
export class FileSessionStore implements SessionStore {
  readonly directory: string;
  readonly #now: () => number;
  #ready: Promise<unknown> | undefined;

  constructor(directory: string, options: FileSessionStoreOptions = {}) {
    this.directory = directory;
    this.#now = options.now ?? Date.now;
  }

  async read(id: string): Promise<string | undefined> {
    if (!safeId.test(id)) return undefined;
    const content = await readFile(this.#path(id), 'utf8').catch(ifMissing(undefined));
    if (content === undefined) return undefined;
    const newline = content.indexOf('\n');
    const expiresAt = Number(content.slice(0, newline));
    if (newline === -1 || !(expiresAt > this.#now())) {
      await this.destroy(id);
      return undefined;
    }
    return content.slice(newline + 1);
  }

  async write(id: string, data: string, ttlMs: number): Promise<void> {
    if (!safeId.test(id)) throw new TypeError(`The session id "${id}" cannot name a file: only letters, digits, "-" and "_" are allowed.`);
    await (this.#ready ??= mkdir(this.directory, { recursive: true, mode: 0o700 }));
    const temporary = join(this.directory, `.${prefix}${id}.${randomBytes(6).toString('hex')}`);
    await writeFile(temporary, `${this.#now() + ttlMs}\n${data}`, { mode: 0o600 });
    await rename(temporary, this.#path(id));
  }

  async destroy(id: string): Promise<void> {
    if (safeId.test(id)) await unlink(this.#path(id)).catch(ifMissing(undefined));
  }

  async gc(): Promise<number> {
    const names = await readdir(this.directory).catch(ifMissing([] as string[]));
    let removed = 0;
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const id = name.slice(prefix.length);
      if (!safeId.test(id)) continue;
      const head = await readFile(join(this.directory, name), 'utf8').catch(ifMissing(undefined));
      if (head === undefined) continue;
      if (Number(head.slice(0, head.indexOf('\n'))) > this.#now()) continue;
      await this.destroy(id);
      removed++;
    }
    return removed;
  }

  #path(id: string): string {
    return join(this.directory, `${prefix}${id}`);
  }
}

/** A file another request removed meanwhile is just a missing session. */
function ifMissing<T>(fallback: T): (error: NodeJS.ErrnoException) => T {
  return (error) => {
    if (error.code === 'ENOENT') return fallback;
    throw error;
  };
}
