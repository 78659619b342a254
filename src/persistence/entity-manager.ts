import type { Connection } from './connection.ts';
import type { Awaitable, Repository } from './repository.ts';
import { assertValidMetadata, type EntityClass, type EntityMetadata } from './entity-metadata.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** Builds the repository of a mapping; custom repositories (with `repository_method`s) come from here. */
export type RepositoryFactory<T> = (connection: Connection, metadata: EntityMetadata<T>) => Repository<T>;

interface Registration {
  readonly metadata: EntityMetadata<unknown>;
  readonly factory: RepositoryFactory<unknown> | undefined;
  repository: Repository<unknown> | undefined;
}

/**
 * Which classes are entities, how each maps to a table, and their repositories. Mappings
 * are registered at boot; the connection is opened on the first repository asked for, so
 * an application that never looks an entity up never opens its database.
 */
export class EntityManager {
  readonly #open: () => Connection;
  readonly #entities = new Map<EntityClass, Registration>();
  #connection: Connection | undefined;
  /** Applied to each repository when it is first made (tracing wraps its calls in spans). */
  readonly repositoryDecorators: Array<(repository: Repository<unknown>, metadata: EntityMetadata<unknown>, connection: Connection) => Repository<unknown>> = [];

  constructor(connection: Connection | (() => Connection)) {
    this.#open = typeof connection === 'function' ? connection : () => connection;
  }

  register<T>(entity: EntityClass<T>, metadata: EntityMetadata<T>, repository?: RepositoryFactory<T>): this {
    assertValidMetadata(metadata as EntityMetadata<unknown>);
    this.#entities.set(entity, { metadata: metadata as EntityMetadata<unknown>, factory: repository as RepositoryFactory<unknown> | undefined, repository: undefined });
    return this;
  }

  /** Whether the class (or a parent class) is a registered entity. */
  has(entity: Function): boolean {
    return this.#registration(entity) !== undefined;
  }

  getMetadata<T>(entity: EntityClass<T>): EntityMetadata<T> {
    return this.#require(entity).metadata as EntityMetadata<T>;
  }

  getRepository<T>(entity: EntityClass<T>): Repository<T> {
    const registration = this.#require(entity);
    if (registration.repository === undefined) {
      const connection = this.connection;
      let repository = registration.factory?.(connection, registration.metadata) ?? connection.repository(registration.metadata);
      for (const decorate of this.repositoryDecorators) repository = decorate(repository, registration.metadata, connection);
      registration.repository = repository;
    }
    return registration.repository as Repository<T>;
  }

  get connection(): Connection {
    this.#connection ??= this.#open();
    return this.#connection;
  }

  /** Creates the tables of every registered entity that do not exist yet. */
  async createSchema(): Promise<void> {
    for (const { metadata } of this.#entities.values()) await this.connection.createTable(metadata);
  }

  async dropSchema(): Promise<void> {
    for (const { metadata } of this.#entities.values()) await this.connection.dropTable(metadata);
  }

  /** Closes the connection if it was opened; a later lookup opens a new one. */
  close(): Awaitable<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    for (const registration of this.#entities.values()) registration.repository = undefined;
    return connection?.close();
  }

  #registration(entity: Function): Registration | undefined {
    for (let cls: unknown = entity; typeof cls === 'function' && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
      const registration = this.#entities.get(cls as EntityClass);
      if (registration !== undefined) return registration;
    }
    return undefined;
  }

  #require(entity: Function): Registration {
    const registration = this.#registration(entity);
    if (registration === undefined) {
      const known = [...this.#entities.keys()].map((cls) => cls.name);
      throw new SluiceError('SLUICE_UNREGISTERED_ENTITY', { entity: entity.name, registered: known.length > 0 ? ` (registered: ${known.join(', ')})` : '' });
    }
    return registration;
  }
}
