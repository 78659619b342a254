import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LazyLogValue } from './lazy-log-value.ts';
import { normalizeContext } from './normalize.ts';
import { interpolate } from './interpolate.ts';
import { toJsonSafe } from './normalize.ts';

describe('LazyLogValue', () => {
  it('works its value out once, on first use', () => {
    let calls = 0;
    const uri = new LazyLogValue(() => {
      calls++;
      return 'http://localhost/hello';
    });
    assert.equal(calls, 0);
    assert.equal(uri.value, 'http://localhost/hello');
    assert.equal(String(uri), 'http://localhost/hello');
    assert.equal(calls, 1);
  });

  it('calls its function with the argument it was given, once, and keeps the value, not the argument', () => {
    const seen: unknown[] = [];
    const request = { uri: 'http://localhost/users/42' };
    const uri = new LazyLogValue((from: typeof request) => {
      seen.push(from);
      return from.uri;
    }, request);
    assert.deepEqual(seen, []);
    assert.equal(uri.value, 'http://localhost/users/42');
    assert.equal(uri.toJSON(), 'http://localhost/users/42');
    assert.deepEqual(seen, [request]);
    assert.equal(new LazyLogValue((from: undefined) => String(from)).value, 'undefined', 'without an argument, undefined');
  });

  it('is written as its value in JSON lines, Monolog lines, messages and profiles', () => {
    const context = { request_uri: new LazyLogValue(() => 'http://localhost/hello') };
    assert.equal(JSON.stringify(context), '{"request_uri":"http://localhost/hello"}');
    assert.deepEqual(normalizeContext(context), { request_uri: 'http://localhost/hello' });
    assert.equal(interpolate('at {request_uri}', context), 'at http://localhost/hello');
    assert.deepEqual(toJsonSafe(context), { request_uri: 'http://localhost/hello' });
  });
});
