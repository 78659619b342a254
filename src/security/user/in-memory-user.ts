import type { SecurityUser } from './security-user.ts';

/** A user defined in configuration (the in-memory provider's users). */
export class InMemoryUser implements SecurityUser {
  readonly identifier: string;
  readonly password: string | undefined;
  readonly roles: readonly string[];

  constructor(identifier: string, password: string | undefined, roles: readonly string[] = []) {
    if (identifier === '') throw new TypeError('The user identifier cannot be empty.');
    this.identifier = identifier;
    this.password = password;
    this.roles = Object.freeze([...roles]);
  }

  withPassword(password: string): InMemoryUser {
    return new InMemoryUser(this.identifier, password, this.roles);
  }
}
