import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { channelFilter } from './channel-filter.ts';

describe('channelFilter', () => {
  it('accepts every channel when no list is given', () => {
    assert.equal(channelFilter(undefined)('event'), true);
    assert.equal(channelFilter([])('event'), true);
  });

  it('refuses the channels marked with ! and accepts the others', () => {
    const accepts = channelFilter(['!event']);
    assert.equal(accepts('event'), false);
    assert.equal(accepts('request'), true);
  });

  it('accepts only the channels listed', () => {
    const accepts = channelFilter(['request', 'php']);
    assert.deepEqual(['request', 'php', 'event'].map(accepts), [true, true, false]);
  });

  it('refuses a list that mixes both forms', () => {
    assert.throws(() => channelFilter(['request', '!event']), /mixes included and excluded channels/);
  });
});
