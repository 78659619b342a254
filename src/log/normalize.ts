import type { LogContext } from './log-record.ts';
import { LazyLogValue } from './lazy-log-value.ts';
import { throwableClassName, throwableLocation, throwableTrace } from './throwable-location.ts';

/** What a value becomes for text and JSON outputs: always safe for JSON.stringify. */
export type NormalizedValue =
  | null
  | boolean
  | number
  | string
  | NormalizedValue[]
  | { [key: string]: NormalizedValue };

/**
 * How far and how a value is copied. One walker serves the log files (line and JSON) and
 * the profiler: they differ only in these choices.
 */
export interface NormalizeOptions {
  /** Levels of nesting kept; deeper values are replaced by a note. */
  readonly maxDepth: number;
  /** Items kept per array, set, map or object. */
  readonly maxItems: number;
  /**
   * An error as `line` (`[object] (Class(code: N): message at file:line, ...)`, the line
   * file's form), `whole` (Monolog's normalizer: class, message, code, file:line, trace,
   * previous), `summary` (class and message, what a profile keeps) or `empty` (`{}`, an
   * object without public properties, as the reference's debug Logs tab shows one).
   */
  readonly errors: 'line' | 'whole' | 'summary' | 'empty';
  /**
   * A class instance walked into (`walk`, a log's context is data the caller chose) or
   * named only (`name`: a request attribute may hold a logger or a whole service).
   */
  readonly instances: 'walk' | 'name';
  /** Longer strings are cut, so that a client cannot make one entry as long as it likes. */
  readonly maxStringLength?: number;
  /** Whether a cut is said: the log's notes (`Over 9 levels deep...`) or the profile's bare `[object]`. */
  readonly notes: boolean;
}

/** Limits from the reference's normalizer: a log line must stay a line, whatever was passed. */
export const lineNormalizing: NormalizeOptions = { maxDepth: 9, maxItems: 1000, errors: 'line', instances: 'walk', notes: true };
/** JSON lines for shippers: exceptions whole, every string cut at a bound. */
export const jsonLogNormalizing: NormalizeOptions = { ...lineNormalizing, errors: 'whole', maxStringLength: 1024 };
/** The debug Logs tab's copy of a context JSON cannot write as it is (one that contains itself). */
export const logsTabNormalizing: NormalizeOptions = { ...lineNormalizing, errors: 'empty', notes: false };
/** What a profile keeps of request attributes and log contexts: small and shallow. */
export const profileNormalizing: NormalizeOptions = { maxDepth: 6, maxItems: 200, errors: 'summary', instances: 'name', notes: false };

export function normalizeContext(context: LogContext, options: NormalizeOptions = lineNormalizing): { [key: string]: NormalizedValue } {
  return normalizeEntries(Object.entries(context), 0, new Set([context]), options);
}

export function normalizeContextValue(value: unknown, options: NormalizeOptions = lineNormalizing): NormalizedValue {
  return normalize(value, 0, new Set(), options);
}

/**
 * A copy of a value that JSON keeps as is, for profiles: errors as their class and
 * message, class instances as `[object Class]`, functions by name, cycles and very deep
 * values cut short.
 */
export function toJsonSafe(value: unknown): NormalizedValue {
  return normalize(value, 0, new Set(), profileNormalizing);
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

/** An error as Monolog's NormalizerFormatter writes one: class, message, code, file:line, trace frames and the previous (cause) chain. */
export function normalizeError(error: Error, options: NormalizeOptions = jsonLogNormalizing, seen = new Set<Error>()): { [key: string]: NormalizedValue } {
  seen.add(error);
  const { file, line } = throwableLocation(error);
  const out: { [key: string]: NormalizedValue } = {
    class: throwableClassName(error),
    message: cut(error.message, options),
    code: errorCode(error),
    file: `${file}:${line}`,
    trace: throwableTrace(error).slice(0, options.maxItems).map((frame) => cut(frame, options)),
  };
  const cause = error.cause;
  if (cause instanceof Error && !seen.has(cause)) out['previous'] = normalizeError(cause, options, seen);
  return out;
}

function errorCode(error: Error): number {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : 0;
}

function cut(text: string, options: NormalizeOptions): string {
  const max = options.maxStringLength;
  if (max === undefined || text.length <= max) return text;
  return `${text.slice(0, max)}...(${text.length - max} more characters)`;
}

// `ancestors` holds the containers on the path from the root: a value shared by two
// branches is repeated, only a value containing itself is cut.
function normalize(value: unknown, depth: number, ancestors: Set<object>, options: NormalizeOptions): NormalizedValue {
  switch (typeof value) {
    case 'string':
      return cut(value, options);
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
  if (object instanceof LazyLogValue) return normalize(object.value, depth, ancestors, options);
  if (object instanceof Error) return normalizeErrorAs(object, options);
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (ancestors.has(object)) return '[circular]';
  if (options.notes ? depth > options.maxDepth : depth >= options.maxDepth) {
    if (options.notes) return `Over ${options.maxDepth} levels deep, aborting normalization`;
    return Array.isArray(object) ? '[array]' : '[object]';
  }
  ancestors.add(object);
  try {
    return normalizeObject(object, depth, ancestors, options);
  } finally {
    ancestors.delete(object);
  }
}

function normalizeErrorAs(error: Error, options: NormalizeOptions): NormalizedValue {
  if (options.errors === 'line') return cut(describeError(error), options);
  if (options.errors === 'summary') return { class: throwableClassName(error), message: cut(error.message, options) };
  if (options.errors === 'empty') return {};
  return normalizeError(error, options);
}

function normalizeObject(object: object, depth: number, ancestors: Set<object>, options: NormalizeOptions): NormalizedValue {
  if (Array.isArray(object) || object instanceof Set) {
    const items: unknown[] = Array.isArray(object) ? object : [...object];
    const out = items.slice(0, options.maxItems).map((item) => normalize(item, depth + 1, ancestors, options));
    if (items.length > options.maxItems && options.notes) out.push(tooMany(items.length, options));
    return out;
  }
  if (object instanceof Map) {
    return normalizeEntries([...object].map(([key, item]) => [String(key), item]), depth, ancestors, options);
  }
  if (options.instances === 'name') {
    const proto = Object.getPrototypeOf(object) as object | null;
    if (proto !== null && proto !== Object.prototype) return `[object ${throwableClassName(object)}]`;
  } else {
    const toJSON = (object as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return normalize(toJSON.call(object), depth + 1, ancestors, options);
  }
  return normalizeEntries(Object.entries(object), depth, ancestors, options);
}

function normalizeEntries(
  entries: [string, unknown][],
  depth: number,
  ancestors: Set<object>,
  options: NormalizeOptions,
): { [key: string]: NormalizedValue } {
  const out: { [key: string]: NormalizedValue } = {};
  let count = 0;
  for (const [key, item] of entries) {
    // Absent and undefined read the same in JSON: the key is left out.
    if (item === undefined) continue;
    if (count++ === options.maxItems) {
      if (options.notes) out['...'] = tooMany(entries.length, options);
      break;
    }
    const normalized = normalize(item, depth + 1, ancestors, options);
    // A plain assignment to `__proto__` would change the prototype instead of adding a key.
    if (key === '__proto__') Object.defineProperty(out, key, { value: normalized, enumerable: true });
    else out[cut(key, options)] = normalized;
  }
  return out;
}

function tooMany(total: number, options: NormalizeOptions): string {
  return `Over ${options.maxItems} items (${total} total), aborting normalization`;
}
