import type { SecurityUser } from './security-user.ts';
import type { MaybePromise } from '../../event-dispatcher/maybe-promise.ts';

/**
 * Where users come from. Returning undefined for an unknown identifier (rather than
 * throwing) lets callers treat "no such user" and "wrong password" the same way, so
 * responses do not tell which usernames exist.
 */
export interface UserProvider {
  loadUserByIdentifier(identifier: string): MaybePromise<SecurityUser | undefined>;
}

/** A provider that can store a new hash when the hasher's parameters have changed. */
export interface PasswordUpgrader {
  upgradePassword(user: SecurityUser, newHash: string): MaybePromise<void>;
}

export function canUpgradePasswords(provider: object): provider is PasswordUpgrader {
  return typeof (provider as Partial<PasswordUpgrader>).upgradePassword === 'function';
}
