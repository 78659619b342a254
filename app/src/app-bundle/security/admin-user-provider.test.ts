import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PasswordHasher } from 'sluice/security';
import { AdminUserProvider } from './admin-user-provider.ts';

const hasher = new PasswordHasher({ cost: 4 });

describe('AdminUserProvider', () => {
  it('knows one user, admin, with ROLE_ADMIN and a hash of the configured password', async () => {
    const provider = new AdminUserProvider('s3cret', () => hasher);
    const user = (await provider.loadUserByIdentifier('Admin'))!;
    assert.deepEqual([user.identifier, user.roles], ['admin', ['ROLE_ADMIN']]);
    assert.ok(await hasher.verify(user.password, 's3cret'));
    assert.ok(!(await hasher.verify(user.password, 'admin')));
    assert.equal(provider.loadUserByIdentifier('root'), undefined);
  });

  it('hashes the password once, when the user is first needed', async () => {
    let hashes = 0;
    const counting = { hash: async (plain: string) => (hashes++, hasher.hash(plain)) } as PasswordHasher;
    const provider = new AdminUserProvider('s3cret', () => counting);
    assert.equal(hashes, 0);
    await provider.loadUserByIdentifier('admin');
    await provider.loadUserByIdentifier('admin');
    assert.equal(hashes, 1);
  });

  it('takes a hash as it is', async () => {
    const hash = await hasher.hash('from-a-vault');
    const user = await new AdminUserProvider(hash, () => assert.fail('no hashing')).loadUserByIdentifier('admin');
    assert.equal(user!.password, hash);
  });
});
