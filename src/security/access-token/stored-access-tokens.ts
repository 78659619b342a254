import { createHash, randomBytes } from 'node:crypto';
import type { EntityMetadata } from '../../persistence/entity-metadata.ts';
import type { WritableRepository } from '../../persistence/repository.ts';
import type { AccessTokenHandler } from './access-token-handler.ts';

/** One issued token: only the SHA-256 of the token is kept, so a copy of the table opens nothing. */
export class AccessTokenRecord {
  id: number | undefined;
  readonly tokenHash: string;
  readonly userIdentifier: string;
  readonly createdAt: Date;

  constructor(fields: { id?: number | undefined; tokenHash: string; userIdentifier: string; createdAt: Date }) {
    this.id = fields.id;
    this.tokenHash = fields.tokenHash;
    this.userIdentifier = fields.userIdentifier;
    this.createdAt = fields.createdAt;
  }
}

export const accessTokenMetadata: EntityMetadata<AccessTokenRecord> = {
  table: 'security_access_token',
  id: 'id',
  columns: { id: 'integer', token_hash: 'text', user_identifier: 'text', created_at: 'datetime' },
  hydrate: (row) => new AccessTokenRecord({
    id: row.id as number,
    tokenHash: row.token_hash as string,
    userIdentifier: row.user_identifier as string,
    createdAt: row.created_at as Date,
  }),
  extract: (record) => ({ id: record.id, token_hash: record.tokenHash, user_identifier: record.userIdentifier, created_at: record.createdAt }),
};

/**
 * Opaque tokens the application issues and keeps in its database (SQLite or PostgreSQL).
 * A token is 32 random bytes, base64url; its SHA-256 finds the record. A fast hash is
 * enough: the token has 256 bits of entropy, so there is nothing to guess, unlike a password.
 */
export class StoredAccessTokens implements AccessTokenHandler {
  readonly #repository: () => WritableRepository<AccessTokenRecord>;

  /** @param repository a getter: the entity manager is made after the security configuration */
  constructor(repository: () => WritableRepository<AccessTokenRecord>) {
    this.#repository = repository;
  }

  /** Issues a token for a user; the token itself is returned once and never stored. */
  async create(userIdentifier: string, now = new Date()): Promise<string> {
    const token = `sl_${randomBytes(32).toString('base64url')}`;
    await this.#repository().insert(new AccessTokenRecord({ tokenHash: hashOf(token), userIdentifier, createdAt: now }));
    return token;
  }

  /** The tokens issued for a user, oldest first (their hashes, never the tokens). */
  async list(userIdentifier: string): Promise<AccessTokenRecord[]> {
    const records = await this.#repository().findBy({ user_identifier: userIdentifier });
    return records.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  }

  /** Deletes a token: requests bearing it are refused from then on. False when there was none with that id. */
  async revoke(id: number): Promise<boolean> {
    return this.#repository().delete(id);
  }

  /** The stored record of a token, when it is one of ours (the rate limiter keys API limits by its id). */
  async recordOf(token: string): Promise<AccessTokenRecord | undefined> {
    return this.#repository().findOneBy({ token_hash: hashOf(token) });
  }

  async userIdentifierFrom(token: string): Promise<string | undefined> {
    const record = await this.#repository().findOneBy({ token_hash: hashOf(token) });
    return record?.userIdentifier;
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
