import { MemorySessionStore } from '../memory-session-store.ts';
import type { SessionStore } from '../session-store.ts';

/** A memory store that records every call made to it, to assert what a request touched. */
export class SpySessionStore implements SessionStore {
  readonly calls: string[] = [];
  readonly inner: SessionStore;

  constructor(inner: SessionStore = new MemorySessionStore()) {
    this.inner = inner;
  }

  async read(id: string): Promise<string | undefined> {
    this.calls.push(`read ${id}`);
    return this.inner.read(id);
  }

  async write(id: string, data: string, ttlMs: number): Promise<void> {
    this.calls.push(`write ${id}`);
    return this.inner.write(id, data, ttlMs);
  }

  async destroy(id: string): Promise<void> {
    this.calls.push(`destroy ${id}`);
    return this.inner.destroy(id);
  }

  async gc(): Promise<number> {
    this.calls.push('gc');
    return (await this.inner.gc?.()) ?? 0;
  }
}
