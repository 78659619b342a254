import { InMemoryUser } from './in-memory-user.ts';
import type { SecurityUser } from './security-user.ts';
import type { PasswordUpgrader, UserProvider } from './user-provider.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

export interface InMemoryUserDefinition {
  /** A PasswordHasher hash; never a plain password. */
  password?: string;
  roles?: readonly string[];
}

/**
 * Users listed in configuration. Identifiers are matched without regard to case, as the
 * reference's in-memory provider does, so `Alice` and `alice` are one account.
 */
export class InMemoryUserProvider implements UserProvider, PasswordUpgrader {
  readonly #users = new Map<string, InMemoryUser>();

  constructor(users: Readonly<Record<string, InMemoryUserDefinition>> = {}) {
    for (const [identifier, definition] of Object.entries(users)) {
      this.createUser(new InMemoryUser(identifier, definition.password, definition.roles ?? []));
    }
  }

  createUser(user: InMemoryUser): void {
    const key = user.identifier.toLowerCase();
    if (this.#users.has(key)) throw new SluiceError('SLUICE_DUPLICATE_USER', { identifier: user.identifier });
    this.#users.set(key, user);
  }

  loadUserByIdentifier(identifier: string): SecurityUser | undefined {
    return this.#users.get(identifier.toLowerCase());
  }

  upgradePassword(user: SecurityUser, newHash: string): void {
    const key = user.identifier.toLowerCase();
    const stored = this.#users.get(key);
    if (stored !== undefined) this.#users.set(key, stored.withPassword(newHash));
  }
}
