import type { Token } from '../../authentication/token.ts';
import { Vote, type VoterInterface } from './voter-interface.ts';

/**
 * The base of application voters: say which (attribute, subject) pairs you decide on, and
 * decide each one. Granted when any supported attribute is granted; abstains when none is
 * supported, so unrelated checks do not count against the user.
 *
 * ```ts
 * class EventVoter extends Voter {
 *   protected supports(attribute: string, subject: unknown) { return attribute === 'EDIT' && subject instanceof Event; }
 *   protected voteOnAttribute(_: string, event: Event, token: Token) { return event.ownerId === token.user?.identifier; }
 * }
 * ```
 */
export abstract class Voter implements VoterInterface {
  protected abstract supports(attribute: string, subject: unknown): boolean;
  protected abstract voteOnAttribute(attribute: string, subject: any, token: Token): boolean | Promise<boolean>;

  async vote(token: Token, subject: unknown, attributes: readonly string[]): Promise<Vote> {
    let vote: Vote = Vote.ABSTAIN;
    for (const attribute of attributes) {
      if (!this.supports(attribute, subject)) continue;
      vote = Vote.DENIED;
      if (await this.voteOnAttribute(attribute, subject, token)) return Vote.GRANTED;
    }
    return vote;
  }
}
