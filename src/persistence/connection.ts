import type { Awaitable, WritableRepository } from './repository.ts';
import type { EntityMetadata } from './entity-metadata.ts';
import type { QueryLogger } from './query-logger.ts';

/**
 * A database the entity layer can use: it gives repositories for mappings and manages
 * their tables. Implemented by SqliteConnection (the embedded default) and
 * PostgresConnection (for deployments of several instances).
 */
export interface Connection {
  repository<T>(metadata: EntityMetadata<T>): WritableRepository<T>;
  /** Creates the table of a mapping unless it exists. */
  createTable(metadata: EntityMetadata<unknown>): Awaitable<void>;
  dropTable(metadata: EntityMetadata<unknown>): Awaitable<void>;
  close(): Awaitable<void>;
  /** Asks the database something trivial: resolves when it answers (the readiness check). */
  ping?(): Awaitable<void>;
  /** Reports every statement run from now on to `logger` (the profiler's database collector); undefined stops it. */
  setQueryLogger?(logger: QueryLogger | undefined): void;
}
