import pg from 'pg';

/** The test database; CI and the project's machines run PostgreSQL here with trust auth. */
export const POSTGRES_TEST_URL = process.env.SLUICE_TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/**
 * Why PostgreSQL tests must skip, or undefined when a server answers. Only an unreachable
 * server skips them: any other failure (a bad query, a missing database) fails the tests.
 */
export async function postgresSkipReason(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const unreachable = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT' || /timeout/i.test(String(error));
    if (!unreachable) throw error;
    return `PostgreSQL is not reachable at ${POSTGRES_TEST_URL} (${code ?? String(error)}); set SLUICE_TEST_POSTGRES_URL to run these tests.`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh schema for one test file, dropped with everything in it by `drop()`. */
export async function createTestSchema(): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = `sluice_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
  } finally {
    await client.end();
  }
  const url = new URL(POSTGRES_TEST_URL);
  url.searchParams.set('schema', schema);
  return {
    schema,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await dropper.end();
      }
    },
  };
}
