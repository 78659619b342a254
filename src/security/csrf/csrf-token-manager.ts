import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionLike } from '../session-like.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

const SECRET_KEY = '_csrf/secret';
const SIZE = 32;

/**
 * CSRF tokens bound to a session and to a purpose (`authenticate`, `delete-event-3`).
 *
 * Each session gets a random secret, kept server-side; a token is the HMAC, keyed with
 * the kernel secret, of that session secret and the token id. A token from another
 * session or for another purpose never matches. Each token handed out is masked with
 * fresh random bytes, so the page bytes differ on every render (no BREACH-style
 * compression oracle) while every handed-out token stays valid. Compared in constant time.
 */
export class CsrfTokenManager {
  readonly #secret: string;

  constructor(kernelSecret: string) {
    if (kernelSecret === '') throw new SluiceError('SLUICE_CSRF_NEEDS_SECRET', {});
    this.#secret = kernelSecret;
  }

  /** A token for `id`, creating the session's secret on first use. */
  async getToken(session: SessionLike, id: string): Promise<string> {
    const expected = this.#expected((await this.#sessionSecret(session, true))!, id);
    const mask = randomBytes(SIZE);
    return `${mask.toString('base64url')}.${xor(expected, mask).toString('base64url')}`;
  }

  async isTokenValid(session: SessionLike, id: string, value: unknown): Promise<boolean> {
    if (typeof value !== 'string' || value.length > 200) return false;
    const secret = await this.#sessionSecret(session, false);
    if (secret === undefined) return false;
    const [maskText, maskedText, extra] = value.split('.');
    if (maskText === undefined || maskedText === undefined || extra !== undefined) return false;
    const mask = Buffer.from(maskText, 'base64url');
    const masked = Buffer.from(maskedText, 'base64url');
    if (mask.length !== SIZE || masked.length !== SIZE) return false;
    return timingSafeEqual(xor(masked, mask), this.#expected(secret, id));
  }

  /** Forgets the session's secret, so every token handed out so far stops working (at login and logout). */
  async refresh(session: SessionLike): Promise<void> {
    await session.remove(SECRET_KEY);
  }

  async #sessionSecret(session: SessionLike, create: boolean): Promise<string | undefined> {
    const stored = await session.get(SECRET_KEY);
    if (typeof stored === 'string' && stored !== '') return stored;
    if (!create) return undefined;
    const secret = randomBytes(SIZE).toString('base64url');
    await session.set(SECRET_KEY, secret);
    return secret;
  }

  #expected(sessionSecret: string, id: string): Buffer {
    return createHmac('sha256', this.#secret).update(`${sessionSecret}\0${id}`).digest();
  }
}

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}
