import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatOf, mimeTypeOf } from './mime-types.ts';

describe('formatOf', () => {
  it('names the format of a media type, whatever its parameters and case', () => {
    assert.equal(formatOf('application/json'), 'json');
    assert.equal(formatOf('Application/JSON; charset=utf-8'), 'json');
    assert.equal(formatOf(' text/html ;charset=UTF-8'), 'html');
    assert.equal(formatOf('application/x-unheard-of'), undefined);
    assert.equal(formatOf(''), undefined);
  });

  it('answers each type by its own format when types repeat and alternate', () => {
    const asked = ['application/json', 'application/json', 'text/html', 'application/json', 'application/x-unheard-of', 'application/x-unheard-of', 'text/html'];
    assert.deepEqual(asked.map(formatOf), ['json', 'json', 'html', 'json', undefined, undefined, 'html']);
  });
});

describe('mimeTypeOf', () => {
  it('gives the first media type of a format', () => {
    assert.equal(mimeTypeOf('json'), 'application/json');
    assert.equal(mimeTypeOf('no-such-format'), undefined);
  });
});
