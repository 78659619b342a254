import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { EntityManager } from '../../persistence/entity-manager.ts';
import { connectionFromUrl } from '../../persistence/connection-url.ts';
import type { WritableRepository } from '../../persistence/repository.ts';
import { AccessTokenRecord, accessTokenMetadata, StoredAccessTokens } from './stored-access-tokens.ts';

describe('StoredAccessTokens', () => {
  const entities = new EntityManager(() => connectionFromUrl('sqlite::memory:', '/nonexistent')).register(AccessTokenRecord, accessTokenMetadata);
  const repository = (): WritableRepository<AccessTokenRecord> => entities.getRepository(AccessTokenRecord) as WritableRepository<AccessTokenRecord>;
  const tokens = new StoredAccessTokens(repository);

  it('issues a token that names its user, keeping only its SHA-256', async () => {
    await entities.createSchema();
    const token = await tokens.create('admin');
    assert.match(token, /^sl_[A-Za-z0-9_-]{43}$/);
    assert.equal(await tokens.userIdentifierFrom(token), 'admin');
    const [record] = await repository().findBy({});
    assert.equal(record!.tokenHash, createHash('sha256').update(token).digest('hex'));
    assert.ok(!JSON.stringify(record).includes(token));
  });

  it('knows no other token', async () => {
    assert.equal(await tokens.userIdentifierFrom('sl_unknown'), undefined);
  });
});
