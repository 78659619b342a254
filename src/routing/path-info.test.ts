import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodePathInfo, equalAt, charCodes, trimTrailingSlashes } from './path-info.ts';

describe('decodePathInfo', () => {
  it('decodes percent-escapes but leaves "+" alone, like rawurldecode', () => {
    assert.equal(decodePathInfo('/a%20b+c%2Fd'), '/a b+c/d');
  });

  it('turns an empty path into "/"', () => {
    assert.equal(decodePathInfo(''), '/');
  });

  it('keeps malformed or non-UTF-8 escapes as they are, and decodes the rest', () => {
    assert.equal(decodePathInfo('/100%'), '/100%');
    assert.equal(decodePathInfo('/%zz/%41'), '/%zz/A');
    assert.equal(decodePathInfo('/%FF/%C3%A9'), '/%FF/é');
  });
});

describe('trimTrailingSlashes', () => {
  it('removes every trailing slash but keeps the root', () => {
    assert.equal(trimTrailingSlashes('/a//'), '/a');
    assert.equal(trimTrailingSlashes('/a'), '/a');
    assert.equal(trimTrailingSlashes('///'), '/');
  });
});

describe('equalAt', () => {
  it('compares a literal with the path at a position', () => {
    assert.ok(equalAt('/api/users', 5, charCodes('users')));
    assert.ok(!equalAt('/api/users', 5, charCodes('usert')));
  });
});
