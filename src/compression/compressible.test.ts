import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isCompressible } from './compressible.ts';

describe('isCompressible', () => {
  it('answers each type for itself, asked again, in turn with others, or built anew', () => {
    const cases: Array<[string | undefined, boolean]> = [
      ['application/json', true],
      ['application/json', true],
      ['image/jpeg', false],
      ['application/json', true],
      ['text/html; charset=UTF-8', true],
      ['text/event-stream', false],
      ['text/event-stream', false],
      ['', false],
      [undefined, false],
      ['application/problem+json', true],
      ['IMAGE/PNG', false],
      ['Text/Plain', true],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [type, expected] of cases) assert.equal(isCompressible(type), expected, String(type));
      // the same text in a string of its own, not the literal asked about before
      assert.equal(isCompressible(['application', 'json'].join('/')), true);
      assert.equal(isCompressible(['image', 'jpeg'].join('/')), false);
    }
  });
});
