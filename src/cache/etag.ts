import { createHash } from 'node:crypto';

/**
 * The ETag for a value: the SHA-256 of its text, as the reference hashes the evaluated
 * expression. A Date hashes its ISO form, so equal instants give equal tags.
 */
export function etagFor(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  return createHash('sha256').update(text).digest('hex');
}
