import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisSessionStore } from './redis-session-store.ts';
import { sessionStoreContract } from './session-store.contract.ts';
import { newSessionId } from './session-id.ts';
import { redisUnavailable } from './test-support/redis-available.ts';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const skip = await redisUnavailable(url);
const prefix = `sluice-test:${randomBytes(4).toString('hex')}:`;

sessionStoreContract('RedisSessionStore', () => new RedisSessionStore({ url, prefix }), { skip });

describe('RedisSessionStore', { skip }, () => {
  let client: Redis;
  before(() => {
    client = new Redis(url, { lazyConnect: true });
  });
  after(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it('stores each session under the prefix, with Redis keeping the time to live', async () => {
    const store = new RedisSessionStore({ client, prefix });
    const id = newSessionId();
    await store.write(id, 'data', 60_000);
    const ttl = await client.pttl(`${prefix}${id}`);
    assert.ok(ttl > 59_000 && ttl <= 60_000, `pttl ${ttl}`);
  });

  it('leaves a client it was given open on close', async () => {
    await new RedisSessionStore({ client, prefix }).close();
    assert.equal(await client.ping(), 'PONG');
  });

  it('fails a command against an unreachable server instead of waiting forever', async () => {
    const store = new RedisSessionStore({ url: 'redis://127.0.0.1:1', prefix });
    await assert.rejects(store.read(newSessionId()));
    await store.close();
  });
});
