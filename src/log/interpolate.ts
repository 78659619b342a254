import type { LogContext } from './log-record.ts';
import { normalizeContextValue } from './normalize.ts';
import { throwableClassName } from './throwable-location.ts';
import { LazyLogValue } from './lazy-log-value.ts';
import { BoundedCache } from '../support/bounded-cache.ts';

/** `{key}`; split by it, a message alternates text and keys: text, key, text, …, text. */
const placeholder = /\{([A-Za-z0-9_.]+)\}/;

/**
 * Messages split at their placeholders, by message. Messages are templates written in
 * the code, so there are few of them; each entry is filled three times (log file, Logs
 * tab, profile), and each time the regex replace with a callback cost more than the rest
 * of the line. Messages built at run time cannot grow the table past its bound.
 */
const templates = new BoundedCache<string, readonly string[]>(512);

function partsOf(message: string): readonly string[] {
  return templates.get(message) ?? templates.remember(message, message.split(placeholder));
}

/** Fills each `{key}` with `fill(value)`, or leaves it as written when `fill` says undefined or the key is not the context's own. */
function fillPlaceholders(message: string, context: LogContext, fill: (value: unknown) => string | undefined): string {
  const parts = partsOf(message);
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!;
    const filled = Object.hasOwn(context, key) ? fill(context[key]) : undefined;
    text += (filled ?? `{${key}}`) + parts[i + 1]!;
  }
  return text;
}

type Scalar = string | number | bigint | boolean;

function isScalar(value: unknown): value is Scalar {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'bigint' || type === 'boolean';
}

/**
 * Fills `{key}` placeholders the way log files show them (PSR-3's processor): scalars as
 * text, objects by class so that a message never drags a whole object graph into a line.
 * Keys absent from the context stay as written, which makes a typo visible.
 */
export function interpolate(message: string, context: LogContext): string {
  if (!message.includes('{')) return message;
  return fillPlaceholders(message, context, describeDefined);
}

/**
 * Fills only the placeholders whose value is a scalar: the debug error page shows the
 * context beside the message, so anything richer is left for the reader to find there.
 */
export function interpolateScalars(message: string, context: LogContext): string {
  if (!message.includes('{')) return message;
  return fillPlaceholders(message, context, describeScalar);
}

function describeDefined(value: unknown): string | undefined {
  return value === undefined ? undefined : describe(value);
}

function describeScalar(given: unknown): string | undefined {
  const value = given instanceof LazyLogValue ? given.value : given;
  return isScalar(value) ? String(value) : undefined;
}

function describe(value: unknown): string {
  if (value instanceof LazyLogValue) return describe(value.value);
  if (isScalar(value)) return String(value);
  if (value === null) return 'null';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (Array.isArray(value)) return `array${JSON.stringify(normalizeContextValue(value))}`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  return `[object ${throwableClassName(value)}]`;
}
