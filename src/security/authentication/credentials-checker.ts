import type { Logger } from '../../log/logger.ts';
import { AuthenticationException } from '../exception/authentication-exception.ts';
import type { PasswordHasher } from '../password/password-hasher.ts';
import type { SecurityUser } from '../user/security-user.ts';
import { canUpgradePasswords, type UserProvider } from '../user/user-provider.ts';

/** Identifiers longer than this are refused before any lookup. */
export const MAX_IDENTIFIER_LENGTH = 4096;

/**
 * Checks an identifier and a password (form login, HTTP Basic). Unknown users and wrong
 * passwords fail alike, after the same hashing work; a correct password stored with old
 * hasher parameters is rehashed and saved when the provider can store it.
 */
export class CredentialsChecker {
  readonly #provider: UserProvider;
  readonly #hasher: PasswordHasher;
  readonly #logger: Logger | undefined;

  constructor(provider: UserProvider, hasher: PasswordHasher, logger?: Logger) {
    this.#provider = provider;
    this.#hasher = hasher;
    this.#logger = logger;
  }

  async check(identifier: string, password: string): Promise<SecurityUser> {
    if (identifier === '' || identifier.length > MAX_IDENTIFIER_LENGTH) throw new AuthenticationException('Invalid credentials.');
    const user = await this.#provider.loadUserByIdentifier(identifier);
    const valid = await this.#hasher.verify(user?.password, password);
    if (user === undefined || !valid) throw new AuthenticationException('Invalid credentials.');
    await this.#upgrade(user, password);
    return user;
  }

  /** A failed upgrade must not fail the login: the old hash still works. */
  async #upgrade(user: SecurityUser, password: string): Promise<void> {
    const provider = this.#provider;
    if (!canUpgradePasswords(provider) || !this.#hasher.needsRehash(user.password!)) return;
    try {
      await provider.upgradePassword(user, await this.#hasher.hash(password));
    } catch (error) {
      this.#logger?.warning('The password of user "{username}" could not be rehashed.', { username: user.identifier, exception: error });
    }
  }
}
