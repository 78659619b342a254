import type { CacheConfiguration, Duration } from './configuration.ts';
import { recordingDecorator, type ClassOrMethodDecorator } from './decorate.ts';
import { parseTime, toSeconds } from '../cache/relative-time.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * Declares HTTP caching for a controller (HttpCacheListener):
 *
 * ```ts
 * @Cache({ smaxage: '1 hour', public: true, lastModified: 'event.updatedAt', etag: (a) => a.event.version })
 * ```
 *
 * Durations and `expires` are checked here, so a typo fails when the class loads rather
 * than on a request.
 */
export function Cache(options: CacheConfiguration): ClassOrMethodDecorator {
  return recordingDecorator('Cache', { alias: 'cache', value: cacheConfiguration(options) });
}

export function cacheConfiguration(options: CacheConfiguration): CacheConfiguration {
  if (options.public === true && options.private === true) throw new SluiceError('SLUICE_CACHE_PUBLIC_AND_PRIVATE', {});
  const durations: Array<[string, Duration | undefined]> = [
    ['maxage', options.maxage],
    ['smaxage', options.smaxage],
    ['maxStale', options.maxStale],
    ['staleWhileRevalidate', options.staleWhileRevalidate],
    ['staleIfError', options.staleIfError],
  ];
  for (const [name, value] of durations) {
    if (value === undefined) continue;
    try {
      toSeconds(value);
    } catch (error) {
      throw new SluiceError('SLUICE_INVALID_CACHE_OPTION', { name, reason: (error as Error).message });
    }
  }
  if (options.expires !== undefined && parseTime(options.expires) === undefined) {
    throw new SluiceError('SLUICE_INVALID_CACHE_EXPIRES', { expires: options.expires });
  }
  const configuration: CacheConfiguration = { ...options };
  if (options.private === true) configuration.public = false;
  delete configuration.private;
  return Object.freeze(configuration);
}
