import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('keeps what it is given until it is full, then only gives values back', () => {
    const cache = new BoundedCache<string, number>(2);
    assert.equal(cache.remember('a', 1), 1);
    assert.equal(cache.remember('b', 2), 2);
    assert.equal(cache.remember('c', 3), 3, 'the value comes back even when there is no room');
    assert.equal(cache.get('a'), 1);
    assert.equal(cache.get('b'), 2);
    assert.equal(cache.get('c'), undefined, 'the first keys stay; a new one is not kept');
  });
});
