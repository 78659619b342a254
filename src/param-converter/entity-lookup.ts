import type { Request } from '../http/request.ts';
import type { Awaitable, Criteria, Repository } from '../persistence/repository.ts';
import type { EntityMetadata } from '../persistence/entity-metadata.ts';
import type { EntityExpression } from '../decorators/entity.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export interface EntityConverterOptions {
  /** The attribute holding the id, or several (`'%s_id'` is filled with the parameter name). */
  id?: string | readonly string[];
  /** Request attribute → column, for a lookup by other columns. */
  mapping?: Readonly<Record<string, string>>;
  /** Attributes left out of the default mapping. */
  exclude?: readonly string[];
  /** Leave null attributes out of the criteria. */
  strip_null?: boolean;
  /** The repository method called instead of `find` / `findOneBy`. */
  repository_method?: string;
  expr?: EntityExpression;
}

/** The request says nothing the lookup could use. */
export const CANNOT_GUESS: unique symbol = Symbol('cannot guess');

type Lookup = Awaitable<unknown> | typeof CANNOT_GUESS;

/** The two guesses of the entity converter, for one parameter of one request. */
export class EntityLookup {
  readonly #repository: Repository<unknown>;
  readonly #metadata: EntityMetadata<unknown>;
  readonly #request: Request;
  readonly #options: EntityConverterOptions;
  readonly #name: string;

  constructor(repository: Repository<unknown>, metadata: EntityMetadata<unknown>, request: Request, options: EntityConverterOptions, name: string) {
    this.#repository = repository;
    this.#metadata = metadata;
    this.#request = request;
    this.#options = options;
    this.#name = name;
  }

  /** By identifier, unless a mapping or exclusions were declared (they ask for a lookup by columns). */
  byId(): Lookup {
    const options = this.#options;
    if (options.mapping !== undefined || (options.exclude?.length ?? 0) > 0) return CANNOT_GUESS;
    const id = this.#identifier();
    if (id === CANNOT_GUESS || id === null || id === undefined) return CANNOT_GUESS;
    // Several id attributes name the entity by columns: findOneBy unless a method was named.
    const method = options.repository_method ?? (typeof id === 'object' ? 'findOneBy' : 'find');
    return this.#call(method, id);
  }

  /** By the mapped attributes that are columns of the entity. */
  byMapping(): Lookup {
    const options = this.#options;
    const attributes = this.#request.attributes;
    const mapping: Record<string, string> = { ...(options.mapping ?? Object.fromEntries(attributes.keys().map((key) => [key, key]))) };
    for (const excluded of options.exclude ?? []) delete mapping[excluded];
    if (Object.keys(mapping).length === 0) return CANNOT_GUESS;
    // A declared id attribute that is absent must not fall back to another object's columns.
    if (typeof options.id === 'string' && (attributes.get(options.id) ?? null) === null) return CANNOT_GUESS;
    const criteria: Record<string, unknown> = {};
    for (const [attribute, column] of Object.entries(mapping)) {
      if (Object.hasOwn(this.#metadata.columns, column)) criteria[column] = attributes.get(attribute) ?? null;
    }
    if (options.strip_null === true) for (const column of Object.keys(criteria)) if (criteria[column] === null) delete criteria[column];
    if (Object.keys(criteria).length === 0) return CANNOT_GUESS;
    return this.#call(options.repository_method ?? 'findOneBy', criteria);
  }

  #identifier(): unknown {
    const { id } = this.#options;
    const attributes = this.#request.attributes;
    let name = this.#name;
    if (typeof id === 'string') name = id;
    else if (Array.isArray(id)) {
      const criteria: Record<string, unknown> = {};
      for (const field of id as readonly string[]) {
        const attribute = field.includes('%s') ? field.replace('%s', this.#name) : field;
        criteria[attribute] = attributes.get(attribute) ?? null;
      }
      return criteria;
    }
    if (attributes.has(name)) return attributes.get(name);
    if (attributes.has('id') && id === undefined) return attributes.get('id');
    return CANNOT_GUESS;
  }

  #call(method: string, argument: unknown): Awaitable<unknown> {
    const fn = (this.#repository as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function') {
      throw new SluiceError('SLUICE_UNKNOWN_REPOSITORY_METHOD', { table: this.#metadata.table, method });
    }
    return (fn as (argument: unknown) => Awaitable<unknown>).call(this.#repository, argument as Criteria);
  }
}
