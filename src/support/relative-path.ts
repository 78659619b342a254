import { isAbsolute, relative } from 'node:path';
import { BoundedCache } from './bounded-cache.ts';

const known = new BoundedCache<string, BoundedCache<string, string>>(16);
const maxPathsPerRoot = 2048;

/**
 * `path.relative(from, to)` for two absolute paths, remembered: log lines and error pages
 * show the same few source files relative to the project root again and again, and
 * `relative` resolves and compares both paths each time. The answer depends on the two
 * strings alone; a relative one depends on the working directory too and is not kept.
 */
export function relativePath(from: string, to: string): string {
  if (!isAbsolute(from) || !isAbsolute(to)) return relative(from, to);
  const byTarget = known.get(from) ?? known.remember(from, new BoundedCache(maxPathsPerRoot));
  return byTarget.get(to) ?? byTarget.remember(to, relative(from, to));
}
