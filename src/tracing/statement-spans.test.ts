import { after, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { context, trace, SpanKind } from '@opentelemetry/api';
import { exporter, finishedSpans, parentIdOf, spanNamed } from '../testing/tracing.ts';
import { StatementSpans, querySummaryOf } from './statement-spans.ts';
import { SqliteConnection } from '../persistence/sqlite-connection.ts';
import { PostgresConnection } from '../persistence/postgres-connection.ts';
import { eventMetadata, fixtures } from '../persistence/test-support/event-fixture.ts';
import { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from '../testing/postgres-test-schema.ts';

const tracer = trace.getTracer('statement-spans-test');

/** Runs `work` inside a span of that name, as a controller runs inside its own. */
async function inSpan<R>(name: string, work: () => R | Promise<R>): Promise<{ result: R; spanId: string }> {
  const span = tracer.startSpan(name);
  try {
    const result = await context.with(trace.setSpan(context.active(), span), work);
    return { result, spanId: span.spanContext().spanId };
  } finally {
    span.end();
  }
}

describe('querySummaryOf', () => {
  it('names a statement by its operation and table', () => {
    assert.equal(querySummaryOf('SELECT "id", "title" FROM "events" WHERE "id" = ? LIMIT 1'), 'SELECT events');
    assert.equal(querySummaryOf('INSERT INTO "sluice_test"."events" ("id") VALUES ($1)'), 'INSERT sluice_test.events');
    assert.equal(querySummaryOf('UPDATE events SET title = ?'), 'UPDATE events');
    assert.equal(querySummaryOf('DELETE FROM "events" WHERE "id" = ?'), 'DELETE events');
    assert.equal(querySummaryOf('CREATE TABLE IF NOT EXISTS "events" ("id" INTEGER)'), 'CREATE TABLE events');
  });

  it('falls back to the first keyword', () => {
    assert.equal(querySummaryOf('SELECT 1'), 'SELECT');
    assert.equal(querySummaryOf('  pragma journal_mode = WAL'), 'PRAGMA');
  });
});

describe('Statement spans on SQLite', () => {
  beforeEach(() => exporter.reset());

  it('makes a client span per statement, nested in the active span, with the conventions\' attributes and no values', async () => {
    const connection = new SqliteConnection();
    connection.setQueryLogger(new StatementSpans(tracer));
    const metadata = eventMetadata();
    connection.createTable(metadata);
    const events = connection.repository(metadata);
    events.insert(fixtures[0]!);
    exporter.reset();
    const { spanId } = await inSpan('controller', () => events.find(42));
    const select = spanNamed(`SELECT ${metadata.table}`);
    assert.equal(select.kind, SpanKind.CLIENT);
    assert.equal(parentIdOf(select), spanId);
    assert.equal(select.attributes['db.system.name'], 'sqlite');
    assert.equal(select.attributes['db.namespace'], ':memory:');
    assert.equal(select.attributes['db.query.summary'], `SELECT ${metadata.table}`);
    assert.match(String(select.attributes['db.query.text']), /^SELECT .* WHERE "id" = \? LIMIT 1$/);
    assert.ok(!Object.values(select.attributes).includes(42), 'the parameter is not recorded');
    connection.close();
  });

  it('marks a failed statement as an error, with the driver\'s code and an exception event', async () => {
    const connection = new SqliteConnection();
    connection.setQueryLogger(new StatementSpans(tracer));
    await inSpan('controller', () => assert.throws(() => connection.db.exec('DELETE FROM missing'), /no such table/));
    const exec = spanNamed('DELETE missing');
    assert.equal(exec.status.code, 2);
    assert.equal(exec.attributes['error.type'], 'SQLITE_ERROR');
    assert.equal(exec.attributes['db.response.status_code'], 'SQLITE_ERROR');
    assert.equal(exec.events[0]?.name, 'exception');
    connection.close();
  });
});

const skip = await postgresSkipReason();
const schema = skip === undefined ? await createTestSchema() : undefined;

describe('Statement spans on PostgreSQL', { skip: skip ?? false }, () => {
  after(async () => schema?.drop());
  beforeEach(() => exporter.reset());

  it('records the database and the server, and nests each query in its sender\'s span', async () => {
    const connection = new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema!.schema });
    try {
      connection.setQueryLogger(new StatementSpans(tracer));
      const metadata = eventMetadata();
      await connection.createTable(metadata);
      const events = connection.repository(metadata);
      await events.insert(fixtures[0]!);
      exporter.reset();
      const { spanId } = await inSpan('controller', () => events.find(42));
      const select = spanNamed(`SELECT ${schema!.schema}.${metadata.table}`);
      assert.equal(select.kind, SpanKind.CLIENT);
      assert.equal(parentIdOf(select), spanId);
      assert.equal(select.attributes['db.system.name'], 'postgresql');
      assert.equal(select.attributes['db.namespace'], 'test');
      assert.equal(select.attributes['server.address'], '127.0.0.1');
      assert.equal(select.attributes['server.port'], 5432);
      assert.ok(!Object.values(select.attributes).includes(42), 'the parameter is not recorded');
    } finally {
      await connection.close();
    }
  });

  it('nests a query that waited for a free connection in its own sender\'s span, not in the one that freed it', async () => {
    const connection = new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema!.schema, max: 1 });
    try {
      connection.setQueryLogger(new StatementSpans(tracer));
      const [first, second] = await Promise.all([
        inSpan('first', () => connection.pool.query('SELECT 1 AS first')),
        inSpan('second', () => connection.pool.query('SELECT 2 AS second')),
      ]);
      const spanOf = (text: string) => finishedSpans().find((span) => span.attributes['db.query.text'] === text)!;
      assert.equal(parentIdOf(spanOf('SELECT 1 AS first')), first.spanId);
      assert.equal(parentIdOf(spanOf('SELECT 2 AS second')), second.spanId);
    } finally {
      await connection.close();
    }
  });

  it('marks a failed query as an error with its SQLSTATE', async () => {
    const connection = new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema!.schema });
    try {
      connection.setQueryLogger(new StatementSpans(tracer));
      await assert.rejects(inSpan('controller', () => connection.pool.query('SELECT * FROM missing_table')));
      const failed = spanNamed('SELECT missing_table');
      assert.equal(failed.status.code, 2);
      assert.equal(failed.attributes['db.response.status_code'], '42P01');
      assert.equal(failed.events[0]?.name, 'exception');
    } finally {
      await connection.close();
    }
  });
});
