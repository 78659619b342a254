import type { Request } from '../../http/request.ts';
import { FixedWindowPolicy } from '../../rate-limiter/rate-limit-policy.ts';
import { MemoryRateLimitStorage, type RateLimitStorage } from '../../rate-limiter/rate-limit-storage.ts';
import { RateLimiter, type RateLimit } from '../../rate-limiter/rate-limiter.ts';

export interface LoginThrottlingOptions {
  /** Login attempts per username and IP within `intervalMs`; default 5 (Symfony's `max_attempts`). */
  maxAttempts?: number;
  /** Default one minute. */
  intervalMs?: number;
  /** Memory (one process) by default; a RedisRateLimitStorage shares the counts between instances. */
  storage?: RateLimitStorage;
}

/**
 * Symfony's `login_throttling`: every login attempt takes a hit from two limits, one per
 * username and IP (`maxAttempts` per interval) and one per IP (five times that, against one
 * client trying many usernames); a successful login clears both.
 * A refused attempt is answered before the password is hashed.
 */
export class LoginThrottle {
  readonly #local: RateLimiter;
  readonly #global: RateLimiter;

  constructor(options: LoginThrottlingOptions = {}) {
    const max = options.maxAttempts ?? 5;
    const interval = options.intervalMs ?? 60_000;
    const storage = options.storage ?? new MemoryRateLimitStorage();
    this.#local = new RateLimiter('login_local', new FixedWindowPolicy(max, interval), storage);
    this.#global = new RateLimiter('login_global', new FixedWindowPolicy(5 * max, interval), storage);
  }

  /** Takes one attempt; the refused limit (the longer wait) when either refuses. */
  async attempt(request: Request, username: string): Promise<RateLimit> {
    const ip = request.clientIp;
    const [local, global] = await Promise.all([this.#local.consume(localKey(username, ip)), this.#global.consume(ip)]);
    if (!local.accepted && !global.accepted) return local.retryAfter >= global.retryAfter ? local : global;
    return local.accepted ? global : local;
  }

  /** Clears both counts, as Symfony's limiter reset does: a client that logs in is no attacker. */
  async succeeded(request: Request, username: string): Promise<void> {
    await Promise.all([this.#local.reset(localKey(username, request.clientIp)), this.#global.reset(request.clientIp)]);
  }
}

function localKey(username: string, ip: string): string {
  // cut: the key of a huge username would be as huge in the storage
  return `${username.toLowerCase().slice(0, 256)}-${ip}`;
}
