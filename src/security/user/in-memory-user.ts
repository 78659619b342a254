import type { SecurityUser } from './security-user.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

/** A user defined in configuration (the in-memory provider's users). */
export class InMemoryUser implements SecurityUser {
  readonly identifier: string;
  readonly password: string | undefined;
  readonly roles: readonly string[];

  constructor(identifier: string, password: string | undefined, roles: readonly string[] = []) {
    if (identifier === '') throw new SluiceError('SLUICE_EMPTY_USER_IDENTIFIER', {});
    this.identifier = identifier;
    this.password = password;
    this.roles = Object.freeze([...roles]);
  }

  withPassword(password: string): InMemoryUser {
    return new InMemoryUser(this.identifier, password, this.roles);
  }
}
