import { randomUUID } from 'node:crypto';
import type { SessionLike } from '../session-like.ts';

/**
 * An in-memory SessionLike for tests. Its methods answer with promises, as the session
 * component's do, so a missing `await` fails a test; `data` gives a test direct access,
 * and `migrations` / `invalidations` show what happened to the id.
 */
export class MemorySession implements SessionLike {
  id = randomUUID();
  readonly data = new Map<string, unknown>();
  readonly migrations: boolean[] = [];
  invalidations = 0;

  constructor(data: Record<string, unknown> = {}) {
    for (const [key, value] of Object.entries(data)) this.data.set(key, value);
  }

  async get(key: string): Promise<unknown> {
    return this.data.get(key);
  }

  async set(key: string, value: unknown): Promise<void> {
    this.data.set(key, value);
  }

  async remove(key: string): Promise<unknown> {
    const value = this.data.get(key);
    this.data.delete(key);
    return value;
  }

  async migrate(destroy = false): Promise<void> {
    this.migrations.push(destroy);
    this.id = randomUUID();
  }

  async invalidate(): Promise<void> {
    this.invalidations++;
    this.data.clear();
    this.id = randomUUID();
  }
}
