import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toJsonSafe } from './json-safe.ts';

describe('toJsonSafe', () => {
  it('keeps plain data as it is', () => {
    assert.deepEqual(toJsonSafe({ a: [1, 'two', true, null], b: { c: 'd' } }), { a: [1, 'two', true, null], b: { c: 'd' } });
  });

  it('shows errors as their class and message', () => {
    assert.deepEqual(toJsonSafe({ exception: new TypeError('bad') }), { exception: { class: 'TypeError', message: 'bad' } });
  });

  it('names class instances and functions instead of walking into them', () => {
    class Logger { handlers = [1, 2, 3]; }
    assert.deepEqual(toJsonSafe({ logger: new Logger(), fn: function resolve() {} }), { logger: '[object Logger]', fn: '[function resolve]' });
  });

  it('cuts cycles short', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    assert.deepEqual(toJsonSafe(a), { name: 'a', self: '[circular]' });
  });

  it('writes what JSON cannot hold as text', () => {
    assert.deepEqual(toJsonSafe([10n, Number.NaN, new Date(0)]), ['10', 'NaN', '1970-01-01T00:00:00.000Z']);
  });
});
