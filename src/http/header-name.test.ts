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
});
