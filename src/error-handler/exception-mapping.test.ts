import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exceptionPolicyOf, type ExceptionMapping } from './exception-mapping.ts';

class StorageError extends Error {}
class DiskFullError extends StorageError {}

describe('exceptionPolicyOf', () => {
  it('finds the policy of the error\'s class or of its nearest named ancestor, the same on every call', () => {
    const mapping: ExceptionMapping = { StorageError: { logLevel: 'warning', statusCode: 503 }, Error: { logLevel: 'critical' } };
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(exceptionPolicyOf(mapping, new DiskFullError('full')), { logLevel: 'warning', statusCode: 503 });
      assert.deepEqual(exceptionPolicyOf(mapping, new TypeError('x')), { logLevel: 'critical' });
    }
  });

  it('answers each mapping for itself, and nothing without one or without a match', () => {
    const first: ExceptionMapping = { DiskFullError: { statusCode: 507 } };
    const second: ExceptionMapping = { RangeError: { statusCode: 400 } };
    assert.deepEqual(exceptionPolicyOf(first, new DiskFullError('full')), { statusCode: 507 });
    assert.equal(exceptionPolicyOf(second, new DiskFullError('full')), undefined);
    assert.equal(exceptionPolicyOf(second, new DiskFullError('full')), undefined);
    assert.equal(exceptionPolicyOf(undefined, new DiskFullError('full')), undefined);
    assert.equal(exceptionPolicyOf(first, Object.create(null) as Error), undefined);
  });

  it('answers a run of errors of one class, then another mapping or class, each by its own policy', () => {
    const first: ExceptionMapping = { StorageError: { statusCode: 503 } };
    const second: ExceptionMapping = { StorageError: { statusCode: 507 } };
    assert.deepEqual(exceptionPolicyOf(first, new DiskFullError('a')), { statusCode: 503 });
    assert.deepEqual(exceptionPolicyOf(first, new DiskFullError('b')), { statusCode: 503 });
    assert.deepEqual(exceptionPolicyOf(second, new DiskFullError('c')), { statusCode: 507 });
    assert.equal(exceptionPolicyOf(second, new RangeError('d')), undefined);
    assert.deepEqual(exceptionPolicyOf(first, new DiskFullError('e')), { statusCode: 503 });
    assert.equal(exceptionPolicyOf(first, new RangeError('f')), undefined);
  });
});
