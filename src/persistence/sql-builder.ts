import type { Criteria, FindOptions } from './repository.ts';
import type { EntityMetadata } from './entity-metadata.ts';
import { NO_MATCH, toColumnValue } from './column-value.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** A statement and its parameters, or NO_MATCH when the criteria cannot match any row. */
export type Query = { sql: string; params: unknown[] } | typeof NO_MATCH;

/**
 * Builds the few statements repositories need, for one mapping and one placeholder
 * style (`?` for SQLite, `$1` for PostgreSQL). Column names are checked against the
 * mapping: criteria come from request attributes, so an unknown key is an error and
 * never reaches the SQL text.
 */
export class SqlBuilder {
  readonly #metadata: EntityMetadata<unknown>;
  readonly #placeholder: (index: number) => string;
  readonly #table: string;
  readonly #toStored: (value: unknown) => unknown;
  #selectList: string | undefined;

  constructor(metadata: EntityMetadata<unknown>, options: { placeholder: (index: number) => string; table: string; toStored: (value: unknown) => unknown }) {
    this.#metadata = metadata;
    this.#placeholder = options.placeholder;
    this.#table = options.table;
    this.#toStored = options.toStored;
  }

  select(criteria: Criteria, options: FindOptions = {}): Query {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [column, raw] of Object.entries(criteria)) {
      const value = toColumnValue(this.#columnType(column), raw);
      if (value === NO_MATCH) return NO_MATCH;
      if (value === null) where.push(`${quote(column)} IS NULL`);
      else {
        params.push(this.#toStored(value));
        where.push(`${quote(column)} = ${this.#placeholder(params.length)}`);
      }
    }
    const columns = (this.#selectList ??= Object.keys(this.#metadata.columns).map(quote).join(', '));
    let sql = `SELECT ${columns} FROM ${this.#table}`;
    if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
    const order = Object.entries(options.orderBy ?? {});
    if (order.length > 0) {
      sql += ` ORDER BY ${order.map(([column, direction]) => `${quote(this.#known(column))} ${direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ')}`;
    }
    if (options.limit !== undefined) sql += ` LIMIT ${Math.max(0, Math.trunc(options.limit))}`;
    if (options.limit !== undefined && options.offset !== undefined) sql += ` OFFSET ${Math.max(0, Math.trunc(options.offset))}`;
    return { sql, params };
  }

  /** `UPDATE ... SET <every column but the id> WHERE id = ?`. */
  update(row: Readonly<Record<string, unknown>>): { sql: string; params: unknown[] } {
    const id = this.#metadata.id;
    const columns = Object.keys(row).filter((column) => column !== id && row[column] !== undefined).map((column) => this.#known(column));
    const params = [...columns, id].map((column) => {
      const value = toColumnValue(this.#columnType(column), row[column]);
      if (value === NO_MATCH) throw new SluiceError('SLUICE_COLUMN_TYPE_MISMATCH', { value: String(row[column]), column, type: this.#metadata.columns[column], table: this.#metadata.table });
      return value === null ? null : this.#toStored(value);
    });
    const assignments = columns.map((column, i) => `${quote(column)} = ${this.#placeholder(i + 1)}`);
    return { sql: `UPDATE ${this.#table} SET ${assignments.join(', ')} WHERE ${quote(id)} = ${this.#placeholder(columns.length + 1)}`, params };
  }

  /** `DELETE ... WHERE id = ?`, or NO_MATCH for an id the column cannot hold. */
  delete(id: unknown): Query {
    const value = toColumnValue(this.#columnType(this.#metadata.id), id);
    if (value === NO_MATCH || value === null) return NO_MATCH;
    return { sql: `DELETE FROM ${this.#table} WHERE ${quote(this.#metadata.id)} = ${this.#placeholder(1)}`, params: [this.#toStored(value)] };
  }

  insert(row: Readonly<Record<string, unknown>>): { sql: string; params: unknown[] } {
    const columns = Object.keys(row).filter((column) => row[column] !== undefined).map((column) => this.#known(column));
    const params = columns.map((column) => {
      const value = toColumnValue(this.#columnType(column), row[column]);
      if (value === NO_MATCH) throw new SluiceError('SLUICE_COLUMN_TYPE_MISMATCH', { value: String(row[column]), column, type: this.#metadata.columns[column], table: this.#metadata.table });
      return value === null ? null : this.#toStored(value);
    });
    const placeholders = columns.map((_, i) => this.#placeholder(i + 1));
    return { sql: `INSERT INTO ${this.#table} (${columns.map(quote).join(', ')}) VALUES (${placeholders.join(', ')})`, params };
  }

  #columnType(column: string) {
    return this.#metadata.columns[this.#known(column)]!;
  }

  #known(column: string): string {
    if (!Object.hasOwn(this.#metadata.columns, column)) {
      throw new SluiceError('SLUICE_UNKNOWN_COLUMN', { column, table: this.#metadata.table, columns: Object.keys(this.#metadata.columns).join('", "') });
    }
    return column;
  }
}

/** A quoted identifier; names were checked when the mapping was registered. */
export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
