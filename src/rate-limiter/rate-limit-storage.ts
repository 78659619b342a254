import type { Redis } from 'ioredis';
import type { PolicyStep, RateLimitPolicy } from './rate-limit-policy.ts';
import { ServiceUnavailableHttpException } from '../exception/service-unavailable-http-exception.ts';

/** Where limiters keep their states: one process (memory) or shared by several (Redis). */
export interface RateLimitStorage {
  /** Applies `policy` to `key`'s state atomically: concurrent hits of one key are all counted. */
  consume<S>(key: string, policy: RateLimitPolicy<S>, tokens: number, now: number): PolicyStep<S> | Promise<PolicyStep<S>>;
  reset(key: string): void | Promise<void>;
}

/** States in a Map; an expired state is dropped when its key is next used, or by the sweep every minute. */
export class MemoryRateLimitStorage implements RateLimitStorage {
  readonly #states = new Map<string, { state: unknown; expires: number }>();
  #nextSweep = 0;

  consume<S>(key: string, policy: RateLimitPolicy<S>, tokens: number, now: number): PolicyStep<S> {
    if (now >= this.#nextSweep) this.#sweep(now);
    const held = this.#states.get(key);
    const step = policy.consume(held === undefined || held.expires <= now ? undefined : (held.state as S), tokens, now);
    this.#states.set(key, { state: step.state, expires: now + step.ttlMs });
    return step;
  }

  reset(key: string): void {
    this.#states.delete(key);
  }

  #sweep(now: number): void {
    this.#nextSweep = now + 60_000;
    for (const [key, held] of this.#states) if (held.expires <= now) this.#states.delete(key);
  }
}

const maxAttempts = 100;

/**
 * Compare-and-set: writes the new state only when the stored one is still the one read,
 * so two processes hitting one key never both count from the same state.
 */
const compareAndSet = `
local current = redis.call('GET', KEYS[1])
if (current == false and ARGV[1] == '') or current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0`;

/**
 * States in Redis, shared by every instance: read, step, then written back by a Lua
 * compare-and-set (retried when another instance wrote in between). A Redis that does
 * not answer is a 503, within the client's timeouts (see createRedisClient).
 */
export class RedisRateLimitStorage implements RateLimitStorage {
  readonly #client: Redis;
  readonly #prefix: string;

  constructor(client: Redis, prefix = 'sluice:rate-limit:') {
    this.#client = client;
    this.#prefix = prefix;
  }

  async consume<S>(key: string, policy: RateLimitPolicy<S>, tokens: number, now: number): Promise<PolicyStep<S>> {
    const name = this.#prefix + key;
    try {
      // each round, one of the contenders wins: with N at once, N rounds at most
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        const stored = await this.#client.get(name);
        const step = policy.consume(stored === null ? undefined : (JSON.parse(stored) as S), tokens, now);
        const written = await this.#client.eval(compareAndSet, 1, name, stored ?? '', JSON.stringify(step.state), Math.max(1, Math.ceil(step.ttlMs)));
        if (written === 1) return step;
      }
      // contended beyond reason: refused, as a limiter should fail closed
      return { state: undefined as S, accepted: false, remaining: 0, retryAfterMs: 1000, ttlMs: 0, resetMs: 1000 };
    } catch (error) {
      throw new ServiceUnavailableHttpException(5, `The rate limiter storage (Redis) is unreachable: ${(error as Error).message}`, { cause: error });
    }
  }

  async reset(key: string): Promise<void> {
    await this.#client.del(this.#prefix + key);
  }
}
