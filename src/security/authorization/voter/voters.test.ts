import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RoleVoter } from './role-voter.ts';
import { AuthenticatedVoter } from './authenticated-voter.ts';
import { Voter } from './voter.ts';
import { Vote } from './voter-interface.ts';
import { RoleHierarchy } from '../role-hierarchy.ts';
import { Token } from '../../authentication/token.ts';
import { InMemoryUser } from '../../user/in-memory-user.ts';

const admin = Token.authenticated(new InMemoryUser('ada', undefined, ['ROLE_ADMIN']), 'session');
const remembered = Token.authenticated(new InMemoryUser('rem', undefined, ['ROLE_USER']), 'remember_me', 'remembered');
const anonymous = Token.anonymous();

describe('RoleVoter', () => {
  const voter = new RoleVoter(new RoleHierarchy({ ROLE_ADMIN: ['ROLE_USER'] }));

  it('grants a role the user holds', () => {
    assert.equal(voter.vote(admin, undefined, ['ROLE_ADMIN']), Vote.GRANTED);
  });

  it('grants a role the hierarchy implies', () => {
    assert.equal(voter.vote(admin, undefined, ['ROLE_USER']), Vote.GRANTED);
  });

  it('denies a role the user lacks', () => {
    assert.equal(voter.vote(admin, undefined, ['ROLE_SUPER_ADMIN']), Vote.DENIED);
  });

  it('grants when any of several roles is held', () => {
    assert.equal(voter.vote(admin, undefined, ['ROLE_SUPER_ADMIN', 'ROLE_USER']), Vote.GRANTED);
  });

  it('denies every role to an anonymous client', () => {
    assert.equal(voter.vote(anonymous, undefined, ['ROLE_USER']), Vote.DENIED);
  });

  it('abstains on attributes that are not roles', () => {
    assert.equal(voter.vote(admin, undefined, ['EDIT']), Vote.ABSTAIN);
  });

  it('ignores the hierarchy when given none', () => {
    assert.equal(new RoleVoter().vote(admin, undefined, ['ROLE_USER']), Vote.DENIED);
  });
});

describe('AuthenticatedVoter', () => {
  const voter = new AuthenticatedVoter();

  it('grants IS_AUTHENTICATED_FULLY to a user who logged in', () => {
    assert.equal(voter.vote(admin, undefined, ['IS_AUTHENTICATED_FULLY']), Vote.GRANTED);
  });

  it('denies IS_AUTHENTICATED_FULLY to a remembered user', () => {
    assert.equal(voter.vote(remembered, undefined, ['IS_AUTHENTICATED_FULLY']), Vote.DENIED);
  });

  it('grants IS_AUTHENTICATED_REMEMBERED to a remembered user', () => {
    assert.equal(voter.vote(remembered, undefined, ['IS_AUTHENTICATED_REMEMBERED']), Vote.GRANTED);
  });

  it('denies IS_AUTHENTICATED_REMEMBERED to an anonymous client', () => {
    assert.equal(voter.vote(anonymous, undefined, ['IS_AUTHENTICATED_REMEMBERED']), Vote.DENIED);
  });

  it('grants IS_AUTHENTICATED_ANONYMOUSLY to anyone', () => {
    assert.equal(voter.vote(anonymous, undefined, ['IS_AUTHENTICATED_ANONYMOUSLY']), Vote.GRANTED);
  });

  it('abstains on roles', () => {
    assert.equal(voter.vote(admin, undefined, ['ROLE_ADMIN']), Vote.ABSTAIN);
  });
});

class Post {
  constructor(readonly author: string) {}
}

class PostVoter extends Voter {
  protected supports(attribute: string, subject: unknown): boolean {
    return attribute === 'EDIT' && subject instanceof Post;
  }

  protected async voteOnAttribute(_attribute: string, post: Post, token: Token): Promise<boolean> {
    return post.author === token.user?.identifier;
  }
}

describe('Voter (custom, with a subject)', () => {
  const voter = new PostVoter();

  it('grants when voteOnAttribute says yes for the subject', async () => {
    assert.equal(await voter.vote(admin, new Post('ada'), ['EDIT']), Vote.GRANTED);
  });

  it('denies when voteOnAttribute says no', async () => {
    assert.equal(await voter.vote(admin, new Post('bob'), ['EDIT']), Vote.DENIED);
  });

  it('abstains on a subject it does not support', async () => {
    assert.equal(await voter.vote(admin, { author: 'ada' }, ['EDIT']), Vote.ABSTAIN);
  });

  it('abstains on an attribute it does not support', async () => {
    assert.equal(await voter.vote(admin, new Post('ada'), ['DELETE']), Vote.ABSTAIN);
  });
});
