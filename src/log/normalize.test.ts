import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { normalizeContext, normalizeContextValue } from './normalize.ts';
import { setProjectRoot } from './throwable-location.ts';

class NotFound extends Error {}
class Inner extends Error {}

const inner = new Inner('inner'); // line 11
const notFound = new NotFound('msg', { cause: inner }); // line 12

setProjectRoot(resolve(dirname(fileURLToPath(import.meta.url)), '../..'));

describe('normalizeContextValue', () => {
  it('writes an error and its causes in one parenthesis, with class, code, message and place', () => {
    assert.equal(
      normalizeContextValue(notFound),
      '[object] (NotFound(code: 0): msg at src/log/normalize.test.ts:12, Inner(code: 0): inner at src/log/normalize.test.ts:11)',
    );
  });

  it("takes an error's numeric code", () => {
    const error = Object.assign(new Error('denied'), { code: 403 });
    assert.match(String(normalizeContextValue(error)), /^\[object\] \(Error\(code: 403\): denied at /);
  });

  it('takes 0 for a code that is not a number', () => {
    const error = Object.assign(new Error('missing'), { code: 'ENOENT' });
    assert.match(String(normalizeContextValue(error)), /^\[object\] \(Error\(code: 0\): missing/);
  });

  it('stops at a cause that points back into the chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    assert.equal(String(normalizeContextValue(b)).match(/\(code: 0\)/g)?.length, 2);
  });

  it('writes a Date as its ISO string and a bigint as a string', () => {
    assert.equal(normalizeContextValue(new Date(Date.UTC(2020, 0, 1))), '2020-01-01T00:00:00.000Z');
    assert.equal(normalizeContextValue(2n ** 64n), '18446744073709551616');
  });

  it('names a function', () => {
    assert.equal(normalizeContextValue(function onKernelRequest() {}), '[function onKernelRequest]');
  });

  it('normalizes nested objects and arrays', () => {
    const when = new Date(0);
    assert.deepEqual(normalizeContextValue({ route: { params: [1, when, { id: 5n }] } }), {
      route: { params: [1, '1970-01-01T00:00:00.000Z', { id: '5' }] },
    });
  });

  it('marks a value that contains itself as circular', () => {
    const node: Record<string, unknown> = { name: 'loop' };
    node['self'] = node;
    assert.deepEqual(normalizeContextValue(node), { name: 'loop', self: '[circular]' });
  });

  it('repeats a value shared by two branches instead of calling it circular', () => {
    const shared = { id: 1 };
    assert.deepEqual(normalizeContextValue([shared, shared]), [{ id: 1 }, { id: 1 }]);
  });

  it('stops below nine levels of nesting', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 12; i++) deep = [deep];
    const text = JSON.stringify(normalizeContextValue(deep));
    assert.match(text, /"Over 9 levels deep, aborting normalization"/);
    assert.doesNotMatch(text, /bottom/);
  });

  it('keeps the first thousand items of a large array and says how many there were', () => {
    const normalized = normalizeContextValue(Array.from({ length: 1500 }, (_, i) => i)) as unknown[];
    assert.equal(normalized.length, 1001);
    assert.equal(normalized[1000], 'Over 1000 items (1500 total), aborting normalization');
  });

  it('keeps the first thousand keys of a large object and says how many there were', () => {
    const big = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`k${i}`, i]));
    const normalized = normalizeContextValue(big) as Record<string, unknown>;
    assert.equal(Object.keys(normalized).length, 1001);
    assert.equal(normalized['...'], 'Over 1000 items (1200 total), aborting normalization');
  });

  it('turns a Map into an object and a Set into an array', () => {
    assert.deepEqual(normalizeContextValue({ m: new Map([['a', 1]]), s: new Set(['x']) }), { m: { a: 1 }, s: ['x'] });
  });

  it('uses toJSON when a value has one', () => {
    assert.equal(normalizeContextValue(new URL('http://localhost:8000/events/42')), 'http://localhost:8000/events/42');
  });

  it('writes numbers JSON cannot hold as text', () => {
    assert.deepEqual(normalizeContextValue([Number.NaN, Number.POSITIVE_INFINITY]), ['NaN', 'Infinity']);
  });
});

describe('normalizeContext', () => {
  it('leaves out keys whose value is undefined', () => {
    assert.deepEqual(normalizeContext({ a: 1, b: undefined }), { a: 1 });
  });

  it('keeps a key named __proto__ as a key', () => {
    const context = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    assert.equal(JSON.stringify(normalizeContext(context)), '{"__proto__":{"polluted":true}}');
  });

  it('normalizes an exception inside the context', () => {
    assert.deepEqual(Object.keys(normalizeContext({ exception: notFound })), ['exception']);
    assert.match(String(normalizeContext({ exception: notFound })['exception']), /^\[object\] \(NotFound/);
  });
});
