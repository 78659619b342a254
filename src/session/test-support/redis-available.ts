import { Redis } from 'ioredis';

/**
 * Why Redis tests cannot run here (a reason for `skip`), or false when the server answers.
 * They are skipped with that message, never faked.
 */
export async function redisUnavailable(url: string): Promise<string | false> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return false;
  } catch (error) {
    return `Redis is not reachable at ${url} (${(error as Error).message}); start it or set REDIS_URL to run these tests`;
  } finally {
    client.disconnect();
  }
}
