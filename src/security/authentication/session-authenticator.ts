import { createHash } from 'node:crypto';
import type { Request } from '../../http/request.ts';
import type { Logger } from '../../log/logger.ts';
import { sessionOf, type SessionLike } from '../session-like.ts';
import type { SecurityUser } from '../user/security-user.ts';
import type { UserProvider } from '../user/user-provider.ts';
import type { Authenticator } from './authenticator.ts';
import { Token } from './token.ts';

interface StoredLogin {
  identifier: string;
  fingerprint: string;
}

/**
 * Recognises a user who logged in earlier in this session. The session keeps the user's
 * identifier and a fingerprint of the password hash; the user is reloaded from the
 * provider on each request, so a deleted user, an unknown identifier or a changed password
 * gives an anonymous client, never a user built from what the session says.
 */
export class SessionAuthenticator implements Authenticator {
  readonly sessionKey: string;
  readonly #provider: UserProvider;
  readonly #logger: Logger | undefined;

  constructor(provider: UserProvider, firewall: string, logger?: Logger) {
    this.#provider = provider;
    this.sessionKey = `_security_${firewall}`;
    this.#logger = logger;
  }

  async authenticate(request: Request): Promise<Token | undefined> {
    const session = sessionOf(request);
    if (session === undefined) return undefined;
    const stored = (await session.get(this.sessionKey)) as Partial<StoredLogin> | null | undefined;
    if (typeof stored?.identifier !== 'string') return undefined;
    this.#logger?.debug('Read existing security token from the session.', { key: this.sessionKey });
    const user = await this.#provider.loadUserByIdentifier(stored.identifier);
    if (user === undefined) {
      this.#logger?.warning('Username could not be found in the selected user provider.', { username: stored.identifier });
      await session.remove(this.sessionKey);
      return undefined;
    }
    if (stored.fingerprint !== fingerprint(user)) {
      this.#logger?.debug('Token was deauthenticated after trying to refresh it.', { username: user.identifier });
      await session.remove(this.sessionKey);
      return undefined;
    }
    this.#logger?.debug('User was reloaded from a user provider.', { username: user.identifier });
    return Token.authenticated(user, 'session');
  }

  /** Remembers a login; call after the session id was regenerated. */
  async store(session: SessionLike, user: SecurityUser): Promise<void> {
    await session.set(this.sessionKey, { identifier: user.identifier, fingerprint: fingerprint(user) } satisfies StoredLogin);
  }
}

/** Changes when the password does, which ends the sessions opened with the old one. */
function fingerprint(user: SecurityUser): string {
  return createHash('sha256').update(user.password ?? '').digest('base64url').slice(0, 22);
}
