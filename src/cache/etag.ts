import { hash } from 'node:crypto';
import { BoundedCache } from '../support/bounded-cache.ts';

/** Tags already worked out, by text: a page's tag is asked for at every request while it is unchanged. */
const tags = new BoundedCache<string, string>(1024);

/**
 * The ETag for a value: the SHA-256 of its text, as the reference hashes the evaluated
 * expression. A Date hashes its ISO form, so equal instants give equal tags.
 */
export function etagFor(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  return tags.get(text) ?? tags.remember(text, hash('sha256', text, 'hex'));
}
