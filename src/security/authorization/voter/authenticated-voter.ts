import type { Token } from '../../authentication/token.ts';
import { Vote, type VoterInterface } from './voter-interface.ts';

export const IS_AUTHENTICATED_FULLY = 'IS_AUTHENTICATED_FULLY';
export const IS_AUTHENTICATED_REMEMBERED = 'IS_AUTHENTICATED_REMEMBERED';
export const IS_AUTHENTICATED_ANONYMOUSLY = 'IS_AUTHENTICATED_ANONYMOUSLY';

/**
 * Votes on how the client authenticated. FULLY: logged in during this session;
 * REMEMBERED: that, or known from a remember-me cookie; ANONYMOUSLY: anyone at all, as in
 * the reference's 4.4 (the attribute marks a resource as deliberately public).
 */
export class AuthenticatedVoter implements VoterInterface {
  vote(token: Token, _subject: unknown, attributes: readonly string[]): Vote {
    let vote: Vote = Vote.ABSTAIN;
    for (const attribute of attributes) {
      if (attribute === IS_AUTHENTICATED_FULLY) {
        vote = Vote.DENIED;
        if (token.level === 'full') return Vote.GRANTED;
      } else if (attribute === IS_AUTHENTICATED_REMEMBERED) {
        vote = Vote.DENIED;
        if (token.level !== 'anonymous') return Vote.GRANTED;
      } else if (attribute === IS_AUTHENTICATED_ANONYMOUSLY) {
        return Vote.GRANTED;
      }
    }
    return vote;
  }
}
