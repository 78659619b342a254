import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { RateLimit } from './rate-limiter.ts';

declare module '../http/request.ts' {
  interface RequestAttributes {
    /** The limit closest to refusing of the controller's `@RateLimit`s, once they accepted the call. */
    _rate_limit?: RateLimit;
  }
}

/** The IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds). */
export function rateLimitHeaders(limit: RateLimit): Record<string, string> {
  return { 'RateLimit-Limit': String(limit.limit), 'RateLimit-Remaining': String(limit.remaining), 'RateLimit-Reset': String(limit.reset) };
}

/** A response finisher: a rate-limited controller's response tells the client where it stands. */
export function addRateLimitHeaders(request: Request, response: Response): void {
  const limit = request.attributes.get('_rate_limit') as RateLimit | undefined;
  if (limit === undefined) return;
  for (const [name, value] of Object.entries(rateLimitHeaders(limit))) response.headers.set(name, value);
}
