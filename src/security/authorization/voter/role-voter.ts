import type { Token } from '../../authentication/token.ts';
import type { RoleHierarchy } from '../role-hierarchy.ts';
import { Vote, type VoterInterface } from './voter-interface.ts';

/**
 * Votes on attributes that are role names (`ROLE_` prefix): granted when the user holds
 * one of them, directly or through the role hierarchy.
 */
export class RoleVoter implements VoterInterface {
  readonly #hierarchy: RoleHierarchy | undefined;
  readonly #prefix: string;

  constructor(hierarchy?: RoleHierarchy, prefix = 'ROLE_') {
    this.#hierarchy = hierarchy;
    this.#prefix = prefix;
  }

  vote(token: Token, _subject: unknown, attributes: readonly string[]): Vote {
    let vote: Vote = Vote.ABSTAIN;
    let roles: ReadonlySet<string> | undefined;
    for (const attribute of attributes) {
      if (!attribute.startsWith(this.#prefix)) continue;
      vote = Vote.DENIED;
      roles ??= new Set(this.#hierarchy?.getReachableRoleNames(token.roleNames) ?? token.roleNames);
      if (roles.has(attribute)) return Vote.GRANTED;
    }
    return vote;
  }
}
