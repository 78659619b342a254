import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { FixedWindowPolicy, SlidingWindowPolicy, TokenBucketPolicy } from './rate-limit-policy.ts';
import { MemoryRateLimitStorage, RedisRateLimitStorage, type RateLimitStorage } from './rate-limit-storage.ts';
import { RateLimiter } from './rate-limiter.ts';
import { createRedisClient } from '../support/redis-client.ts';
import { redisUnavailable } from '../session/test-support/redis-available.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisSkip = await redisUnavailable(redisUrl);

/** A limiter on a clock the test moves. */
function limiter(policy: ConstructorParameters<typeof RateLimiter>[1], storage: RateLimitStorage = new MemoryRateLimitStorage()) {
  const clock = { now: 1_000_000 };
  return { clock, limiter: new RateLimiter('test', policy, storage, () => clock.now) };
}

async function accepted(l: RateLimiter, key: string, times: number): Promise<boolean[]> {
  const out: boolean[] = [];
  for (let i = 0; i < times; i++) out.push((await l.consume(key)).accepted);
  return out;
}

describe('FixedWindowPolicy', () => {
  it('accepts `limit` hits per window, refuses the next with the time left, and starts over in the next window', async () => {
    const { clock, limiter: l } = limiter(new FixedWindowPolicy(5, 60_000));
    assert.deepEqual(await accepted(l, 'a', 5), [true, true, true, true, true]);
    clock.now += 20_000;
    assert.deepEqual(await l.consume('a'), { accepted: false, remaining: 0, limit: 5, retryAfter: 40, reset: 40 });
    assert.equal((await l.consume('b')).accepted, true, 'keys are counted apart');
    clock.now += 40_000;
    assert.equal((await l.consume('a')).accepted, true);
  });
});

describe('SlidingWindowPolicy', () => {
  it('counts the previous window by how much of it still overlaps, so a burst at the edge cannot double the limit', async () => {
    const { clock, limiter: l } = limiter(new SlidingWindowPolicy(10, 60_000));
    assert.ok((await accepted(l, 'a', 10)).every(Boolean));
    clock.now += 60_000; // the next window: the previous one's 10 hits still weigh 10
    const refused = await l.consume('a');
    assert.equal(refused.accepted, false);
    assert.ok(refused.retryAfter >= 5 && refused.retryAfter <= 7, `retry after ${refused.retryAfter} s`);
    clock.now += 30_000; // half the previous window still overlaps: 5 hits left to take
    assert.deepEqual(await accepted(l, 'a', 6), [true, true, true, true, true, false]);
  });
});

describe('TokenBucketPolicy', () => {
  it('allows a burst of `limit`, then the refill rate', async () => {
    const { clock, limiter: l } = limiter(new TokenBucketPolicy(3, 1, 1000));
    assert.deepEqual(await accepted(l, 'a', 4), [true, true, true, false]);
    assert.equal((await l.consume('a')).retryAfter, 1);
    clock.now += 2000;
    assert.deepEqual(await accepted(l, 'a', 3), [true, true, false]);
  });

  it('refuses a bad configuration in one line', () => {
    assert.throws(() => new TokenBucketPolicy(0, 1, 1000), { message: 'A rate limit allows at least 1 hit, 0 given.' });
    assert.throws(() => new FixedWindowPolicy(5, 0), { message: 'A rate limit interval is a positive number of milliseconds, 0 given.' });
  });
});

describe('RateLimit#reset', () => {
  it('is the time until a key has its whole limit again, under each policy', async () => {
    const fixed = limiter(new FixedWindowPolicy(5, 60_000));
    await fixed.limiter.consume('a');
    fixed.clock.now += 15_000;
    assert.equal((await fixed.limiter.consume('a')).reset, 45, 'the window ends');
    const sliding = limiter(new SlidingWindowPolicy(5, 60_000));
    await sliding.limiter.consume('a');
    sliding.clock.now += 20_000;
    assert.equal((await sliding.limiter.consume('a')).reset, 40, 'the current window ends');
    const bucket = limiter(new TokenBucketPolicy(4, 1, 1000));
    assert.equal((await bucket.limiter.consume('a', 3)).reset, 3, 'three tokens to refill, one a second');
  });
});

describe('RateLimiter reset', () => {
  it('forgets a key', async () => {
    const { limiter: l } = limiter(new FixedWindowPolicy(1, 60_000));
    await l.consume('a');
    assert.equal((await l.consume('a')).accepted, false);
    await l.reset('a');
    assert.equal((await l.consume('a')).accepted, true);
  });
});

describe('RedisRateLimitStorage', { skip: redisSkip }, () => {
  const client = createRedisClient(redisUrl);
  const prefix = `sluice-test:rl:${randomBytes(4).toString('hex')}:`;
  after(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it('counts every one of many concurrent hits on one key, as two instances sharing Redis would', async () => {
    const policy = new FixedWindowPolicy(20, 60_000);
    const first = new RateLimiter('login', policy, new RedisRateLimitStorage(client, prefix));
    const secondClient = createRedisClient(redisUrl);
    const second = new RateLimiter('login', policy, new RedisRateLimitStorage(secondClient, prefix));
    after(() => secondClient.quit());
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? first : second).consume('user-ip')));
    assert.equal(results.filter((r) => r.accepted).length, 20);
    assert.ok(results.filter((r) => !r.accepted).every((r) => r.retryAfter > 0 && r.retryAfter <= 60));
    await first.reset('user-ip');
    assert.equal((await second.consume('user-ip')).accepted, true);
  });
});
