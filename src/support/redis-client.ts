import type { Redis, RedisOptions } from 'ioredis';
import { loadDriver } from '../kernel/optional-driver.ts';

/**
 * How long a Redis connection attempt and a command may take before they fail. Redis
 * answers far sooner than this when it is up; when it is not, a request that needs it
 * must answer 503 promptly instead of hanging (ioredis by default queues
 * commands while it reconnects, for ever).
 */
export const REDIS_TIMEOUTS = { connectMs: 500, commandMs: 800 } as const;

/**
 * A client that fails fast and recovers by itself: it connects on first use, gives up a
 * command after {@link REDIS_TIMEOUTS}, and keeps reconnecting in the background (at most
 * a second apart), so the first command after Redis is back succeeds.
 */
export function createRedisClient(url: string, options: RedisOptions = {}): Redis {
  const client = new (loadDriver<typeof import('ioredis')>('ioredis').Redis)(url, {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    ...options,
  });
  // Failures reach callers as rejected commands; the client's own 'error' events would
  // otherwise be printed for every reconnection attempt (or end the process, unheard).
  client.on('error', () => {});
  return client;
}

/**
 * Ends a client's connection: QUIT when it has one (what was sent is answered first), at
 * once when it never connected or cannot reach Redis. An open connection keeps the process
 * running, so whatever made a client closes it when it stops.
 */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'wait') client.disconnect();
  else await client.quit().catch(() => client.disconnect());
}
