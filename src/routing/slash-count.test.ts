import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Route } from './route.ts';
import { isSegmentBound, slashCounts } from './slash-count.ts';

describe('slashCounts', () => {
  it('gives one count per number of optional variables present', () => {
    assert.deepEqual(slashCounts(new Route('/blog/{page}', { defaults: { page: 1 } }).compile()), [1, 2]);
    assert.deepEqual(slashCounts(new Route('/a/{b}/c/').compile()), [3]);
  });

  it('gives any count for a variable that may hold a slash or nothing', () => {
    assert.equal(slashCounts(new Route('/files/{path<.+>}').compile()), undefined);
    assert.equal(slashCounts(new Route('/files/{n<\\d*>}').compile()), undefined);
  });
});

describe('isSegmentBound', () => {
  it('accepts patterns that can match neither "" nor a slash', () => {
    for (const pattern of ['[^/]+', '\\d+', 'en|fr', '[a-z0-9-]+', '[^/.]+', '\\w{2,}']) assert.ok(isSegmentBound(pattern, false), pattern);
  });

  it('rejects patterns that might', () => {
    for (const pattern of ['.+', '[^.]+', '\\D+', '[!-~]+', '\\d*', 'a|', '\\p{L}+', '[a/]+']) assert.ok(!isSegmentBound(pattern, true), pattern);
  });
});
