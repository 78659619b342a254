import type { Request } from '../http/request.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { EntityManager } from '../persistence/entity-manager.ts';
import type { EntityClass } from '../persistence/entity-metadata.ts';
import type { ParamConverterInterface } from './param-converter-interface.ts';
import { EntityLookup, CANNOT_GUESS, type EntityConverterOptions } from './entity-lookup.ts';
import { SluiceError } from '../exception/sluice-error.ts';

const OPTION_NAMES = ['id', 'mapping', 'exclude', 'strip_null', 'repository_method', 'expr'];

/**
 * Converts request attributes into an entity of a registered class (the reference's
 * DoctrineParamConverter, over our Repository). In order: the `expr` function; a lookup
 * by id (the `id` option, the attribute named like the parameter, or `id`); a lookup by
 * the `mapping` (by default every request attribute that is a column of the entity).
 * Not found and not optional: a 404 naming the class and the declaration. A lookup is
 * synchronous with SQLite and a promise with PostgreSQL.
 */
export class EntityParamConverter implements ParamConverterInterface {
  readonly #manager: () => EntityManager;

  constructor(manager: EntityManager | (() => EntityManager)) {
    this.#manager = typeof manager === 'function' ? manager : () => manager;
  }

  supports(configuration: ParamConverterConfiguration): boolean {
    return configuration.class !== undefined && this.#manager().has(configuration.class);
  }

  apply(request: Request, configuration: ParamConverterConfiguration): boolean | Promise<boolean> {
    const { name, annotation } = configuration;
    const entity = configuration.class as EntityClass;
    const options = this.#options(configuration);
    // An attribute that is there but null (an optional route part) makes the entity optional.
    const optional = configuration.isOptional || (request.attributes.has(name) && request.attributes.get(name) === null);
    const manager = this.#manager();
    const lookup = new EntityLookup(manager.getRepository(entity), manager.getMetadata(entity), request, options, name);

    let found: unknown;
    let detail = '';
    if (options.expr !== undefined) {
      found = options.expr(manager.getRepository(entity), request.attributes.all());
      detail = ` The expression "${String(options.expr)}" returned null`;
    } else {
      found = lookup.byId();
      if (found === CANNOT_GUESS) found = lookup.byMapping();
      if (found === CANNOT_GUESS) {
        if (!optional) throw new SluiceError('SLUICE_ENTITY_NOT_GUESSABLE', { name });
        found = null;
      }
    }
    const finish = (object: unknown): boolean => {
      if ((object === undefined || object === null) && !optional) {
        throw new NotFoundHttpException(`${entity.name} object not found by the @${annotation} annotation.${detail}`);
      }
      request.attributes.set(name, object ?? null);
      return true;
    };
    return isThenable(found) ? Promise.resolve(found).then(finish) : finish(found);
  }

  /** The declaration's options; an unknown one is a typo, reported as the reference does. */
  #options(configuration: ParamConverterConfiguration): EntityConverterOptions {
    const unknown = Object.keys(configuration.options).filter((key) => !OPTION_NAMES.includes(key));
    if (unknown.length > 0) throw new SluiceError('SLUICE_INVALID_CONVERTER_OPTIONS', { annotation: configuration.annotation, options: unknown.join(', ') });
    return configuration.options as EntityConverterOptions;
  }
}
