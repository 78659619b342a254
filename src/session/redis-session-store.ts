import type { Redis } from 'ioredis';
import { loadDriver } from '../kernel/optional-driver.ts';
import type { SessionStore } from './session-store.ts';

export interface RedisSessionStoreOptions {
  /** A client to use (and leave open on close); otherwise one is made from `url`. */
  client?: Redis;
  /** Default `redis://127.0.0.1:6379`. */
  url?: string;
  /** Key prefix, so several applications can share a server. Default `sluice:session:`. */
  prefix?: string;
}

/**
 * Sessions in Redis, shared by every process that uses the same server and prefix: the
 * store for several processes or machines. Redis expires them itself (`SET ... PX ttl`),
 * so there is no garbage collection to run. The client connects on first use, and a
 * command fails after a few reconnection attempts rather than waiting forever, so an
 * unreachable server gives an error page, not a hung request.
 */
export class RedisSessionStore implements SessionStore {
  readonly prefix: string;
  readonly #client: Redis;
  readonly #ownsClient: boolean;

  constructor(options: RedisSessionStoreOptions = {}) {
    this.prefix = options.prefix ?? 'sluice:session:';
    this.#ownsClient = options.client === undefined;
    this.#client = options.client ?? new (loadDriver<typeof import('ioredis')>('ioredis').Redis)(options.url ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 2_000 });
    // Connection failures reach the caller as rejected commands (an error page); the
    // client's own 'error' events would otherwise be printed for every retry.
    if (this.#ownsClient) this.#client.on('error', () => {});
  }

  async read(id: string): Promise<string | undefined> {
    return (await this.#client.get(this.prefix + id)) ?? undefined;
  }

  async write(id: string, data: string, ttlMs: number): Promise<void> {
    await this.#client.set(this.prefix + id, data, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async destroy(id: string): Promise<void> {
    await this.#client.del(this.prefix + id);
  }

  async close(): Promise<void> {
    if (!this.#ownsClient || this.#client.status === 'end') return;
    if (this.#client.status === 'wait') this.#client.disconnect();
    else await this.#client.quit().catch(() => this.#client.disconnect());
  }
}
