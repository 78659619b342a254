import { SluiceError } from '../exception/sluice-error.ts';
import { FixedWindowPolicy, SlidingWindowPolicy, TokenBucketPolicy, type RateLimitPolicy } from './rate-limit-policy.ts';
import { MemoryRateLimitStorage, type RateLimitStorage } from './rate-limit-storage.ts';
import { RateLimiter } from './rate-limiter.ts';

/** A named limiter's configuration, as Symfony's `framework.rate_limiter.<name>`. */
export type RateLimiterDefinition =
  | { readonly policy: 'fixed_window' | 'sliding_window'; readonly limit: number; readonly intervalMs: number; readonly storage?: RateLimitStorage }
  | { readonly policy: 'token_bucket'; readonly limit: number; readonly rate: { readonly amount: number; readonly intervalMs: number }; readonly storage?: RateLimitStorage };

/**
 * The application's named limiters (`api`, ...), which `@RateLimit({ limiter: 'api' })`
 * names. A limiter without its own storage uses the default one: memory (one process)
 * unless the application gives a shared one (Redis) before defining its limiters.
 */
export class RateLimiters {
  readonly #limiters = new Map<string, RateLimiter>();
  readonly #onFirst: (() => void) | undefined;
  defaultStorage: RateLimitStorage = new MemoryRateLimitStorage();
  /** Epoch milliseconds, read by every limiter at each hit (tests move their own clock). */
  clock: () => number = Date.now;

  /** @param onFirst called once, when the first limiter is defined (the headers' finisher is added then) */
  constructor(options: { onFirst?: () => void } = {}) {
    this.#onFirst = options.onFirst;
  }

  define(name: string, definition: RateLimiterDefinition): RateLimiter {
    const policy: RateLimitPolicy =
      definition.policy === 'token_bucket'
        ? new TokenBucketPolicy(definition.limit, definition.rate.amount, definition.rate.intervalMs)
        : definition.policy === 'fixed_window'
          ? new FixedWindowPolicy(definition.limit, definition.intervalMs)
          : new SlidingWindowPolicy(definition.limit, definition.intervalMs);
    const limiter = new RateLimiter(name, policy, definition.storage ?? this.defaultStorage, () => this.clock());
    if (this.#limiters.size === 0) this.#onFirst?.();
    this.#limiters.set(name, limiter);
    return limiter;
  }

  get(name: string): RateLimiter {
    const limiter = this.#limiters.get(name);
    if (limiter !== undefined) return limiter;
    const known = [...this.#limiters.keys()];
    throw new SluiceError('SLUICE_UNKNOWN_RATE_LIMITER', { name, known: known.length === 0 ? 'none is defined' : `defined: ${known.join(', ')}` });
  }

  has(name: string): boolean {
    return this.#limiters.has(name);
  }
}
