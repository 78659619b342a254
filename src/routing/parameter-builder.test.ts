import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parameterBuilder } from './parameter-builder.ts';

describe('parameterBuilder', () => {
  it('puts _route, defaults, host and path variables in order, variables overriding defaults in place', () => {
    const build = parameterBuilder('show', { _controller: 'c', id: '0' }, ['host'], ['id', 'slug']);
    assert.deepEqual(Object.entries(build(['7', 'hello'], 0, { host: 'acme' })), [
      ['_route', 'show'], ['_controller', 'c'], ['id', '7'], ['host', 'acme'], ['slug', 'hello'],
    ]);
  });

  it('keeps the default of a variable that did not take part in the match', () => {
    const build = parameterBuilder('blog', { page: 1 }, [], ['page']);
    assert.deepEqual(build([undefined], 0, undefined), { _route: 'blog', page: 1 });
  });

  it('stores keys and values as data, never as code', () => {
    const defaults = JSON.parse('{"__proto__": "x", "a\'b": {"nested": true}}') as Record<string, unknown>;
    const build = parameterBuilder('"); throw 1; ("', defaults, [], []);
    const parameters = build(null, 0, undefined);
    assert.equal(parameters._route, '"); throw 1; ("');
    assert.equal(Object.getPrototypeOf(parameters), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(parameters, '__proto__')?.value, 'x');
    assert.deepEqual(parameters["a'b"], { nested: true });
  });
});
