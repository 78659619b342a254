import type { LogContext } from './log-record.ts';
import { throwableClassName, throwableLocation } from './throwable-location.ts';

/** What a context value becomes for text and JSON outputs: always safe for JSON.stringify. */
export type NormalizedValue =
  | null
  | boolean
  | number
  | string
  | NormalizedValue[]
  | { [key: string]: NormalizedValue };

// Limits from the reference's normalizer: a log line must stay a line, whatever was passed.
const maxDepth = 9;
const maxItems = 1000;

export function normalizeContext(context: LogContext): { [key: string]: NormalizedValue } {
  return normalizeEntries(Object.entries(context), 0, new Set([context]));
}

export function normalizeContextValue(value: unknown): NormalizedValue {
  return normalize(value, 0, new Set());
}

/**
 * `[object] (Class(code: N): message at file:line, Cause(code: N): message at file:line)`:
 * the exception and its `cause` chain in one parenthesis, without stack traces.
 */
export function describeError(error: Error): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let current: unknown = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const { file, line } = throwableLocation(current);
    parts.push(`${throwableClassName(current)}(code: ${errorCode(current)}): ${current.message} at ${file}:${line}`);
  }
  return `[object] (${parts.join(', ')})`;
}

function errorCode(error: Error): number {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : 0;
}

// `ancestors` holds the containers on the path from the root: a value shared by two
// branches is repeated, only a value containing itself is cut.
function normalize(value: unknown, depth: number, ancestors: Set<object>): NormalizedValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
      return null;
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name || 'anonymous'}]`;
  }
  if (value === null) return null;
  const object = value as object;
  if (object instanceof Error) return describeError(object);
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (depth > maxDepth) return `Over ${maxDepth} levels deep, aborting normalization`;
  if (ancestors.has(object)) return '[circular]';
  ancestors.add(object);
  try {
    return normalizeObject(object, depth, ancestors);
  } finally {
    ancestors.delete(object);
  }
}

function normalizeObject(object: object, depth: number, ancestors: Set<object>): NormalizedValue {
  if (Array.isArray(object) || object instanceof Set) {
    const items: unknown[] = Array.isArray(object) ? object : [...object];
    const out = items.slice(0, maxItems).map((item) => normalize(item, depth + 1, ancestors));
    if (items.length > maxItems) out.push(tooMany(items.length));
    return out;
  }
  if (object instanceof Map) {
    return normalizeEntries([...object].map(([key, item]) => [String(key), item]), depth, ancestors);
  }
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return normalize(toJSON.call(object), depth + 1, ancestors);
  return normalizeEntries(Object.entries(object), depth, ancestors);
}

function normalizeEntries(
  entries: [string, unknown][],
  depth: number,
  ancestors: Set<object>,
): { [key: string]: NormalizedValue } {
  const out: { [key: string]: NormalizedValue } = {};
  let count = 0;
  for (const [key, item] of entries) {
    // Absent and undefined read the same in JSON: the key is left out.
    if (item === undefined) continue;
    if (count++ === maxItems) {
      out['...'] = tooMany(entries.length);
      break;
    }
    const normalized = normalize(item, depth + 1, ancestors);
    // A plain assignment to `__proto__` would change the prototype instead of adding a key.
    if (key === '__proto__') Object.defineProperty(out, key, { value: normalized, enumerable: true });
    else out[key] = normalized;
  }
  return out;
}

function tooMany(total: number): string {
  return `Over ${maxItems} items (${total} total), aborting normalization`;
}
