import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UserValueResolver } from './user-value-resolver.ts';
import { PendingUser } from './pending-user.ts';
import { InMemoryUser } from '../user/in-memory-user.ts';
import { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../../controller/argument-metadata.ts';

const argument = (name: string, overrides: Partial<ArgumentMetadata> = {}): ArgumentMetadata =>
  ({ name, type: undefined, hasDefault: false, isVariadic: false, isNullable: false, ...overrides });
const resolver = new UserValueResolver([InMemoryUser]);
const request = Request.create('/');

describe('UserValueResolver', () => {
  it('leaves a marker for an argument named user, completed before the controller runs', () => {
    assert.deepEqual(resolver.resolve(request, argument('user')), [new PendingUser('user', false)]);
  });

  it('resolves an argument declared with a user class, whatever its name', () => {
    assert.deepEqual(resolver.resolve(request, argument('me', { type: InMemoryUser })), [new PendingUser('me', false)]);
  });

  it('marks a nullable or defaulted argument as optional', () => {
    assert.deepEqual(resolver.resolve(request, argument('user', { hasDefault: true })), [new PendingUser('user', true)]);
  });

  it('does not apply to other arguments', () => {
    assert.equal(resolver.resolve(request, argument('event')), undefined);
    assert.equal(resolver.resolve(request, argument('user', { type: Date })), undefined);
  });
});
