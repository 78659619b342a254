import { LazyLogValue } from '../../log/lazy-log-value.ts';

const maxDepth = 6;
const maxItems = 200;

/**
 * A copy of a value that JSON keeps as is: errors as their class and message, class
 * instances as `[object Class]` (a request attribute may hold a logger or a whole
 * service), functions by name, cycles and very deep values cut short.
 */
export function toJsonSafe(value: unknown, depth = 0, seen?: Set<object>): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name || 'anonymous'}]`;
  }
  const object = value as object;
  if (object instanceof LazyLogValue) return toJsonSafe(object.value, depth, seen);
  if (object instanceof Error) return { class: object.constructor.name || object.name, message: object.message };
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (seen?.has(object) === true) return '[circular]';
  if (depth >= maxDepth) return Array.isArray(object) ? '[array]' : '[object]';
  // made for the first container only: most values copied are text
  seen ??= new Set();
  seen.add(object);
  try {
    if (Array.isArray(object)) return object.slice(0, maxItems).map((item) => toJsonSafe(item, depth + 1, seen));
    if (object instanceof Map) return fromEntries([...object].map(([k, v]) => [String(k), v]), depth, seen);
    if (object instanceof Set) return [...object].slice(0, maxItems).map((item) => toJsonSafe(item, depth + 1, seen));
    const proto = Object.getPrototypeOf(object) as object | null;
    if (proto !== null && proto !== Object.prototype) return `[object ${object.constructor?.name ?? 'Object'}]`;
    return ownEntries(object as Record<string, unknown>, depth, seen);
  } finally {
    seen.delete(object);
  }
}

/** `fromEntries(Object.entries(object))` without making the entries. */
function ownEntries(object: Record<string, unknown>, depth: number, seen: Set<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (count++ === maxItems) break;
    out[key] = toJsonSafe(object[key], depth + 1, seen);
  }
  return out;
}

function fromEntries(entries: [string, unknown][], depth: number, seen: Set<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, maxItems)) out[key] = toJsonSafe(item, depth + 1, seen);
  return out;
}
