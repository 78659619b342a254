import type { AttributeExpression } from '../decorators/configuration.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * Evaluates a cache validator over the request attributes: a function receives them all;
 * a dotted path (`'event.updatedAt'`) starts at an attribute and follows properties,
 * calling a method found on the way (`'event.getUpdatedAt'`). A null on the way gives
 * undefined; an unknown first attribute is a declaration error and throws.
 */
export function evaluateAttributeExpression(expression: AttributeExpression, attributes: Readonly<Record<string, unknown>>): unknown {
  if (typeof expression === 'function') return expression(attributes);
  const [root, ...path] = expression.split('.');
  if (root === undefined || !Object.hasOwn(attributes, root)) {
    throw new SluiceError('SLUICE_CACHE_UNKNOWN_ATTRIBUTE', { expression, root, attributes: Object.keys(attributes).join(', ') });
  }
  let value: unknown = attributes[root];
  for (const property of path) {
    if (value === null || value === undefined) return undefined;
    const owner = value as Record<string, unknown>;
    value = owner[property];
    if (typeof value === 'function') value = (value as () => unknown).call(owner);
  }
  return value;
}

/** A value as a date for Last-Modified: a Date, or text or a timestamp (ms) Date can read. */
export function toDate(value: unknown, expression: AttributeExpression): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw new SluiceError('SLUICE_CACHE_NOT_A_DATE', { expression: String(expression), value: String(value) });
  }
  return date;
}
