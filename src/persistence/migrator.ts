import type { PoolClient } from 'pg';
import type { Connection } from './connection.ts';
import type { Migration, MigrationSchema, MigrationState } from './migration.ts';
import { PostgresConnection } from './postgres-connection.ts';
import { SqliteConnection } from './sqlite-connection.ts';
import { quote } from './sql-builder.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** Where executed versions are recorded (Doctrine's doctrine_migration_versions). */
export const MIGRATION_TABLE = 'sluice_migration_versions';

const DIGITS = /^[0-9]+$/;

/**
 * Versions in `localeCompare`'s order. Two versions of ASCII digits only (timestamps, as
 * Doctrine's) are in that order by their code units already, so they are compared without
 * ICU: its collation data and code are paged in by the first locale comparison, which
 * stays resident for the life of a server that migrates at boot.
 */
function compareVersions(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}

interface Recorded {
  version: string;
  executedAt: Date;
}

/**
 * Runs an application's migrations against its database, each once. Safe when several
 * instances start together: on PostgreSQL the run holds an advisory lock (the others wait,
 * then find nothing left to do); on SQLite it is one IMMEDIATE transaction, so a second
 * process waits for the first to commit. Each migration runs in a transaction with the
 * row that records it: one that fails leaves neither its change nor its version.
 */
export class Migrator {
  readonly #connection: Connection;
  readonly #migrations: readonly Migration[];

  constructor(connection: Connection, migrations: readonly Migration[]) {
    const versions = new Set<string>();
    for (const migration of migrations) {
      if (versions.has(migration.version)) throw new SluiceError('SLUICE_DUPLICATE_MIGRATION', { version: migration.version });
      versions.add(migration.version);
    }
    this.#connection = connection;
    this.#migrations = [...migrations].sort((a, b) => compareVersions(a.version, b.version));
  }

  /** Every known migration and every recorded version, in version order. */
  async status(): Promise<MigrationState[]> {
    const recorded = new Map((await this.#recorded()).map((row) => [row.version, row.executedAt]));
    const states: MigrationState[] = this.#migrations.map(({ version, description }) => ({ version, description, executedAt: recorded.get(version), known: true }));
    for (const [version, executedAt] of recorded) {
      if (!this.#migrations.some((migration) => migration.version === version)) states.push({ version, description: '', executedAt, known: false });
    }
    return states.sort((a, b) => compareVersions(a.version, b.version));
  }

  /** Runs the migrations not run yet; resolves with their versions. */
  async migrate(): Promise<string[]> {
    const connection = this.#connection;
    if (connection instanceof SqliteConnection) return this.migrateSync();
    if (connection instanceof PostgresConnection) return this.#migratePostgres(connection);
    throw new SluiceError('SLUICE_MIGRATION_CONNECTION', {});
  }

  /** The same on SQLite, which answers synchronously (a kernel's boot migrates this way). */
  migrateSync(): string[] {
    const connection = this.#connection;
    if (!(connection instanceof SqliteConnection)) throw new SluiceError('SLUICE_MIGRATE_SYNC_NEEDS_SQLITE', {});
    const { db } = connection;
    return db.transaction(() => {
      db.exec(`CREATE TABLE IF NOT EXISTS ${quote(MIGRATION_TABLE)} (version TEXT PRIMARY KEY, executed_at TEXT NOT NULL, execution_ms INTEGER NOT NULL)`);
      const done = new Set((db.prepare(`SELECT version FROM ${quote(MIGRATION_TABLE)}`).all() as { version: string }[]).map((row) => row.version));
      const executed: string[] = [];
      for (const migration of this.#migrations) {
        if (done.has(migration.version)) continue;
        const started = Date.now();
        for (const statement of this.#statements(migration, 'sqlite', quote)) run(migration, () => db.exec(statement));
        db.prepare(`INSERT INTO ${quote(MIGRATION_TABLE)} (version, executed_at, execution_ms) VALUES (?, ?, ?)`).run(migration.version, new Date().toISOString(), Date.now() - started);
        executed.push(migration.version);
      }
      return executed;
    }).immediate();
  }

  async #migratePostgres(connection: PostgresConnection): Promise<string[]> {
    const table = connection.qualify(MIGRATION_TABLE);
    const client = await connection.pool.connect();
    try {
      // One lock per version table: instances of one application serialize, other schemas do not.
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [table]);
      try {
        await client.query(`CREATE TABLE IF NOT EXISTS ${table} (version TEXT PRIMARY KEY, executed_at TIMESTAMPTZ NOT NULL, execution_ms INTEGER NOT NULL)`);
        const done = new Set((await client.query<{ version: string }>(`SELECT version FROM ${table}`)).rows.map((row) => row.version));
        const executed: string[] = [];
        for (const migration of this.#migrations) {
          if (done.has(migration.version)) continue;
          await this.#runPostgres(client, migration, connection, table);
          executed.push(migration.version);
        }
        return executed;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [table]);
      }
    } finally {
      client.release();
    }
  }

  async #runPostgres(client: PoolClient, migration: Migration, connection: PostgresConnection, table: string): Promise<void> {
    const started = Date.now();
    await client.query('BEGIN');
    try {
      for (const statement of this.#statements(migration, 'postgresql', (name) => connection.qualify(name))) {
        await client.query(statement).catch((error: unknown) => {
          throw failed(migration, error);
        });
      }
      await client.query(`INSERT INTO ${table} (version, executed_at, execution_ms) VALUES ($1, now(), $2)`, [migration.version, Date.now() - started]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }

  #statements(migration: Migration, platform: MigrationSchema['platform'], table: (name: string) => string): string[] {
    const statements: string[] = [];
    migration.up({ platform, table, addSql: (statement) => void statements.push(statement) });
    return statements;
  }

  async #recorded(): Promise<Recorded[]> {
    const connection = this.#connection;
    if (connection instanceof SqliteConnection) {
      const exists = connection.db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get('table', MIGRATION_TABLE) !== undefined;
      if (!exists) return [];
      const rows = connection.db.prepare(`SELECT version, executed_at FROM ${quote(MIGRATION_TABLE)}`).all() as { version: string; executed_at: string }[];
      return rows.map((row) => ({ version: row.version, executedAt: new Date(row.executed_at) }));
    }
    if (connection instanceof PostgresConnection) {
      const table = connection.qualify(MIGRATION_TABLE);
      const exists = await connection.pool.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [table]);
      if (exists.rows[0]?.found === null) return [];
      const rows = await connection.pool.query<{ version: string; executed_at: Date }>(`SELECT version, executed_at FROM ${table}`);
      return rows.rows.map((row) => ({ version: row.version, executedAt: row.executed_at }));
    }
    throw new SluiceError('SLUICE_MIGRATION_CONNECTION', {});
  }
}

function run(migration: Migration, statement: () => void): void {
  try {
    statement();
  } catch (error) {
    throw failed(migration, error);
  }
}

function failed(migration: Migration, error: unknown): Error {
  return new Error(`Migration ${migration.version} (${migration.description}) failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
