import { randomBytes } from 'node:crypto';

/** 256 bits from the OS's CSPRNG, base64url: 43 characters, safe in cookies, file names and keys. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether a client-sent id could be one of ours. Anything else is never looked up: a
 * forged or malformed cookie costs no store access and starts a fresh session.
 */
export function isWellFormedSessionId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(id);
}
