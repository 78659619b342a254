/**
 * One versioned schema change, in Doctrine Migrations' model: `up` adds the statements
 * of the change with `schema.addSql()`, for the database the schema names; the migrator
 * runs them in a transaction and records the version, so each runs once per database.
 */
export interface Migration {
  /** Sortable and unique, e.g. `20261126130000`: migrations run in this order. */
  readonly version: string;
  readonly description: string;
  up(schema: MigrationSchema): void;
}

/** What a migration writes its change with. */
export interface MigrationSchema {
  readonly platform: 'sqlite' | 'postgresql';
  /** A table's name as SQL: quoted, and qualified by the connection's schema on PostgreSQL. */
  table(name: string): string;
  addSql(statement: string): void;
}

/** A known or recorded migration, as `migrations:status` shows it. */
export interface MigrationState {
  version: string;
  /** Empty for a version the database records but this code does not know. */
  description: string;
  executedAt: Date | undefined;
  known: boolean;
}
