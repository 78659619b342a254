import type { RateLimitPolicy } from './rate-limit-policy.ts';
import type { RateLimitStorage } from './rate-limit-storage.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

export interface RateLimit {
  readonly accepted: boolean;
  readonly remaining: number;
  readonly limit: number;
  /** Whole seconds to wait before trying again (the `Retry-After` value); 0 when accepted. */
  readonly retryAfter: number;
  /** Whole seconds until the whole limit is available again (the `RateLimit-Reset` value). */
  readonly reset: number;
}

/**
 * One limit (an id, a policy, a storage) applied per key: `login` per username and IP,
 * `api` per token... Symfony's RateLimiterFactory with its `create(key)->consume()` folded
 * into one call.
 */
export class RateLimiter {
  readonly id: string;
  readonly #policy: RateLimitPolicy;
  readonly #storage: RateLimitStorage;
  readonly #clock: () => number;

  constructor(id: string, policy: RateLimitPolicy, storage: RateLimitStorage, clock: () => number = Date.now) {
    this.id = id;
    this.#policy = policy;
    this.#storage = storage;
    this.#clock = clock;
  }

  consume(key: string, tokens = 1): MaybePromise<RateLimit> {
    const step = this.#storage.consume(`${this.id}:${key}`, this.#policy, tokens, this.#clock());
    const toLimit = (s: { accepted: boolean; remaining: number; retryAfterMs: number; resetMs: number }): RateLimit => ({
      accepted: s.accepted,
      remaining: s.remaining,
      limit: this.#policy.limit,
      retryAfter: s.accepted ? 0 : Math.max(1, Math.ceil(s.retryAfterMs / 1000)),
      reset: Math.max(0, Math.ceil(s.resetMs / 1000)),
    });
    return isThenable(step) ? step.then(toLimit) : toLimit(step);
  }

  reset(key: string): MaybePromise<void> {
    return this.#storage.reset(`${this.id}:${key}`);
  }
}
