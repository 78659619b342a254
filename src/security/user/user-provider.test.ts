import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryUserProvider } from './in-memory-user-provider.ts';
import { EntityUserProvider } from './entity-user-provider.ts';
import { InMemoryUser } from './in-memory-user.ts';
import { canUpgradePasswords } from './user-provider.ts';
import type { SecurityUser } from './security-user.ts';

describe('InMemoryUserProvider', () => {
  const provider = new InMemoryUserProvider({ alice: { password: 'hash-a', roles: ['ROLE_ADMIN'] }, bob: {} });

  it('loads a configured user with its roles and password hash', () => {
    const alice = provider.loadUserByIdentifier('alice');
    assert.deepEqual([alice?.identifier, alice?.password, alice?.roles], ['alice', 'hash-a', ['ROLE_ADMIN']]);
  });

  it('matches identifiers without regard to case', () => {
    assert.equal(provider.loadUserByIdentifier('ALICE')?.identifier, 'alice');
  });

  it('gives undefined for an unknown identifier', () => {
    assert.equal(provider.loadUserByIdentifier('mallory'), undefined);
  });

  it('gives a user without roles an empty role list', () => {
    assert.deepEqual(provider.loadUserByIdentifier('bob')?.roles, []);
  });

  it('refuses two users with the same identifier', () => {
    assert.throws(() => provider.createUser(new InMemoryUser('Bob', undefined)), /The user "Bob" already exists\./);
  });

  it('stores an upgraded password hash', () => {
    const local = new InMemoryUserProvider({ carol: { password: 'old' } });
    local.upgradePassword(local.loadUserByIdentifier('carol')!, 'new');
    assert.equal(local.loadUserByIdentifier('carol')?.password, 'new');
  });
});

describe('EntityUserProvider', () => {
  const rows: SecurityUser[] = [{ identifier: 'dora@example.com', roles: ['ROLE_USER'], password: 'h' }];

  it('loads users through the application loader, synchronous or not', async () => {
    const provider = new EntityUserProvider({ findUserByIdentifier: async (id) => rows.find((row) => row.identifier === id) ?? null });
    assert.equal((await provider.loadUserByIdentifier('dora@example.com'))?.identifier, 'dora@example.com');
    assert.equal(await provider.loadUserByIdentifier('nobody@example.com'), undefined);
  });

  it('upgrades passwords only when the loader can store them', () => {
    const readOnly = new EntityUserProvider({ findUserByIdentifier: () => undefined });
    const writable = new EntityUserProvider({ findUserByIdentifier: () => undefined, upgradePassword: () => {} });
    assert.deepEqual([canUpgradePasswords(readOnly), canUpgradePasswords(writable)], [false, true]);
  });
});
