import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toJsonSafe } from './normalize.ts';

describe('toJsonSafe (the profile preset of the normalizer)', () => {
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

  it('copies a value shared by two keys twice: only a value inside itself is a cycle', () => {
    const shared = { id: 1 };
    assert.deepEqual(toJsonSafe({ a: shared, b: [shared] }), { a: { id: 1 }, b: [{ id: 1 }] });
  });

  it('keeps the first 200 keys of an object, in order', () => {
    const wide = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`k${i}`, i]));
    const copy = toJsonSafe(wide) as Record<string, number>;
    assert.deepEqual(Object.keys(copy), Object.keys(wide).slice(0, 200));
  });

  it('writes what JSON cannot hold as text', () => {
    assert.deepEqual(toJsonSafe([10n, Number.NaN, new Date(0)]), ['10', 'NaN', '1970-01-01T00:00:00.000Z']);
  });
});
