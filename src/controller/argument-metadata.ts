import type { Controller } from './controller.ts';
import { controllerTarget } from './controller.ts';
import { parseParameters } from './parameter-parser.ts';

export interface ArgumentMetadata {
  readonly name: string;
  /** The declared class, when one was declared (types are erased at run time, so it is declared). */
  readonly type: (abstract new (...args: never[]) => unknown) | undefined;
  readonly hasDefault: boolean;
  readonly isVariadic: boolean;
  readonly isNullable: boolean;
  /** Declarations about where the value comes from (a mapped request payload, ...), as Symfony's argument attributes. */
  readonly attributes?: readonly object[] | undefined;
}

export interface Declared {
  type?: abstract new (...args: never[]) => unknown;
  nullable?: boolean;
  attributes?: readonly object[];
}

const declarations = new WeakMap<Function, Record<string, Declared>>();
const cache = new WeakMap<Function, readonly ArgumentMetadata[]>();

/**
 * Declares the classes of a controller function's parameters, by name. Decorators call
 * this for methods (`@Route` / `@ParamConverter`); plain JavaScript users call it directly.
 */
export function declareArgumentTypes(fn: Function, types: Record<string, Function | Declared>): void {
  const existing = declarations.get(fn) ?? {};
  for (const [name, decl] of Object.entries(types)) {
    const given: Declared = typeof decl === 'function' ? { type: decl as Declared['type'] } : decl;
    const attributes = [...(existing[name]?.attributes ?? []), ...(given.attributes ?? [])];
    existing[name] = { ...existing[name], ...given, ...(attributes.length > 0 && { attributes }) };
  }
  declarations.set(fn, existing);
  cache.delete(fn);
}

/** The parameters of a controller: names and defaults from its source, classes from declarations. */
export function argumentMetadataFor(controller: Controller): readonly ArgumentMetadata[] {
  const { fn } = controllerTarget(controller);
  let metadata = cache.get(fn);
  if (metadata === undefined) {
    const declared = declarations.get(fn) ?? {};
    metadata = parseParameters(fn).map((param) => {
      const decl = declared[param.name];
      return {
        name: param.name,
        type: decl?.type,
        hasDefault: param.hasDefault,
        isVariadic: param.isVariadic,
        isNullable: decl?.nullable ?? false,
        attributes: decl?.attributes ?? [],
      };
    });
    cache.set(fn, metadata);
  }
  return metadata;
}
