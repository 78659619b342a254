// Encoding rules of generated URLs (the reference's UrlGenerator, which uses PHP's
// rawurlencode and http_build_query with RFC 3986 encoding).

/**
 * Characters that stay readable in a generated path: "/" keeps its hierarchical meaning,
 * "@" and ":" only matter in the authority, and the sub-delimiters have no meaning in a
 * path, so applications may use them to structure segments.
 */
const PATH_SAFE: Readonly<Record<string, string>> = {
  '%2F': '/',
  '%40': '@',
  '%3A': ':',
  '%3B': ';',
  '%2C': ',',
  '%3D': '=',
  '%2B': '+',
  '%21': '!',
  '%2A': '*',
  '%7C': '|',
};
const ENCODED_SAFE = /%(?:2F|40|3A|3B|2C|3D|2B|21|2A|7C)/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** RFC 3986 percent-encoding: everything but letters, digits and `-_.~` (PHP's rawurlencode). */
export function rawUrlEncode(value: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    // A lone UTF-16 surrogate cannot be encoded as UTF-8; it becomes U+FFFD.
    encoded = encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
  }
  return encoded.replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Encodes a generated path, keeping the safe characters above, and encodes "." and ".."
 * segments: a browser would resolve them away, and the URL would no longer match the route.
 */
export function encodePath(path: string): string {
  // Nothing to encode (the common case): letters, digits, "-", "_", "~", "/" and dots not starting a segment.
  if (PLAIN_PATH.test(path) && !path.includes('/.')) return path;
  const encoded = rawUrlEncode(path).replace(ENCODED_SAFE, (escape) => PATH_SAFE[escape] as string);
  if (!encoded.includes('/.')) return encoded;
  return encoded
    .split('/')
    .map((segment, i) => (i === 0 ? segment : segment === '..' ? '%2E%2E' : segment === '.' ? '%2E' : segment))
    .join('/');
}

const PLAIN_PATH = /^[A-Za-z0-9\-._~/]*$/;

/** The fragment after "#": "/" and "?" may stay as they are there. */
export function encodeFragment(fragment: string): string {
  return rawUrlEncode(fragment).replaceAll('%2F', '/').replaceAll('%3F', '?');
}

/**
 * Builds a query string like PHP's `http_build_query(..., PHP_QUERY_RFC3986)`: null and
 * undefined values are left out, booleans become 1 and 0, arrays and objects nest as
 * `a[b]=c` (brackets percent-encoded, as PHP does), spaces become %20. "/" stays readable.
 */
export function buildQuery(parameters: Readonly<Record<string, unknown>>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(parameters)) appendPair(pairs, key, value);
  return pairs.join('&').replaceAll('%2F', '/');
}

function appendPair(pairs: string[], key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [inner, innerValue] of Object.entries(value)) appendPair(pairs, `${key}[${inner}]`, innerValue);
    return;
  }
  const scalar = typeof value === 'boolean' ? (value ? '1' : '0') : value instanceof Date ? value.toISOString() : String(value);
  pairs.push(`${rawUrlEncode(key)}=${rawUrlEncode(scalar)}`);
}

/**
 * The shortest relative reference from `basePath` to `targetPath`, both absolute paths
 * (e.g. from "/a/b/c/d" to "/a/b/x": "../x").
 */
export function relativePath(basePath: string, targetPath: string): string {
  if (basePath === targetPath) return '';
  const sourceDirs = (basePath.startsWith('/') ? basePath.slice(1) : basePath).split('/');
  const targetDirs = (targetPath.startsWith('/') ? targetPath.slice(1) : targetPath).split('/');
  sourceDirs.pop();
  const targetFile = targetDirs.pop() as string;

  let common = 0;
  while (common < sourceDirs.length && common < targetDirs.length && sourceDirs[common] === targetDirs[common]) common++;
  const path = '../'.repeat(sourceDirs.length - common) + [...targetDirs.slice(common), targetFile].join('/');

  // "" or "/x" would mean something else, and a first segment with a colon ("a:b") would
  // read as a scheme; "./" keeps each of them a relative path.
  const colon = path.indexOf(':');
  const slash = path.indexOf('/');
  const colonInFirstSegment = colon !== -1 && (slash === -1 || colon < slash);
  return path === '' || path.startsWith('/') || colonInFirstSegment ? `./${path}` : path;
}
