import type { SessionStore } from './session-store.ts';

export interface MemorySessionStoreOptions {
  /** Expired sessions are swept on a write at most this often (default one minute). */
  gcIntervalMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

interface Entry {
  readonly data: string;
  readonly expiresAt: number;
}

/**
 * Sessions in this process's memory: the default, for one process. Expired sessions read
 * as unknown at once and are swept from memory by `gc()`, which writes also run now and
 * then, so an application that never calls it does not grow without bound. No timer is
 * kept: nothing holds the process open.
 */
export class MemorySessionStore implements SessionStore {
  readonly #sessions = new Map<string, Entry>();
  readonly #gcIntervalMs: number;
  readonly #now: () => number;
  #lastGc: number;

  constructor(options: MemorySessionStoreOptions = {}) {
    this.#gcIntervalMs = options.gcIntervalMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#lastGc = this.#now();
  }

  /** Sessions held, expired ones not yet swept included. */
  get size(): number {
    return this.#sessions.size;
  }

  async read(id: string): Promise<string | undefined> {
    const entry = this.#sessions.get(id);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#sessions.delete(id);
      return undefined;
    }
    return entry.data;
  }

  async write(id: string, data: string, ttlMs: number): Promise<void> {
    const now = this.#now();
    this.#sessions.set(id, { data, expiresAt: now + ttlMs });
    if (now - this.#lastGc >= this.#gcIntervalMs) await this.gc();
  }

  async destroy(id: string): Promise<void> {
    this.#sessions.delete(id);
  }

  async gc(): Promise<number> {
    const now = this.#now();
    this.#lastGc = now;
    let removed = 0;
    for (const [id, entry] of this.#sessions) {
      if (entry.expiresAt > now) continue;
      this.#sessions.delete(id);
      removed++;
    }
    return removed;
  }
}
