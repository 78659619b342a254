import type { Redis } from 'ioredis';
import { closeRedisClient, createRedisClient } from '../support/redis-client.ts';
import { ServiceUnavailableHttpException } from '../exception/service-unavailable-http-exception.ts';
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
 * command fails within a second (see createRedisClient) as a 503 with Retry-After, so an
 * unreachable server gives an error page, not a hung request; it reconnects by itself.
 */
export class RedisSessionStore implements SessionStore {
  readonly prefix: string;
  readonly #client: Redis;
  readonly #ownsClient: boolean;

  constructor(options: RedisSessionStoreOptions = {}) {
    this.prefix = options.prefix ?? 'sluice:session:';
    this.#ownsClient = options.client === undefined;
    this.#client = options.client ?? createRedisClient(options.url ?? 'redis://127.0.0.1:6379');
  }

  /** The server answers (the readiness check). */
  async ping(): Promise<void> {
    await this.#client.ping();
  }

  async read(id: string): Promise<string | undefined> {
    return (await unavailableOnFailure(this.#client.get(this.prefix + id))) ?? undefined;
  }

  async write(id: string, data: string, ttlMs: number): Promise<void> {
    await unavailableOnFailure(this.#client.set(this.prefix + id, data, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async destroy(id: string): Promise<void> {
    await unavailableOnFailure(this.#client.del(this.prefix + id));
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await closeRedisClient(this.#client);
  }
}

/** A failed command is an outage of a service the request needs: 503, worth retrying in a few seconds. */
async function unavailableOnFailure<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    throw new ServiceUnavailableHttpException(5, `The session store (Redis) is unreachable: ${(error as Error).message}`, { cause: error });
  }
}
