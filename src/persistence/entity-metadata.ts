import { fromStoredValue } from './column-value.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * How values of a column are stored and read back. Each backend maps these to its own
 * SQL types; hydrate always receives JavaScript values (a Date for `datetime`, a boolean
 * for `boolean`), whichever backend read the row.
 */
export type ColumnType = 'integer' | 'real' | 'text' | 'boolean' | 'datetime';

/** An entity class, as the registry and the converters know it. */
export type EntityClass<T = unknown> = abstract new (...args: never[]) => T;

/**
 * The mapping of one entity class to one table: a deliberately small stand-in for an
 * ORM's mapping. Column names are the keys of the rows `hydrate` receives and of the
 * criteria repositories accept.
 */
export interface EntityMetadata<T> {
  readonly table: string;
  /** The identifier column (a single column). */
  readonly id: string;
  readonly columns: Readonly<Record<string, ColumnType>>;
  /** Builds an entity from a row. */
  hydrate(row: Readonly<Record<string, unknown>>): T;
  /** The row to store for an entity; by default its properties named like the columns. */
  extract?(entity: T): Record<string, unknown>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Checks a mapping once, when it is registered: names are spliced into SQL (quoted), so
 * only plain identifiers are accepted, and the id must be one of the columns.
 */
export function assertValidMetadata(metadata: EntityMetadata<unknown>): void {
  const names = [metadata.table, ...Object.keys(metadata.columns)];
  const bad = names.find((name) => !IDENTIFIER.test(name));
  if (bad !== undefined) throw new SluiceError('SLUICE_INVALID_SQL_IDENTIFIER', { identifier: bad, table: metadata.table });
  if (!(metadata.id in metadata.columns)) {
    throw new SluiceError('SLUICE_ENTITY_ID_NOT_A_COLUMN', { id: metadata.id, table: metadata.table, columns: Object.keys(metadata.columns).join('", "') });
  }
}

/** The row to store for an entity. */
export function extractRow<T>(metadata: EntityMetadata<T>, entity: T): Record<string, unknown> {
  if (metadata.extract !== undefined) return metadata.extract(entity);
  const row: Record<string, unknown> = {};
  for (const column of Object.keys(metadata.columns)) row[column] = (entity as Record<string, unknown>)[column];
  return row;
}

/** Builds an entity from a row as a backend returned it, each column read back as its JavaScript value. */
export function hydrateRow<T>(metadata: EntityMetadata<T>, stored: Readonly<Record<string, unknown>>): T {
  const row: Record<string, unknown> = {};
  for (const [column, type] of Object.entries(metadata.columns)) row[column] = fromStoredValue(type, stored[column]);
  return metadata.hydrate(row);
}
