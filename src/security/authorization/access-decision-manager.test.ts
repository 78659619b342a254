import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AccessDecisionManager, type AccessDecisionManagerOptions } from './access-decision-manager.ts';
import { Vote, type VoterInterface } from './voter/voter-interface.ts';
import { Token } from '../authentication/token.ts';

const token = Token.anonymous();
const voter = (vote: Vote): VoterInterface => ({ vote: () => vote });
const { GRANTED: G, DENIED: D, ABSTAIN: A } = Vote;
const decide = (votes: Vote[], options: AccessDecisionManagerOptions, attributes = ['X']): Promise<boolean> =>
  new AccessDecisionManager(votes.map(voter), options).decide(token, attributes);

describe('AccessDecisionManager', () => {
  describe('affirmative', () => {
    it('grants when one voter grants, whatever others deny', async () => {
      assert.equal(await decide([D, G, D], { strategy: 'affirmative' }), true);
    });

    it('denies when a voter denies and none grants', async () => {
      assert.equal(await decide([A, D], { strategy: 'affirmative' }), false);
    });

    it('stops asking voters after the first grant', async () => {
      let asked = false;
      const manager = new AccessDecisionManager([voter(G), { vote: () => { asked = true; return D; } }]);
      assert.equal(await manager.decide(token, ['X']), true);
      assert.equal(asked, false);
    });
  });

  describe('consensus', () => {
    it('grants when grants outnumber denials', async () => {
      assert.equal(await decide([G, G, D], { strategy: 'consensus' }), true);
    });

    it('denies when denials outnumber grants', async () => {
      assert.equal(await decide([G, D, D], { strategy: 'consensus' }), false);
    });

    it('grants a tie by default', async () => {
      assert.equal(await decide([G, D], { strategy: 'consensus' }), true);
    });

    it('denies a tie when told to', async () => {
      assert.equal(await decide([G, D], { strategy: 'consensus', allowIfEqualGrantedDeniedDecisions: false }), false);
    });
  });

  describe('unanimous', () => {
    it('grants when every voter that votes grants', async () => {
      assert.equal(await decide([G, A, G], { strategy: 'unanimous' }), true);
    });

    it('denies when a single voter denies', async () => {
      assert.equal(await decide([G, G, D], { strategy: 'unanimous' }), false);
    });

    it('puts each attribute to the voters on its own', async () => {
      const roleVoter: VoterInterface = { vote: (_t, _s, [attribute]) => (attribute === 'ROLE_A' ? G : D) };
      const manager = new AccessDecisionManager([roleVoter], { strategy: 'unanimous' });
      assert.equal(await manager.decide(token, ['ROLE_A', 'ROLE_B']), false);
    });
  });

  describe('when every voter abstains', () => {
    for (const strategy of ['affirmative', 'consensus', 'unanimous'] as const) {
      it(`denies by default (${strategy})`, async () => {
        assert.equal(await decide([A, A], { strategy }), false);
      });

      it(`grants with allowIfAllAbstainDecisions (${strategy})`, async () => {
        assert.equal(await decide([A, A], { strategy, allowIfAllAbstainDecisions: true }), true);
      });
    }
  });

  it('waits for voters that answer asynchronously', async () => {
    const slow: VoterInterface = { vote: async () => G };
    assert.equal(await new AccessDecisionManager([slow]).decide(token, ['X']), true);
  });
});
