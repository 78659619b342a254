import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { connect, createServer, type AddressInfo } from 'node:net';
import { ServiceUnavailableHttpException } from '../exception/service-unavailable-http-exception.ts';
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

describe('RedisSessionStore during an outage', () => {
  it('answers a command with a 503 and Retry-After within a second, then works again once Redis is back', { skip }, async () => {
    // a port that refuses connections: listened on, then closed
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: taken } = server.address() as AddressInfo;
        server.close(() => resolve(taken));
      });
    });
    const store = new RedisSessionStore({ url: `redis://127.0.0.1:${port}`, prefix });
    const started = performance.now();
    await assert.rejects(store.read(newSessionId()), (error: unknown) => {
      assert.ok(error instanceof ServiceUnavailableHttpException);
      assert.equal(error.headers['Retry-After'] ?? error.headers['retry-after'], '5');
      assert.match(error.message, /^The session store \(Redis\) is unreachable/);
      return true;
    });
    assert.ok(performance.now() - started < 1000, `failed after ${Math.round(performance.now() - started)} ms`);
    // Redis comes back on that port (a forwarder to the real one): the store reconnects by itself.
    const target = new URL(url);
    const forwarder = createServer((socket) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => forwarder.listen(port, '127.0.0.1', resolve));
    try {
      const id = newSessionId();
      let written = false;
      for (let attempt = 0; attempt < 30 && !written; attempt++) {
        written = await store.write(id, 'back', 60_000).then(() => true, () => false);
        if (!written) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(await store.read(id), 'back');
      await store.destroy(id);
    } finally {
      await store.close();
      forwarder.close();
    }
  });
});
