import { createHash } from 'node:crypto';

/** A strong ETag from the bytes themselves, so every instance computes the same one. */
export function pictureEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
