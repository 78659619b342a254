// `sluice/persistence`: entities mapped to tables, their repositories, and the SQLite
// and PostgreSQL connections behind them (see FrameworkExtraBundle's `database`).
export { EntityManager, type RepositoryFactory } from './entity-manager.ts';
export type { ColumnType, EntityClass, EntityMetadata } from './entity-metadata.ts';
export type { Awaitable, Criteria, FindOptions, Repository, WritableRepository } from './repository.ts';
export type { Connection } from './connection.ts';
export type { ExecutedQuery, QueryLogger } from './query-logger.ts';
export { connectionFromUrl, DEFAULT_DATABASE_URL } from './connection-url.ts';
export { SqliteConnection } from './sqlite-connection.ts';
export { SqliteRepository } from './sqlite-repository.ts';
export { PostgresConnection, type PostgresOptions } from './postgres-connection.ts';
export { PostgresRepository } from './postgres-repository.ts';
export { Migrator, MIGRATION_TABLE } from './migrator.ts';
export type { Migration, MigrationSchema, MigrationState } from './migration.ts';
// The console commands live with the migrations they run: the console barrel loads the
// whole command-line application, which a serving process has no use for.
export { migrationCommands } from '../console/migrations-commands.ts';
