import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RoleHierarchy } from './role-hierarchy.ts';

describe('RoleHierarchy', () => {
  const hierarchy = new RoleHierarchy({ ROLE_ADMIN: ['ROLE_USER'], ROLE_SUPER_ADMIN: ['ROLE_ADMIN', 'ROLE_ALLOWED_TO_SWITCH'] });

  it('adds the roles a role implies', () => {
    assert.deepEqual(hierarchy.getReachableRoleNames(['ROLE_ADMIN']), ['ROLE_ADMIN', 'ROLE_USER']);
  });

  it('follows implications through several levels', () => {
    assert.deepEqual(new Set(hierarchy.getReachableRoleNames(['ROLE_SUPER_ADMIN'])), new Set(['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_ALLOWED_TO_SWITCH', 'ROLE_USER']));
  });

  it('keeps roles it does not know', () => {
    assert.deepEqual(hierarchy.getReachableRoleNames(['ROLE_EDITOR']), ['ROLE_EDITOR']);
  });

  it('survives a cycle', () => {
    const cyclic = new RoleHierarchy({ ROLE_A: ['ROLE_B'], ROLE_B: ['ROLE_A'] });
    assert.deepEqual(cyclic.getReachableRoleNames(['ROLE_A']).sort(), ['ROLE_A', 'ROLE_B']);
  });
});
