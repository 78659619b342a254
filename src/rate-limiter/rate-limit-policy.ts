import { SluiceError } from '../exception/sluice-error.ts';
/**
 * A rate limit policy as a pure step over a small state, so that every storage (memory,
 * Redis) applies the same rules: Symfony RateLimiter's fixed window, sliding window and
 * token bucket. Times are epoch milliseconds.
 */
export interface RateLimitPolicy<S = unknown> {
  /** The most tokens (hits) a key may have in hand. */
  readonly limit: number;
  /** The outcome of taking `tokens` at `now`; `state` is undefined for a key never seen (or expired). */
  consume(state: S | undefined, tokens: number, now: number): PolicyStep<S>;
}

export interface PolicyStep<S> {
  readonly state: S;
  readonly accepted: boolean;
  /** Tokens left after this step. */
  readonly remaining: number;
  /** When refused, how long until `tokens` could be taken; 0 when accepted. */
  readonly retryAfterMs: number;
  /** How long the state must be kept (after that it is as good as new). */
  readonly ttlMs: number;
  /** How long until the key has its whole limit again (the `RateLimit-Reset` header). */
  readonly resetMs: number;
}

function checkLimit(limit: number, intervalMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new SluiceError('SLUICE_RATE_LIMIT_TOO_LOW', { limit });
  if (!(intervalMs > 0)) throw new SluiceError('SLUICE_INVALID_RATE_LIMIT_INTERVAL', { interval: intervalMs });
}

interface FixedState { start: number; count: number }

/** At most `limit` hits per window of `intervalMs`, the window starting at a key's first hit. */
export class FixedWindowPolicy implements RateLimitPolicy<FixedState> {
  constructor(readonly limit: number, readonly intervalMs: number) {
    checkLimit(limit, intervalMs);
  }

  consume(given: FixedState | undefined, tokens: number, now: number): PolicyStep<FixedState> {
    const state = given === undefined || now >= given.start + this.intervalMs ? { start: now, count: 0 } : { ...given };
    const end = state.start + this.intervalMs;
    const accepted = state.count + tokens <= this.limit;
    if (accepted) state.count += tokens;
    return { state, accepted, remaining: this.limit - state.count, retryAfterMs: accepted ? 0 : end - now, ttlMs: end - now, resetMs: end - now };
  }
}

interface SlidingState { start: number; count: number; previous: number }

/**
 * Symfony's sliding window: the hits of the current window plus the previous window's,
 * weighted by how much of it still overlaps the last `intervalMs`, so that a burst at a
 * window's edge cannot double the limit.
 */
export class SlidingWindowPolicy implements RateLimitPolicy<SlidingState> {
  constructor(readonly limit: number, readonly intervalMs: number) {
    checkLimit(limit, intervalMs);
  }

  consume(given: SlidingState | undefined, tokens: number, now: number): PolicyStep<SlidingState> {
    const interval = this.intervalMs;
    let state: SlidingState;
    if (given === undefined || now >= given.start + 2 * interval) state = { start: now, count: 0, previous: 0 };
    else if (now >= given.start + interval) state = { start: given.start + interval, count: 0, previous: given.count };
    else state = { ...given };
    const hits = (at: number): number => state.count + state.previous * Math.max(0, 1 - (at - state.start) / interval);
    const accepted = hits(now) + tokens <= this.limit;
    if (accepted) state.count += tokens;
    // The weighted count only falls as time passes: the wait is found by bisection, on refusals only.
    let retryAfterMs = 0;
    if (!accepted) {
      if (tokens > this.limit) retryAfterMs = Number.POSITIVE_INFINITY;
      else {
        let low = 0;
        let high = 2 * interval;
        while (high - low > 1) {
          const mid = Math.floor((low + high) / 2);
          if (this.consume(given, tokens, now + mid).accepted) high = mid;
          else low = mid;
        }
        retryAfterMs = high;
      }
    }
    // the current window's hits count in full until it ends
    return { state, accepted, remaining: Math.max(0, Math.floor(this.limit - hits(now))), retryAfterMs, ttlMs: state.start + 2 * interval - now, resetMs: state.start + interval - now };
  }
}

interface BucketState { tokens: number; at: number }

/** A bucket of `limit` tokens refilled by `rate` tokens every `intervalMs`: bursts up to the limit, a steady rate after. */
export class TokenBucketPolicy implements RateLimitPolicy<BucketState> {
  constructor(readonly limit: number, readonly rate: number, readonly intervalMs: number) {
    checkLimit(limit, intervalMs);
    if (!(rate > 0)) throw new SluiceError('SLUICE_INVALID_TOKEN_RATE', { rate });
  }

  consume(given: BucketState | undefined, tokens: number, now: number): PolicyStep<BucketState> {
    const refilled = given === undefined ? this.limit : Math.min(this.limit, given.tokens + ((now - given.at) / this.intervalMs) * this.rate);
    const accepted = refilled >= tokens;
    const left = accepted ? refilled - tokens : refilled;
    const perToken = this.intervalMs / this.rate;
    return {
      state: { tokens: left, at: now },
      accepted,
      remaining: Math.floor(left),
      retryAfterMs: accepted ? 0 : Math.ceil((tokens - refilled) * perToken),
      ttlMs: Math.ceil((this.limit - left) * perToken) + 1,
      resetMs: Math.ceil((this.limit - left) * perToken),
    };
  }
}
