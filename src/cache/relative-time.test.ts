import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseTime, toSeconds } from './relative-time.ts';

const now = new Date('2030-01-31T10:30:00Z');

describe('relative times', () => {
  it('reads "1 day" and "+2 hours" as seconds', () => {
    assert.equal(toSeconds('1 day', now), 86_400);
    assert.equal(toSeconds('+2 hours', now), 7_200);
  });

  it('keeps numbers and numeric text as seconds', () => {
    assert.equal(toSeconds(600, now), 600);
    assert.equal(toSeconds('3600', now), 3_600);
  });

  it('combines several relative parts and reads "ago" as the past', () => {
    assert.equal(toSeconds('1 hour 30 minutes', now), 5_400);
    assert.equal(toSeconds('2 days ago', now), -172_800);
  });

  it('adds calendar months, not a fixed number of seconds', () => {
    assert.equal(parseTime('+1 month', new Date('2030-03-01T00:00:00Z'))?.toISOString(), '2030-04-01T00:00:00.000Z');
  });

  it('reads tomorrow as the coming midnight (UTC)', () => {
    assert.equal(parseTime('tomorrow', now)?.toISOString(), '2030-02-01T00:00:00.000Z');
  });

  it('reads absolute dates', () => {
    assert.equal(parseTime('2031-06-01T00:00:00Z', now)?.toISOString(), '2031-06-01T00:00:00.000Z');
  });

  it('rejects unreadable text with a message naming the expected forms', () => {
    assert.equal(parseTime('someday', now), undefined);
    assert.throws(() => toSeconds('1 dya', now), /Invalid duration "1 dya": give seconds or a relative time such as "1 day"/);
  });
});
