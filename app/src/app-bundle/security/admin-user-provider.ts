import type { PasswordHasher } from 'sluice/security';
import { InMemoryUser } from 'sluice/security';
import type { SecurityUser } from 'sluice/security';
import type { UserProvider } from 'sluice/security';

export const ADMIN_IDENTIFIER = 'admin';

/**
 * The site's one account, `admin`, with ROLE_ADMIN. Its password comes from the
 * environment as plain text or as a PasswordHasher hash (`$scrypt$...`); plain text is
 * hashed once, when the user is first needed (at the first login), not at boot: hashing
 * costs tens of milliseconds that a start or a console command should not pay.
 */
export class AdminUserProvider implements UserProvider {
  readonly #password: string;
  readonly #hasher: () => PasswordHasher;
  #user: Promise<SecurityUser> | undefined;

  /** @param hasher the SecurityBundle's hasher (a getter: the bundle builds it after this provider exists) */
  constructor(password: string, hasher: () => PasswordHasher) {
    if (password === '') throw new TypeError('The admin password cannot be empty.');
    this.#password = password;
    this.#hasher = hasher;
  }

  loadUserByIdentifier(identifier: string): Promise<SecurityUser> | undefined {
    if (identifier.toLowerCase() !== ADMIN_IDENTIFIER) return undefined;
    this.#user ??= this.#build().catch((error: unknown) => {
      this.#user = undefined;
      throw error;
    });
    return this.#user;
  }

  async #build(): Promise<SecurityUser> {
    const hash = this.#password.startsWith('$scrypt$') ? this.#password : await this.#hasher().hash(this.#password);
    return new InMemoryUser(ADMIN_IDENTIFIER, hash, ['ROLE_ADMIN']);
  }
}
