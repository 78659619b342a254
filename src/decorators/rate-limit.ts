import type { RateLimitConfiguration } from './configuration.ts';
import { recordingDecorator, type ClassOrMethodDecorator } from './decorate.ts';

/**
 * Limits how often a controller runs, by a named limiter (`rate_limiters` service):
 * `@RateLimit({ limiter: 'api', key: 'token' })`. Past the limit the request is a 429
 * with `Retry-After` and the `RateLimit-*` headers, before the controller runs (after the
 * permission checks, so a refused client takes nothing from the limit). Several may be
 * declared, class-level first; all must accept.
 */
export function RateLimit(options: { limiter: string; key?: RateLimitConfiguration['key']; tokens?: number }): ClassOrMethodDecorator {
  const tokens = options.tokens ?? 1;
  if (!Number.isSafeInteger(tokens) || tokens < 1) throw new RangeError(`@RateLimit takes at least 1 token a call, ${tokens} given.`);
  return recordingDecorator('RateLimit', { alias: 'rate_limit', value: Object.freeze({ limiter: options.limiter, key: options.key ?? 'ip', tokens }) });
}
