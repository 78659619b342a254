import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { createPostgresPool, isUnavailable } from './postgres-pool.ts';
import { ServiceUnavailableHttpException } from '../exception/service-unavailable-http-exception.ts';
import { postgresSkipReason, POSTGRES_TEST_URL } from '../testing/postgres-test-schema.ts';

const skip = await postgresSkipReason();

/** A TCP port nothing listens on (taken, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('isUnavailable', () => {
  it('tells failures to reach the database from errors in a statement', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const error of [coded('ECONNREFUSED'), coded('ETIMEDOUT'), coded('08006'), coded('53300', 'sorry, too many clients already'), coded('57P01'), new Error('timeout exceeded when trying to connect'), new Error('timeout expired'), new Error('Connection terminated unexpectedly')]) {
      assert.equal(isUnavailable(error), true, error.message);
    }
    for (const error of [coded('42601', 'syntax error at or near "SELEC"'), coded('23505', 'duplicate key value'), new Error('relation "x" does not exist'), 'not an error']) {
      assert.equal(isUnavailable(error), false, String(error));
    }
  });
});

describe('A PostgreSQL pool', () => {
  it('answers a query to an unreachable server with a 503 (Retry-After) within its connect timeout', async () => {
    const pool = createPostgresPool({ connectionString: `postgresql://postgres@127.0.0.1:${await closedPort()}/test`, max: 2, connectTimeoutMs: 1000, queueTimeoutMs: 60_000 });
    try {
      const error = await pool.query('SELECT 1').then(() => undefined, (each: unknown) => each);
      assert.ok(error instanceof ServiceUnavailableHttpException, String(error));
      assert.equal(error.statusCode, 503);
      assert.equal(error.headers['Retry-After'], '5');
      assert.match(error.message, /^The database \(PostgreSQL\) is unreachable: /);
    } finally {
      await pool.end();
    }
  });

  it('lets a query wait for a busy pool\'s only connection past the connect timeout, instead of failing it', { skip: skip ?? false }, async () => {
    const pool = createPostgresPool({ connectionString: POSTGRES_TEST_URL, max: 1, connectTimeoutMs: 50, queueTimeoutMs: 60_000 });
    try {
      const held = await pool.connect();
      const queued = pool.query<{ answer: number }>('SELECT 42 AS answer');
      // Longer than the connect timeout: a pool that used it for the queue would fail the query now.
      await delay(200);
      held.release();
      assert.equal((await queued).rows[0]!.answer, 42);
    } finally {
      await pool.end();
    }
  });

  it('passes a statement\'s own error on unchanged', { skip: skip ?? false }, async () => {
    const pool = createPostgresPool({ connectionString: POSTGRES_TEST_URL, max: 1, connectTimeoutMs: 1000, queueTimeoutMs: 10_000 });
    try {
      await assert.rejects(pool.query('SELEC 1'), (error: Error & { code?: string }) => !(error instanceof ServiceUnavailableHttpException) && error.code === '42601');
    } finally {
      await pool.end();
    }
  });
});
