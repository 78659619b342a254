import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { createPostgresPool, isUnavailable } from './postgres-pool.ts';
import { ServiceUnavailableHttpException } from '../exception/service-unavailable-http-exception.ts';
import { postgresSkipReason, POSTGRES_TEST_URL } from '../testing/postgres-test-schema.ts';
import { freePort } from '../testing/free-port.ts';

const skip = await postgresSkipReason();

/**
 * A TCP server in front of PostgreSQL that holds the first bytes the server sends (its
 * answer to the startup) until `release` is called, as a loaded server is slow to start
 * a backend; or, with no upstream, that accepts connections and never answers.
 */
async function holdingProxy(upstream: URL | undefined): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  let held = true;
  const waiting: Array<() => void> = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    if (upstream === undefined) return;
    const server = connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(server);
    server.on('error', () => client.destroy());
    client.pipe(server);
    server.on('data', (chunk: Buffer) => {
      if (held) waiting.push(() => client.write(chunk));
      else client.write(chunk);
    });
    server.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(upstream ?? 'postgresql://postgres@127.0.0.1/test');
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    release: () => {
      held = false;
      for (const send of waiting.splice(0)) send();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
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
    const pool = createPostgresPool({ connectionString: `postgresql://postgres@127.0.0.1:${await freePort()}/test`, max: 2, connectTimeoutMs: 1000, queueTimeoutMs: 60_000 });
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

  it("waits past the connect timeout for a reached server that is slow to start the connection's backend", { skip: skip ?? false }, async () => {
    const proxy = await holdingProxy(new URL(POSTGRES_TEST_URL));
    const pool = createPostgresPool({ connectionString: proxy.url, max: 1, connectTimeoutMs: 50, queueTimeoutMs: 60_000 });
    try {
      const queried = pool.query<{ answer: number }>('SELECT 42 AS answer');
      // Longer than the connect timeout: a client that applied it to the whole startup would have failed the query.
      await delay(200);
      proxy.release();
      assert.equal((await queried).rows[0]!.answer, 42);
    } finally {
      await pool.end();
      await proxy.close();
    }
  });

  it('answers with a 503 when a reached server never starts the connection, after the queue timeout', async () => {
    const silent = await holdingProxy(undefined);
    const pool = createPostgresPool({ connectionString: silent.url, max: 1, connectTimeoutMs: 50, queueTimeoutMs: 300 });
    try {
      const error = await pool.query('SELECT 1').then(() => undefined, (each: unknown) => each);
      assert.ok(error instanceof ServiceUnavailableHttpException, String(error));
      assert.match(error.message, /^The database \(PostgreSQL\) is unreachable: /);
    } finally {
      await pool.end();
      await silent.close();
    }
  });
});
