import { isAbsolute, relative } from 'node:path';

const known = new Map<string, Map<string, string>>();
const maxRoots = 16;
const maxPathsPerRoot = 2048;

/**
 * `path.relative(from, to)` for two absolute paths, remembered: log lines and error pages
 * show the same few source files relative to the project root again and again, and
 * `relative` resolves and compares both paths each time. The answer depends on the two
 * strings alone; a relative one depends on the working directory too and is not kept.
 */
export function relativePath(from: string, to: string): string {
  if (!isAbsolute(from) || !isAbsolute(to)) return relative(from, to);
  let byTarget = known.get(from);
  if (byTarget === undefined) {
    if (known.size >= maxRoots) known.clear();
    byTarget = new Map();
    known.set(from, byTarget);
  }
  let answer = byTarget.get(to);
  if (answer === undefined) {
    answer = relative(from, to);
    if (byTarget.size >= maxPathsPerRoot) byTarget.clear();
    byTarget.set(to, answer);
  }
  return answer;
}
