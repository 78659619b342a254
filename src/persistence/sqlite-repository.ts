import type { Database, Statement } from 'better-sqlite3';
import type { Criteria, FindOptions, WritableRepository } from './repository.ts';
import { hydrateRow, extractRow, type EntityMetadata } from './entity-metadata.ts';
import { NO_MATCH, toColumnValue } from './column-value.ts';
import { SqlBuilder, quote } from './sql-builder.ts';

/**
 * Entities of one table in SQLite, through better-sqlite3. Lookups are synchronous (the
 * driver is), so a request converted from SQLite creates no promise. Statements are
 * prepared once per SQL text. Booleans are stored as 0/1 and dates as ISO-8601 text.
 */
export class SqliteRepository<T> implements WritableRepository<T> {
  protected readonly db: Database;
  protected readonly metadata: EntityMetadata<T>;
  readonly #sql: SqlBuilder;
  readonly #statements = new Map<string, Statement>();
  /** The lookup by id, the commonest (every converted route parameter): its SQL is built once. */
  #byId: Statement | undefined;

  constructor(db: Database, metadata: EntityMetadata<T>) {
    this.db = db;
    this.metadata = metadata;
    this.#sql = new SqlBuilder(metadata as EntityMetadata<unknown>, { placeholder: () => '?', table: quote(metadata.table), toStored: toSqlite });
  }

  find(id: unknown): T | undefined {
    const column = this.metadata.id;
    const value = toColumnValue(this.metadata.columns[column]!, id);
    if (value === NO_MATCH) return undefined;
    if (value === null) return this.findOneBy({ [column]: id });
    const statement = (this.#byId ??= this.#statement((this.#sql.select({ [column]: value }, { limit: 1 }) as { sql: string }).sql));
    const row = statement.get(toSqlite(value)) as Record<string, unknown> | undefined;
    return row === undefined ? undefined : hydrateRow(this.metadata, row);
  }

  findOneBy(criteria: Criteria): T | undefined {
    const query = this.#sql.select(criteria, { limit: 1 });
    if (query === NO_MATCH) return undefined;
    // one row: `get` makes no array of rows
    const row = this.#statement(query.sql).get(...query.params) as Record<string, unknown> | undefined;
    return row === undefined ? undefined : hydrateRow(this.metadata, row);
  }

  findBy(criteria: Criteria, options?: FindOptions): T[] {
    const query = this.#sql.select(criteria, options);
    if (query === NO_MATCH) return [];
    const rows = this.#statement(query.sql).all(...query.params) as Record<string, unknown>[];
    return rows.map((row) => hydrateRow(this.metadata, row));
  }

  insert(entity: T): unknown {
    const row = extractRow(this.metadata, entity);
    const { sql, params } = this.#sql.insert(row);
    const result = this.#statement(sql).run(...params);
    return row[this.metadata.id] ?? Number(result.lastInsertRowid);
  }

  update(entity: T): boolean {
    const { sql, params } = this.#sql.update(extractRow(this.metadata, entity));
    return this.#statement(sql).run(...params).changes > 0;
  }

  delete(id: unknown): boolean {
    const query = this.#sql.delete(id);
    return query !== NO_MATCH && this.#statement(query.sql).run(...query.params).changes > 0;
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/** SQLite has no boolean or date type: 0/1 and ISO text keep equality lookups exact. */
function toSqlite(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}
