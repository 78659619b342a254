import type { Repository } from '../persistence/repository.ts';
import { recordingDecorator, type ClassOrMethodDecorator } from './decorate.ts';
import { declareConverterClass, paramConverterConfiguration } from './param-converter.ts';

/** Finds the entity itself: the reference's `expr`, as a function of the repository and the request attributes. */
export type EntityExpression = (repository: Repository<unknown>, attributes: Readonly<Record<string, unknown>>) => unknown;

export interface EntityOptions {
  class?: Function;
  /** `id`, `mapping`, `exclude`, `strip_null`, `repository_method`. */
  options?: Readonly<Record<string, unknown>>;
  expr?: EntityExpression;
  isOptional?: boolean;
}

/**
 * A ParamConverter for entities (the `entity` converter), with its own options:
 *
 * ```ts
 * @Entity('event', { class: Event, options: { mapping: { slug: 'slug' } } })
 * @Entity('author', { class: User, expr: (users, { author_id }) => users.find(author_id) })
 * ```
 *
 * Not finding it is a 404 "... object not found by the @Entity annotation.".
 */
export function Entity(name: string, options: EntityOptions = {}): ClassOrMethodDecorator {
  const configuration = entityConfiguration(name, options);
  return recordingDecorator('Entity', { alias: 'converters', value: configuration }, (method) => declareConverterClass(method, configuration));
}

export function entityConfiguration(name: string, options: EntityOptions = {}) {
  const converterOptions = { ...options.options, ...(options.expr !== undefined && { expr: options.expr }) };
  return paramConverterConfiguration(
    name,
    { ...(options.class !== undefined && { class: options.class }), converter: 'entity', options: converterOptions, ...(options.isOptional !== undefined && { isOptional: options.isOptional }) },
    'Entity',
  );
}
