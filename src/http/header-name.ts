import { BoundedCache } from '../support/bounded-cache.ts';

const lowercased = new BoundedCache<string, string>(1024);

/**
 * The lowercase form of a header name, the same string object every time for a name seen
 * before. Header names are mostly literals in the code (`'Content-Type'`), so this turns
 * a `toLowerCase()` (a new string, hashed anew by every Map lookup) into one lookup of a
 * string whose hash V8 already knows. Names beyond the first thousand are not remembered:
 * client-chosen names cannot grow the table.
 */
export function headerKey(name: string): string {
  return lowercased.get(name) ?? lowercased.remember(name, name.toLowerCase());
}
