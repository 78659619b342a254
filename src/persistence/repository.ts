/** A value now, or later: SQLite answers synchronously, PostgreSQL with a promise. */
export type Awaitable<T> = T | Promise<T>;

/** Column values to match, by column name; `null` matches SQL NULL. */
export type Criteria = Readonly<Record<string, unknown>>;

export interface FindOptions {
  /** Column names with their direction, in precedence order. */
  orderBy?: Readonly<Record<string, 'asc' | 'desc'>>;
  limit?: number;
  /** Rows skipped before the first one returned (pages of a list); needs `limit`. */
  offset?: number;
}

/**
 * Reads entities of one class. Every backend (SQLite, PostgreSQL) implements it and runs
 * `repository.contract.ts`; a result is returned directly when the backend can (SQLite),
 * so a synchronous lookup costs no promise. "Not found" is `undefined`, never an error,
 * also for an id that cannot exist (`"abc"` for an integer id).
 */
export interface Repository<T> {
  find(id: unknown): Awaitable<T | undefined>;
  findOneBy(criteria: Criteria): Awaitable<T | undefined>;
  findBy(criteria: Criteria, options?: FindOptions): Awaitable<T[]>;
}

/** A repository that can also store entities (what the backends give; tests and fixtures use it). */
export interface WritableRepository<T> extends Repository<T> {
  /** Stores a new entity; resolves with its id (the one given, or the one the database chose). */
  insert(entity: T): Awaitable<unknown>;
  /** Stores the columns of an existing entity, found by its id; false when no row has that id. */
  update(entity: T): Awaitable<boolean>;
  /** Removes the entity of this id; false when no row has it. */
  delete(id: unknown): Awaitable<boolean>;
}
