import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from './connection.ts';
import type { Migration } from './migration.ts';
import { Migrator } from './migrator.ts';
import { SqliteConnection } from './sqlite-connection.ts';
import { PostgresConnection } from './postgres-connection.ts';
import { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from '../testing/postgres-test-schema.ts';

/** Each creates a table without IF NOT EXISTS: running one twice would fail. */
const createsTable = (version: string, table: string): Migration => ({
  version,
  description: `Creates ${table}`,
  up: (schema) => schema.addSql(`CREATE TABLE ${schema.table(table)} (id INTEGER PRIMARY KEY, ${schema.platform === 'sqlite' ? 'note TEXT' : 'note VARCHAR(20)'})`),
});
const first = createsTable('20260101000000', 'm_one');
const second = createsTable('20260102000000', 'm_two');
const broken: Migration = {
  version: '20260103000000',
  description: 'Adds a row, then fails',
  up: (schema) => {
    schema.addSql(`INSERT INTO ${schema.table('m_one')} (id, note) VALUES (1, 'half done')`);
    schema.addSql('THIS IS NOT SQL');
  },
};

interface Backend {
  open(): Connection;
  rows(connection: Connection, table: string): Promise<number>;
  cleanup(): Promise<void>;
}

function migratorContract(name: string, skip: string | undefined, backend: () => Promise<Backend>): void {
  describe(`Migrator on ${name}`, { skip }, () => {
    let db: Backend;
    const opened: Connection[] = [];
    const open = (): Connection => {
      const connection = db.open();
      opened.push(connection);
      return connection;
    };
    before(async () => {
      db = await backend();
    });
    after(async () => {
      for (const connection of opened) await connection.close();
      await db?.cleanup();
    });

    it('runs the migrations in version order, records them, and runs none twice', async () => {
      const connection = open();
      const migrator = new Migrator(connection, [second, first]);
      assert.deepEqual(await migrator.migrate(), [first.version, second.version]);
      assert.deepEqual(await migrator.migrate(), []);
      const status = await migrator.status();
      assert.deepEqual(status.map((state) => [state.version, state.executedAt instanceof Date]), [[first.version, true], [second.version, true]]);
    });

    it('shows pending migrations, and versions the database has but the code does not know', async () => {
      const status = await new Migrator(open(), [first, broken]).status();
      assert.deepEqual(status.map(({ version, known, executedAt }) => [version, known, executedAt !== undefined]), [
        [first.version, true, true],
        [second.version, false, true],
        [broken.version, true, false],
      ]);
    });

    it('keeps neither the change nor the version of a migration that fails, and names it', async () => {
      const connection = open();
      await assert.rejects(new Migrator(connection, [first, second, broken]).migrate(), /^Error: Migration 20260103000000 \(Adds a row, then fails\) failed: /);
      assert.equal(await db.rows(connection, 'm_one'), 0);
      assert.equal((await new Migrator(connection, [first, second, broken]).status()).at(-1)!.executedAt, undefined);
    });

    it('orders versions as localeCompare does, timestamps of digits of any length and named versions alike', async () => {
      const versions = ['9', '20260101000000', '10', 'version10', 'Version2', '2026', 'a-1', 'B', '2026-01'];
      const migrations = versions.map((version): Migration => ({ version, description: '', up: () => {} }));
      const status = await new Migrator(open(), migrations).status();
      const all = status.map((state) => state.version);
      assert.deepEqual(all, [...all].sort((a, b) => a.localeCompare(b)));
      assert.deepEqual(all.filter((version) => versions.includes(version)), [...versions].sort((a, b) => a.localeCompare(b)));
    });

    it('refuses two migrations of one version', () => {
      assert.throws(() => new Migrator(open(), [first, { ...second, version: first.version }]), /Two migrations have the version "20260101000000"/);
    });
  });
}

migratorContract('SQLite', undefined, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-migrations-'));
  return {
    open: () => new SqliteConnection(join(dir, 'data.db')),
    rows: async (connection, table) => ((connection as SqliteConnection).db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const postgresSkip = await postgresSkipReason();

migratorContract('PostgreSQL', postgresSkip, async () => {
  const schema = await createTestSchema();
  return {
    open: () => new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema.schema, max: 2 }),
    rows: async (connection, table) => Number((await (connection as PostgresConnection).pool.query(`SELECT count(*) AS n FROM "${schema.schema}".${table}`)).rows[0].n),
    cleanup: () => schema.drop(),
  };
});

describe('Migrator on PostgreSQL, several instances starting together', { skip: postgresSkip }, () => {
  it('runs each migration once: the others wait for the lock, then find nothing to do', async () => {
    const schema = await createTestSchema();
    const connections = Array.from({ length: 5 }, () => new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema.schema, max: 1 }));
    try {
      const runs = await Promise.all(connections.map((connection) => new Migrator(connection, [first, second]).migrate()));
      assert.deepEqual(runs.flat().sort(), [first.version, second.version]);
      assert.equal(runs.filter((executed) => executed.length > 0).length, 1);
    } finally {
      for (const connection of connections) await connection.close();
      await schema.drop();
    }
  });
});
