import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { headerKey } from './header-name.ts';

describe('headerKey', () => {
  it('lowercases a header name', () => {
    assert.equal(headerKey('Content-Type'), 'content-type');
    assert.equal(headerKey('content-type'), 'content-type');
    assert.equal(headerKey('X-CUSTOM-Header'), 'x-custom-header');
  });

  it('keeps giving the right answer past the names it remembers', () => {
    for (let i = 0; i < 1500; i++) assert.equal(headerKey(`X-Name-${i}`), `x-name-${i}`);
  });

  it('gives each name its own key when names share a slot of its table', () => {
    // pairs chosen to land on the same slot: each answer must still be the name's own
    const pairs: Array<[string, string]> = [['x-content-type-options', 'x-ratelimit-reset'], ['last-modified', 'if-modified-since'], ['X-Frame-Options', 'authorization'], ['x-forwarded-host', 'x-forwarded-port']];
    for (let round = 0; round < 3; round++) {
      for (const [a, b] of pairs) {
        assert.equal(headerKey(a), a.toLowerCase());
        assert.equal(headerKey(b), b.toLowerCase());
        assert.equal(headerKey(a.toUpperCase()), a.toLowerCase());
      }
    }
  });

  it('handles the empty name and names of one character', () => {
    assert.equal(headerKey(''), '');
    assert.equal(headerKey('A'), 'a');
    assert.equal(headerKey(''), '');
    assert.equal(headerKey('a'), 'a');
  });

  it('gives the same key for a name built at run time as for the literal', () => {
    const built = ['Content', 'Type'].join('-');
    assert.equal(headerKey(built), headerKey('Content-Type'));
    assert.equal(headerKey('Content-Type'), 'content-type');
    assert.equal(headerKey(built.toUpperCase()), 'content-type');
  });
});
