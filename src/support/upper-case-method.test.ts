import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { upperCaseMethod } from './upper-case-method.ts';

describe('upperCaseMethod', () => {
  it('upper-cases a method with any lower-case or non-ASCII letter', () => {
    assert.equal(upperCaseMethod('get'), 'GET');
    assert.equal(upperCaseMethod('pAtCh'), 'PATCH');
    assert.equal(upperCaseMethod('pé'), 'PÉ');
  });

  it('gives back a method that already is upper case as it is', () => {
    for (const method of ['GET', 'POST', 'M-SEARCH', '']) assert.equal(upperCaseMethod(method), method);
  });
});
