import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildQuery, rawUrlEncode, relativePath } from './url-encoding.ts';

describe('relativePath', () => {
  it('goes up and down from the base path', () => {
    assert.equal(relativePath('/a/b/c/d', '/a/b/c/d'), '');
    assert.equal(relativePath('/a/b/c/d', '/a/b/c/other'), 'other');
    assert.equal(relativePath('/a/b/c/d', '/a/b/e/f'), '../e/f');
    assert.equal(relativePath('/a/b/c/d', '/x'), '../../../x');
  });

  it('starts with "./" where the path would otherwise read differently', () => {
    assert.equal(relativePath('/a/b/', '/a/b/'), '');
    assert.equal(relativePath('/a/b/c', '/a/b/'), './');
    assert.equal(relativePath('/a/b', '/a/b:c'), './b:c');
    assert.equal(relativePath('/a/b', '/a//c'), './/c');
  });
});

describe('rawUrlEncode', () => {
  it('leaves only letters, digits and -_.~ unencoded', () => {
    assert.equal(rawUrlEncode("a-_.~ !'()*é"), 'a-_.~%20%21%27%28%29%2A%C3%A9');
  });

  it('encodes a lone surrogate as the replacement character instead of throwing', () => {
    assert.equal(rawUrlEncode('\uD800'), '%EF%BF%BD');
  });
});

describe('buildQuery', () => {
  it('nests arrays and objects with bracketed keys', () => {
    assert.equal(buildQuery({ a: { b: ['c', 'd'] } }), 'a%5Bb%5D%5B0%5D=c&a%5Bb%5D%5B1%5D=d');
  });

  it('writes dates as ISO strings', () => {
    assert.equal(buildQuery({ since: new Date(Date.UTC(2024, 0, 2)) }), 'since=2024-01-02T00%3A00%3A00.000Z');
  });
});
