import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PasswordHasher, MAX_PASSWORD_LENGTH } from './password-hasher.ts';
import { ServiceUnavailableHttpException } from '../../exception/service-unavailable-http-exception.ts';

// A low cost keeps the suite fast; the format and checks are the same at any cost.
const hasher = new PasswordHasher({ cost: 4 });

describe('PasswordHasher', () => {
  it('writes a versioned scrypt hash carrying its parameters', async () => {
    assert.match(await hasher.hash('s3cret'), /^\$scrypt\$v=1\$ln=4,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  it('salts each hash, so one password gives different hashes', async () => {
    assert.notEqual(await hasher.hash('s3cret'), await hasher.hash('s3cret'));
  });

  it('verifies the right password', async () => {
    assert.equal(await hasher.verify(await hasher.hash('s3cret'), 's3cret'), true);
  });

  it('rejects a wrong password', async () => {
    assert.equal(await hasher.verify(await hasher.hash('s3cret'), 'S3cret'), false);
  });

  it('treats a malformed hash as a mismatch rather than an error', async () => {
    assert.equal(await hasher.verify('plain-text-password', 'plain-text-password'), false);
    assert.equal(await hasher.verify('$scrypt$v=1$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x'), false);
  });

  it('says no, after the same work, for an unknown user', async () => {
    assert.equal(await hasher.verify(undefined, 'anything'), false);
  });

  it('verifies a hash made with other parameters', async () => {
    const old = await new PasswordHasher({ cost: 3, blockSize: 4 }).hash('s3cret');
    assert.equal(await hasher.verify(old, 's3cret'), true);
  });

  it('asks for a rehash when the parameters changed', async () => {
    const old = await new PasswordHasher({ cost: 3 }).hash('s3cret');
    assert.deepEqual([hasher.needsRehash(old), hasher.needsRehash(await hasher.hash('s3cret'))], [true, false]);
  });

  it('asks for a rehash of anything that is not one of its hashes', () => {
    assert.equal(hasher.needsRehash('$2y$13$legacy-bcrypt-hash'), true);
  });

  it('refuses to hash an over-long password', async () => {
    await assert.rejects(hasher.hash('x'.repeat(MAX_PASSWORD_LENGTH + 1)), /cannot be longer than 4096/);
    assert.equal(await hasher.verify(await hasher.hash('x'), 'x'.repeat(MAX_PASSWORD_LENGTH + 1)), false);
  });
});

describe('PasswordHasher under a flood', () => {
  it('runs at most maxConcurrent derivations, queues maxWaiting more, and refuses the rest with 503 and Retry-After', async () => {
    const bounded = new PasswordHasher({ cost: 4, maxConcurrent: 1, maxWaiting: 1 });
    const hashed = await bounded.hash('secret');
    const checks = [bounded.verify(hashed, 'a'), bounded.verify(hashed, 'secret'), bounded.verify(hashed, 'b')];
    const [first, second, third] = await Promise.allSettled(checks);
    assert.deepEqual([first, second], [{ status: 'fulfilled', value: false }, { status: 'fulfilled', value: true }]);
    assert.equal(third.status, 'rejected');
    const error = (third as PromiseRejectedResult).reason as ServiceUnavailableHttpException;
    assert.ok(error instanceof ServiceUnavailableHttpException);
    assert.equal(error.headers['Retry-After'], '1');
    assert.equal(await bounded.verify(hashed, 'secret'), true, 'free again once the flood is over');
  });
});
