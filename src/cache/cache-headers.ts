import type { Response } from '../http/response.ts';
import type { CacheConfiguration } from '../decorators/configuration.ts';
import { parseTime, toSeconds } from './relative-time.ts';

/** Statuses a shared cache may store (the reference's list, from RFC 7234's heuristically cacheable codes). */
export const CACHEABLE_STATUSES: ReadonlySet<number> = new Set([200, 203, 300, 301, 302, 304, 404, 410]);

/**
 * Adds a cache declaration's headers to a response, never overriding a directive or
 * header the controller already set: s-maxage, must-revalidate, max-age, max-stale,
 * stale-while-revalidate, stale-if-error, Expires, Vary, then public / private.
 * Returns false (and changes nothing) for statuses caches must not store.
 */
export function applyCacheHeaders(response: Response, configuration: CacheConfiguration, now: Date = new Date()): boolean {
  if (!CACHEABLE_STATUSES.has(response.statusCode)) return false;
  const headers = response.headers;
  if (configuration.smaxage !== undefined && !headers.hasCacheControlDirective('s-maxage')) {
    response.setSharedMaxAge(toSeconds(configuration.smaxage, now));
  }
  if (configuration.mustRevalidate === true) headers.addCacheControlDirective('must-revalidate');
  if (configuration.maxage !== undefined && !headers.hasCacheControlDirective('max-age')) {
    response.setMaxAge(toSeconds(configuration.maxage, now));
  }
  const directives: Array<[string, number | string | undefined]> = [
    ['max-stale', configuration.maxStale],
    ['stale-while-revalidate', configuration.staleWhileRevalidate],
    ['stale-if-error', configuration.staleIfError],
  ];
  for (const [directive, value] of directives) {
    if (value !== undefined && !headers.hasCacheControlDirective(directive)) headers.addCacheControlDirective(directive, toSeconds(value, now));
  }
  if (configuration.expires !== undefined && !headers.has('Expires')) {
    const expires = parseTime(configuration.expires, now);
    if (expires !== undefined) response.setExpires(expires);
  }
  if (configuration.vary !== undefined && !headers.has('Vary')) {
    headers.set('Vary', typeof configuration.vary === 'string' ? configuration.vary : configuration.vary.join(', '));
  }
  if (configuration.public === true) response.setPublic();
  if (configuration.public === false) response.setPrivate();
  return true;
}
