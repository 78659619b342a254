import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { repositoryContract } from './repository.contract.ts';
import { PostgresConnection } from './postgres-connection.ts';
import { eventMetadata, fixtures } from './test-support/event-fixture.ts';
import { connectionFromUrl } from './connection-url.ts';
import { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from '../testing/postgres-test-schema.ts';

const skip = await postgresSkipReason();
let drop: (() => Promise<void>) | undefined;

repositoryContract('PostgreSQL', {
  skip,
  open: async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    return connectionFromUrl(schema.url, process.cwd());
  },
  cleanup: async () => drop?.(),
});

describe('A PostgreSQL repository', { skip: skip ?? false }, () => {
  it('prepares a lookup once per connection and reuses it', async () => {
    const schema = await createTestSchema();
    // One connection, so the statements it prepared can be read back from it.
    const connection = new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema.schema, max: 1 });
    try {
      const metadata = eventMetadata();
      await connection.createTable(metadata);
      const events = connection.repository(metadata);
      for (const event of fixtures) await events.insert(event);
      const titles = [(await events.find(42))?.title, (await events.find(7))?.title, (await events.find(42))?.title];
      const prepared = await connection.pool.query("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'sluice_select_%'");
      assert.deepEqual(titles, ['Jazz night', fixtures.find((event) => event.id === 7)?.title, 'Jazz night']);
      assert.equal(prepared.rows.length, 1);
      assert.match(String(prepared.rows[0].statement), /^SELECT .* WHERE "id" = \$1 LIMIT 1$/);
    } finally {
      await connection.close();
      await schema.drop();
    }
  });
});
