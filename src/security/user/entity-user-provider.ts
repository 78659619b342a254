import type { SecurityUser } from './security-user.ts';
import type { UserProvider } from './user-provider.ts';
import type { MaybePromise } from '../../event-dispatcher/maybe-promise.ts';

/**
 * What an application's user repository offers security: a lookup by identifier (a
 * username or e-mail column), and optionally a way to store a rehashed password.
 */
export interface UserLoader {
  findUserByIdentifier(identifier: string): MaybePromise<SecurityUser | null | undefined>;
  upgradePassword?(user: SecurityUser, newHash: string): MaybePromise<void>;
}

/** Users stored as entities (SQLite, PostgreSQL), reached through the application's UserLoader. */
export class EntityUserProvider implements UserProvider {
  /**
   * Present only when the loader can store hashes: a login then rehashes an outdated
   * password, and pays for that second hash only when it can be kept.
   */
  readonly upgradePassword?: (user: SecurityUser, newHash: string) => Promise<void>;
  readonly #loader: UserLoader;

  constructor(loader: UserLoader) {
    this.#loader = loader;
    if (typeof loader.upgradePassword === 'function') {
      this.upgradePassword = async (user, newHash) => {
        await loader.upgradePassword!(user, newHash);
      };
    }
  }

  async loadUserByIdentifier(identifier: string): Promise<SecurityUser | undefined> {
    return (await this.#loader.findUserByIdentifier(identifier)) ?? undefined;
  }
}
