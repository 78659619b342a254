import type { Token } from '../authentication/token.ts';
import { Vote, type VoterInterface } from './voter/voter-interface.ts';

/**
 * How votes become a decision. affirmative: one grant suffices (the default);
 * consensus: more grants than denials; unanimous: no voter denies any attribute.
 */
export type DecisionStrategy = 'affirmative' | 'consensus' | 'unanimous';

export interface AccessDecisionManagerOptions {
  strategy?: DecisionStrategy;
  /** The decision when every voter abstains. */
  allowIfAllAbstainDecisions?: boolean;
  /** consensus only: the decision on a tie with at least one grant. */
  allowIfEqualGrantedDeniedDecisions?: boolean;
}

/** Asks the voters about attributes (and a subject) and applies the strategy. */
export class AccessDecisionManager {
  readonly #voters: readonly VoterInterface[];
  readonly #strategy: DecisionStrategy;
  readonly #allowIfAllAbstain: boolean;
  readonly #allowIfEqual: boolean;

  constructor(voters: readonly VoterInterface[], options: AccessDecisionManagerOptions = {}) {
    this.#voters = voters;
    this.#strategy = options.strategy ?? 'affirmative';
    this.#allowIfAllAbstain = options.allowIfAllAbstainDecisions ?? false;
    this.#allowIfEqual = options.allowIfEqualGrantedDeniedDecisions ?? true;
  }

  decide(token: Token, attributes: readonly string[], subject?: unknown): Promise<boolean> {
    if (this.#strategy === 'unanimous') return this.#unanimous(token, attributes, subject);
    if (this.#strategy === 'consensus') return this.#consensus(token, attributes, subject);
    return this.#affirmative(token, attributes, subject);
  }

  /** Stops at the first grant, so later (possibly costly) voters are not asked. */
  async #affirmative(token: Token, attributes: readonly string[], subject: unknown): Promise<boolean> {
    let denied = 0;
    for (const voter of this.#voters) {
      const vote = await voter.vote(token, subject, attributes);
      if (vote === Vote.GRANTED) return true;
      if (vote === Vote.DENIED) denied++;
    }
    return denied > 0 ? false : this.#allowIfAllAbstain;
  }

  async #consensus(token: Token, attributes: readonly string[], subject: unknown): Promise<boolean> {
    let granted = 0;
    let denied = 0;
    for (const voter of this.#voters) {
      const vote = await voter.vote(token, subject, attributes);
      if (vote === Vote.GRANTED) granted++;
      else if (vote === Vote.DENIED) denied++;
    }
    if (granted > denied) return true;
    if (denied > granted) return false;
    return granted > 0 ? this.#allowIfEqual : this.#allowIfAllAbstain;
  }

  /** Each attribute is put to every voter on its own: one denial of any attribute refuses. */
  async #unanimous(token: Token, attributes: readonly string[], subject: unknown): Promise<boolean> {
    let granted = 0;
    for (const attribute of attributes) {
      for (const voter of this.#voters) {
        const vote = await voter.vote(token, subject, [attribute]);
        if (vote === Vote.DENIED) return false;
        if (vote === Vote.GRANTED) granted++;
      }
    }
    return granted > 0 ? true : this.#allowIfAllAbstain;
  }
}
