import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Profile } from './profile.ts';

describe('Profile', () => {
  it('links a child to its parent both ways', () => {
    const parent = new Profile('aaaaaa');
    const child = new Profile('bbbbbb');
    parent.addChild(child);
    assert.equal(child.parent, parent);
    assert.deepEqual(parent.toJSON().children, ['bbbbbb']);
    assert.equal(child.toJSON().parent, 'aaaaaa');
  });

  it('comes back from its JSON with its links as tokens and its collectors\' data', () => {
    const profile = new Profile('cccccc');
    profile.parentToken = 'aaaaaa';
    profile.childTokens = ['dddddd'];
    Object.assign(profile, { ip: '::1', method: 'GET', url: 'http://localhost/', time: 1, statusCode: 404 });
    profile.collectors.set('logs', { counts: { errors: 1 } });
    const copy = Profile.fromJSON(JSON.parse(JSON.stringify(profile)));
    assert.deepEqual(copy.toJSON(), profile.toJSON());
    assert.deepEqual(copy.getCollector('logs'), { counts: { errors: 1 } });
  });
});
