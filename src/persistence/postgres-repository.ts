import type pg from 'pg';
import type { Criteria, FindOptions, WritableRepository } from './repository.ts';
import { hydrateRow, extractRow, type EntityMetadata } from './entity-metadata.ts';
import { NO_MATCH, fromStoredValue } from './column-value.ts';
import { SqlBuilder, quote } from './sql-builder.ts';

/** Names of prepared statements by their text: one text, one name, in every connection of the process. */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `sluice_select_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Entities of one table in PostgreSQL, through a pg pool. Every lookup is a promise;
 * the kernel awaits listeners that return one, so conversion works the same as with
 * SQLite. A lookup that cannot match (a non-numeric integer id) answers without a query.
 */
export class PostgresRepository<T> implements WritableRepository<T> {
  protected readonly pool: pg.Pool;
  protected readonly metadata: EntityMetadata<T>;
  readonly #sql: SqlBuilder;

  constructor(pool: pg.Pool, metadata: EntityMetadata<T>, qualifiedTable: string) {
    this.pool = pool;
    this.metadata = metadata;
    this.#sql = new SqlBuilder(metadata as EntityMetadata<unknown>, { placeholder: (i) => `$${i}`, table: qualifiedTable, toStored: (value) => value });
  }

  find(id: unknown): Promise<T | undefined> {
    return this.findOneBy({ [this.metadata.id]: id });
  }

  async findOneBy(criteria: Criteria): Promise<T | undefined> {
    return (await this.findBy(criteria, { limit: 1 }))[0];
  }

  async findBy(criteria: Criteria, options?: FindOptions): Promise<T[]> {
    const query = this.#sql.select(criteria, options);
    if (query === NO_MATCH) return [];
    // Named, so each pooled connection parses and plans the statement once and then only binds and executes it.
    const result = await this.pool.query({ name: statementName(query.sql), text: query.sql, values: query.params });
    return result.rows.map((row: Record<string, unknown>) => hydrateRow(this.metadata, row));
  }

  async insert(entity: T): Promise<unknown> {
    const { sql, params } = this.#sql.insert(extractRow(this.metadata, entity));
    const result = await this.pool.query(`${sql} RETURNING ${quote(this.metadata.id)}`, params);
    const id = this.metadata.id;
    // read back as the column's JavaScript value (an int8 identity arrives as a string)
    return fromStoredValue(this.metadata.columns[id]!, (result.rows[0] as Record<string, unknown> | undefined)?.[id]);
  }

  async update(entity: T): Promise<boolean> {
    const { sql, params } = this.#sql.update(extractRow(this.metadata, entity));
    const result = await this.pool.query(sql, params);
    return (result.rowCount ?? 0) > 0;
  }

  async delete(id: unknown): Promise<boolean> {
    const query = this.#sql.delete(id);
    if (query === NO_MATCH) return false;
    const result = await this.pool.query(query.sql, query.params);
    return (result.rowCount ?? 0) > 0;
  }
}
