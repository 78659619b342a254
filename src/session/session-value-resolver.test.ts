import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request } from '../http/request.ts';
import type { ArgumentMetadata } from '../controller/argument-metadata.ts';
import { Session } from './session.ts';
import { SessionValueResolver } from './session-value-resolver.ts';
import { SpySessionStore } from './test-support/spy-session-store.ts';

const argument = (name: string, type?: ArgumentMetadata['type']): ArgumentMetadata => ({ name, type, hasDefault: false, isVariadic: false, isNullable: false });

function requestWithSession(): Request {
  const request = Request.create('/');
  request.session = new Session(new SpySessionStore());
  return request;
}

describe('SessionValueResolver', () => {
  it('gives the session to a parameter named "session"', () => {
    const request = requestWithSession();
    assert.deepEqual(new SessionValueResolver().resolve(request, argument('session')), [request.session]);
  });

  it('gives the session to a parameter declared as Session, whatever its name', () => {
    const request = requestWithSession();
    assert.deepEqual(new SessionValueResolver().resolve(request, argument('userSession', Session)), [request.session]);
  });

  it('does not apply to other parameters', () => {
    assert.equal(new SessionValueResolver().resolve(requestWithSession(), argument('cart')), undefined);
  });

  it('does not apply when the request has no session, so a default value or a clear error follows', () => {
    assert.equal(new SessionValueResolver().resolve(Request.create('/'), argument('session')), undefined);
  });

  it('does not start the session by handing it over', () => {
    const request = requestWithSession();
    new SessionValueResolver().resolve(request, argument('session'));
    assert.equal((request.session as Session).usageIndex, 0);
  });
});
