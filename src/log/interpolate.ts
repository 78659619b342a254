import type { LogContext } from './log-record.ts';
import { normalizeContextValue } from './normalize.ts';
import { throwableClassName } from './throwable-location.ts';
import { LazyLogValue } from './lazy-log-value.ts';

const placeholder = /\{([A-Za-z0-9_.]+)\}/g;

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
  return message.replace(placeholder, (match, key: string) => {
    if (!Object.hasOwn(context, key)) return match;
    const value = context[key];
    return value === undefined ? match : describe(value);
  });
}

/**
 * Fills only the placeholders whose value is a scalar: the debug error page shows the
 * context beside the message, so anything richer is left for the reader to find there.
 */
export function interpolateScalars(message: string, context: LogContext): string {
  if (!message.includes('{')) return message;
  return message.replace(placeholder, (match, key: string) => {
    if (!Object.hasOwn(context, key)) return match;
    const given = context[key];
    const value = given instanceof LazyLogValue ? given.value : given;
    return isScalar(value) ? String(value) : match;
  });
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
