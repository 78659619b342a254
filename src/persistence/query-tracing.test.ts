import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteConnection } from './sqlite-connection.ts';
import { PostgresConnection } from './postgres-connection.ts';
import type { ExecutedQuery, QueryLogger } from './query-logger.ts';
import { eventMetadata, fixtures } from './test-support/event-fixture.ts';
import { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from '../testing/postgres-test-schema.ts';

/** A logger that keeps each query once it has answered. */
function recorder(): QueryLogger & { queries: ExecutedQuery[] } {
  const queries: ExecutedQuery[] = [];
  return {
    queries,
    start(sql, params, driver) {
      const started = performance.now();
      return (error) => void queries.push({ sql, params, driver, durationMs: performance.now() - started, ...(error !== undefined && { error: (error as Error).message }) });
    },
  };
}

describe('Query logging on an SQLite connection', () => {
  it('leaves the driver\'s own methods in place while no logger was ever set (production without a profiler or an SDK)', () => {
    const connection = new SqliteConnection();
    const driver = Object.getPrototypeOf(connection.db) as typeof connection.db;
    assert.equal(connection.db.prepare, driver.prepare);
    assert.equal(connection.db.exec, driver.exec);
    connection.setQueryLogger(recorder());
    assert.notEqual(connection.db.prepare, driver.prepare);
    connection.close();
  });

  it('reports each statement a repository runs, with its parameters and duration', () => {
    const connection = new SqliteConnection();
    const logger = recorder();
    connection.setQueryLogger(logger);
    const metadata = eventMetadata();
    connection.createTable(metadata);
    const events = connection.repository(metadata);
    events.insert(fixtures[0]!);
    assert.equal(events.find(42)?.title, 'Jazz night');
    const [create, insert, select] = logger.queries;
    assert.match(create!.sql, /^CREATE TABLE IF NOT EXISTS/);
    assert.match(insert!.sql, /^INSERT INTO/);
    assert.match(select!.sql, /^SELECT .* WHERE "id" = \? LIMIT 1$/);
    assert.deepEqual(select!.params, [42]);
    assert.equal(select!.driver, 'sqlite');
    assert.ok(select!.durationMs >= 0);
    assert.equal(logger.queries.length, 3);
    connection.close();
  });

  it('reports a failing statement with its error, and stops when the logger is removed', () => {
    const connection = new SqliteConnection();
    const logger = recorder();
    connection.setQueryLogger(logger);
    assert.throws(() => connection.db.exec('SELECT * FROM missing'));
    assert.match(logger.queries[0]!.error!, /no such table: missing/);
    connection.setQueryLogger(undefined);
    connection.ping();
    assert.equal(logger.queries.length, 1);
    connection.close();
  });
});

const skip = await postgresSkipReason();

describe('Query logging on a PostgreSQL connection', { skip: skip ?? false }, () => {
  it('reports each query once, whether sent through the pool or a client, with its parameters', async () => {
    const schema = await createTestSchema();
    const connection = new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema.schema });
    try {
      const logger = recorder();
      connection.setQueryLogger(logger);
      const metadata = eventMetadata();
      await connection.createTable(metadata);
      const events = connection.repository(metadata);
      await events.insert(fixtures[0]!);
      assert.equal((await events.find(42))?.title, 'Jazz night');
      const client = await connection.pool.connect();
      await client.query('SELECT $1::int AS one', [1]).finally(() => client.release());
      await assert.rejects(connection.pool.query('SELECT * FROM missing_table'));
      const sqls = logger.queries.map((query) => query.sql.split(' ').slice(0, 2).join(' '));
      assert.deepEqual(sqls, ['CREATE TABLE', 'INSERT INTO', 'SELECT "id",', 'SELECT $1::int', 'SELECT *']);
      assert.deepEqual(logger.queries[2]!.params, [42]);
      assert.equal(logger.queries[2]!.driver, 'postgresql');
      assert.match(logger.queries[4]!.error!, /missing_table/);
    } finally {
      await connection.close();
      await schema.drop();
    }
  });
});
