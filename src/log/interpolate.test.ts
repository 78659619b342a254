import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { interpolate, interpolateScalars } from './interpolate.ts';

class NotFoundHttpException extends Error {}
class Route {
  path = '/';
}

describe('interpolate', () => {
  it('returns a message without placeholders as it is', () => {
    const message = 'No placeholder here.';
    assert.equal(interpolate(message, { route: 'home' }), message);
  });

  it('fills string, number, bigint and boolean values as text', () => {
    assert.equal(
      interpolate('{s} {n} {b} {t} {f}', { s: 'home', n: 4.5, b: 12n, t: true, f: false }),
      'home 4.5 12 true false',
    );
  });

  it('shows null as null', () => {
    assert.equal(interpolate('value {v}', { v: null }), 'value null');
  });

  it('shows a Date as its ISO string', () => {
    assert.equal(interpolate('at {when}', { when: new Date(Date.UTC(2020, 0, 1)) }), 'at 2020-01-01T00:00:00.000Z');
  });

  it('shows an Error by its class', () => {
    assert.equal(interpolate('{exception}', { exception: new NotFoundHttpException('gone') }), '[object NotFoundHttpException]');
  });

  it('shows other objects by their class', () => {
    assert.equal(interpolate('{a} {b}', { a: new Route(), b: { x: 1 } }), '[object Route] [object Object]');
  });

  it('shows an array as "array" followed by its JSON', () => {
    assert.equal(interpolate('Allow {methods}', { methods: ['POST', 'PUT'] }), 'Allow array["POST","PUT"]');
  });

  it('leaves a placeholder whose key is not in the context', () => {
    assert.equal(interpolate('Matched "{rotue}".', { route: 'home' }), 'Matched "{rotue}".');
  });

  it('does not take inherited properties for context keys', () => {
    assert.equal(interpolate('{constructor} {toString}', {}), '{constructor} {toString}');
  });

  it('accepts letters, digits, underscores and dots in keys, and nothing else', () => {
    assert.equal(
      interpolate('{a.b_1} {a-b} {a b}', { 'a.b_1': 'yes', 'a-b': 'no', 'a b': 'no' }),
      'yes {a-b} {a b}',
    );
  });

  it('fills every occurrence of a placeholder', () => {
    assert.equal(interpolate('{x} and {x}', { x: 1 }), '1 and 1');
  });
});

describe('interpolateScalars', () => {
  it('fills scalar values', () => {
    assert.equal(
      interpolateScalars('Notified event "{event}" to listener "{listener}" ({n}).', { event: 'kernel.request', listener: 'A::b', n: 3 }),
      'Notified event "kernel.request" to listener "A::b" (3).',
    );
  });

  it('leaves placeholders of null, objects, arrays and errors as written', () => {
    const context = { a: null, b: {}, c: [1], d: new Error('x'), e: new Date(0) };
    assert.equal(interpolateScalars('{a} {b} {c} {d} {e}', context), '{a} {b} {c} {d} {e}');
  });
});
