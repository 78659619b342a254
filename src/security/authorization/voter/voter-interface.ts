import type { Token } from '../../authentication/token.ts';

/** A voter's answer; ABSTAIN when none of the attributes is its business. */
export const Vote = { GRANTED: 1, ABSTAIN: 0, DENIED: -1 } as const;
export type Vote = (typeof Vote)[keyof typeof Vote];

/** Decides on attributes (roles, permissions such as `EDIT`) for a token, optionally about a subject. */
export interface VoterInterface {
  vote(token: Token, subject: unknown, attributes: readonly string[]): Vote | Promise<Vote>;
}
