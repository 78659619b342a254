// The two path transformations every matcher applies before comparing paths.

const ENCODED_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Percent-decodes a path the way the reference's `rawurldecode` does (`+` stays `+`,
 * `%2F` becomes `/`), and turns an empty path into "/".
 *
 * Malformed encodings never throw: a `%` not followed by two hex digits is kept as it
 * is, and a run of `%XX` escapes that is not valid UTF-8 (such as "%FF") is kept
 * undecoded. Such a path then matches only routes that accept those characters
 * literally, and otherwise gives the usual "No routes found" error.
 */
export function decodePathInfo(pathinfo: string): string {
  if (pathinfo === '') return '/';
  if (!pathinfo.includes('%')) return pathinfo;
  try {
    return decodeURIComponent(pathinfo);
  } catch {
    return pathinfo.replace(ENCODED_RUN, decodeRun);
  }
}

function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
}

/** The path without its trailing slashes, or "/" when nothing else is left. */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  if (end === path.length) return path;
  return end === 0 ? '/' : path.slice(0, end);
}

/** The character codes of a literal that the matcher compares paths with, computed once. */
export function charCodes(text: string): Uint16Array {
  return Uint16Array.from(text, (char) => char.charCodeAt(0));
}

/**
 * Whether `path` has the characters `codes` at `at` (from index `from` of `codes` on,
 * when the caller already compared the first ones). Written out rather than
 * `path.startsWith(text, at)`: the built-in measured slower on new strings, and reading
 * the literal's codes from an array halves the string accesses.
 */
export function equalAt(path: string, at: number, codes: Uint16Array, from = 0): boolean {
  for (let i = codes.length - 1; i >= from; i--) if (path.charCodeAt(at + i) !== codes[i]) return false;
  return true;
}
