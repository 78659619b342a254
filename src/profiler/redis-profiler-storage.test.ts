import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { RedisProfilerStorage } from './redis-profiler-storage.ts';
import { profileData, profilerStorageContract } from './profiler-storage.contract.test.ts';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A real server or nothing: the storage is never tested against a mock. */
async function reachable(): Promise<Redis | undefined> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    return undefined;
  }
}

const client = await reachable();
const skip = client === undefined ? `Redis is not reachable at ${url}; start it (redis-server) to run these tests` : false;
const run = `sluice-test:${process.pid}-${Date.now()}:`;
let count = 0;

after(async () => {
  if (client === undefined) return;
  const keys = await client.keys(`${run}*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
});

if (client === undefined) {
  describe('RedisProfilerStorage', () => {
    it('needs a Redis server', { skip }, () => {});
  });
} else {
  profilerStorageContract('RedisProfilerStorage', async (limits) => new RedisProfilerStorage(client, { prefix: `${run}${++count}:`, ...limits }));

  describe('RedisProfilerStorage', () => {
    let other: Redis;
    before(() => {
      other = new Redis(url);
    });
    after(async () => {
      await other.quit();
    });

    it('shares profiles between instances that use the same server and prefix', async () => {
      const prefix = `${run}shared:`;
      await new RedisProfilerStorage(client, { prefix }).write(profileData('3c3c3c', { time: Date.now() }));
      const elsewhere = new RedisProfilerStorage(other, { prefix });
      assert.equal((await elsewhere.read('3c3c3c'))?.token, '3c3c3c');
      assert.deepEqual((await elsewhere.find()).map((s) => s.token), ['3c3c3c']);
    });

    it('lets Redis expire a profile with its age bound', async () => {
      const prefix = `${run}ttl:`;
      await new RedisProfilerStorage(client, { prefix, maxAge: 60_000 }).write(profileData('4d4d4d', { time: Date.now() }));
      const ttl = await client.pttl(`${prefix}profile:4d4d4d`);
      assert.ok(ttl > 0 && ttl <= 60_000, `ttl ${ttl}`);
    });

    it('opens and closes its own connection when given a URL', async () => {
      const storage = new RedisProfilerStorage(url, { prefix: `${run}own:` });
      await storage.write(profileData('5e5e5e', { time: Date.now() }));
      assert.equal((await storage.read('5e5e5e'))?.token, '5e5e5e');
      await storage.close();
    });
  });
}
