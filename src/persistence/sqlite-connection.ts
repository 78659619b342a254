import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { loadDriver } from '../kernel/optional-driver.ts';
import type { Connection } from './connection.ts';
import { assertValidMetadata, type ColumnType, type EntityMetadata } from './entity-metadata.ts';
import { SqliteRepository } from './sqlite-repository.ts';
import { quote } from './sql-builder.ts';
import type { QueryLogger } from './query-logger.ts';
import { traceSqlite } from './query-tracing.ts';

const SQL_TYPES: Record<ColumnType, string> = { integer: 'INTEGER', real: 'REAL', text: 'TEXT', boolean: 'INTEGER', datetime: 'TEXT' };

/** An SQLite database file (or `:memory:`), the embedded default: no server to run. */
export class SqliteConnection implements Connection {
  readonly db: BetterSqlite3.Database;
  #queryLogger: QueryLogger | undefined;
  #traced = false;

  constructor(filename = ':memory:') {
    if (filename !== ':memory:' && filename !== '') mkdirSync(dirname(filename), { recursive: true });
    this.db = new (loadDriver<typeof BetterSqlite3>('better-sqlite3'))(filename);
    // WAL lets the processes of a cluster read while one writes.
    if (filename !== ':memory:' && filename !== '') this.db.pragma('journal_mode = WAL');
  }

  repository<T>(metadata: EntityMetadata<T>): SqliteRepository<T> {
    assertValidMetadata(metadata as EntityMetadata<unknown>);
    return new SqliteRepository(this.db, metadata);
  }

  createTable(metadata: EntityMetadata<unknown>): void {
    assertValidMetadata(metadata);
    const columns = Object.entries(metadata.columns).map(([name, type]) => {
      // An INTEGER PRIMARY KEY is SQLite's rowid: inserted rows without an id get one.
      return `${quote(name)} ${SQL_TYPES[type]}${name === metadata.id ? ' PRIMARY KEY' : ''}`;
    });
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${quote(metadata.table)} (${columns.join(', ')})`);
  }

  ping(): void {
    this.db.prepare('SELECT 1').get();
  }

  dropTable(metadata: EntityMetadata<unknown>): void {
    this.db.exec(`DROP TABLE IF EXISTS ${quote(metadata.table)}`);
  }

  /** Reports the statements prepared from now on (the profiler sets it as soon as the connection opens). */
  setQueryLogger(logger: QueryLogger | undefined): void {
    this.#queryLogger = logger;
    if (logger === undefined || this.#traced) return;
    this.#traced = true;
    traceSqlite(this.db, () => this.#queryLogger);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
