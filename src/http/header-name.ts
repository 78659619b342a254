import { BoundedCache } from '../support/bounded-cache.ts';

const lowercased = new BoundedCache<string, string>(1024);

/**
 * A small table in front of the cache, one name per slot, the slot chosen from the name's
 * length and its first and last characters: a response's listeners ask for the same few
 * names (Content-Type, Vary, Content-Length...) on every request, and finding one here is
 * a comparison with one string (the same literal: pointers alike) instead of a Map lookup.
 * A name in an occupied slot replaces the one there; the Map still answers for both.
 */
const SLOT_MASK = 255;
const slotNames: string[] = new Array<string>(SLOT_MASK + 1).fill('');
const slotKeys: string[] = new Array<string>(SLOT_MASK + 1).fill('');

/**
 * The lowercase form of a header name, the same string object every time for a name seen
 * before. Header names are mostly literals in the code (`'Content-Type'`), so this turns
 * a `toLowerCase()` (a new string, hashed anew by every Map lookup) into one lookup of a
 * string whose hash V8 already knows. Names beyond the first thousand are not remembered:
 * client-chosen names cannot grow the table.
 */
export function headerKey(name: string): string {
  const length = name.length;
  // the empty name has no characters: slot zero, whose empty name and key are already right
  const slot = length === 0 ? 0 : (length + name.charCodeAt(0) * 3 + name.charCodeAt(length - 1) * 5) & SLOT_MASK;
  if (slotNames[slot] === name) return slotKeys[slot]!;
  const key = lowercased.get(name) ?? lowercased.remember(name, name.toLowerCase());
  slotNames[slot] = name;
  slotKeys[slot] = key;
  return key;
}
