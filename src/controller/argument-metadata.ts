import type { Controller } from './controller.ts';
import { controllerName, controllerTarget } from './controller.ts';
import { UndeclaredArgumentsError } from './undeclared-arguments-error.ts';

type Class = abstract new (...args: never[]) => unknown;

export interface ArgumentMetadata {
  readonly name: string;
  /** The declared class, when one was declared (types are erased at run time, so it is declared). */
  readonly type: Class | undefined;
  readonly hasDefault: boolean;
  readonly isVariadic: boolean;
  readonly isNullable: boolean;
  /** Declarations about where the value comes from (a mapped request payload, ...), as Symfony's argument attributes. */
  readonly attributes?: readonly object[] | undefined;
}

/** A parameter's declaration beyond its class. */
export interface Declared {
  /** Its class; `String`, `Number`, `Boolean`, `Object` or `Array` (or none) for a value matched by name. */
  type?: Function;
  /** Null when nothing else gives a value. */
  nullable?: boolean;
  /** Declarations about where the value comes from (a mapped request payload, ...). */
  attributes?: readonly object[];
  /** The method has a default for it: given `undefined` when nothing else gives a value. */
  optional?: boolean;
  /** A rest parameter (`...names`). */
  variadic?: boolean;
}

/** A parameter's class (or `String`, `Number`... for a plain value), or its full declaration. */
export type ArgumentDeclaration = Function | Declared;

/** Built-in constructors that name a kind of value rather than a class to resolve or convert. */
const plainValues = new Set<Function>([String, Number, Boolean, Object, Array, BigInt, Symbol, Function]);

/** The parameters of each function, in order, as declared. */
const parameters = new WeakMap<Function, ReadonlyArray<readonly [string, Declared]>>();
/** Classes declared by name elsewhere (`@ParamConverter('event', { class: Event })`). */
const types = new WeakMap<Function, Record<string, Declared>>();
const cache = new WeakMap<Function, readonly ArgumentMetadata[]>();

/**
 * Declares a controller function's parameters: names in order (the object's key order),
 * each with its class or declaration. JavaScript keeps no parameter names at run time
 * (and a minifier renames them), while arguments are resolved by name. `@Args` calls
 * this for methods; code without decorators calls it directly.
 *
 * ```ts
 * declareArguments(showEvent, { request: Request, event: Event, page: { type: Number, optional: true } });
 * ```
 */
export function declareArguments<F extends Function>(fn: F, declarations: Readonly<Record<string, ArgumentDeclaration>>): F {
  parameters.set(fn, Object.entries(declarations).map(([name, declaration]) => [name, typeof declaration === 'function' ? { type: declaration } : declaration] as const));
  cache.delete(fn);
  return fn;
}

/** Adds a class (or attributes) to parameters by name, without saying their order (converter and payload declarations do). */
export function declareArgumentTypes(fn: Function, declared: Record<string, Function | Declared>): void {
  const existing = types.get(fn) ?? {};
  for (const [name, declaration] of Object.entries(declared)) {
    const given: Declared = typeof declaration === 'function' ? { type: declaration } : declaration;
    const attributes = [...(existing[name]?.attributes ?? []), ...(given.attributes ?? [])];
    existing[name] = { ...existing[name], ...given, ...(attributes.length > 0 && { attributes }) };
  }
  types.set(fn, existing);
  cache.delete(fn);
}

/** Gives `wrapper` (a function that calls `original` with the same arguments) the declarations of `original`. */
export function declareArgumentsLike(wrapper: Function, original: Function): void {
  const declared = parameters.get(original);
  if (declared !== undefined) parameters.set(wrapper, declared);
  const byName = types.get(original);
  if (byName !== undefined) types.set(wrapper, byName);
  Object.defineProperty(wrapper, 'length', { value: original.length });
  cache.delete(wrapper);
}

/** Whether a function's parameters were declared. */
export function hasDeclaredArguments(fn: Function): boolean {
  return parameters.has(fn);
}

/**
 * The parameters of a controller, from its declaration. A controller whose function
 * takes parameters (before the first default) and declares none is an error naming the
 * fix: its source is never read, so a minified build resolves arguments as the source does.
 */
export function argumentMetadataFor(controller: Controller): readonly ArgumentMetadata[] {
  const { fn } = controllerTarget(controller);
  let metadata = cache.get(fn);
  if (metadata === undefined) {
    const declared = parameters.get(fn);
    if (declared === undefined && fn.length > 0) throw UndeclaredArgumentsError.none(controllerName(controller), fn.length);
    if (declared !== undefined && declared.length < fn.length) throw UndeclaredArgumentsError.tooFew(controllerName(controller), fn.length, declared.map(([name]) => name));
    const byName = types.get(fn) ?? {};
    metadata = (declared ?? []).map(([name, own]) => {
      const declaration: Declared = { ...byName[name], ...own };
      // A class wins over a plain-value marker: @Args({ event: Object }) with @ParamConverter('event', { class: Event }).
      const type = [own.type, byName[name]?.type].find((each) => each !== undefined && !plainValues.has(each)) as Class | undefined;
      const attributes = [...(byName[name]?.attributes ?? []), ...(own.attributes ?? [])];
      return { name, type, hasDefault: declaration.optional ?? false, isVariadic: declaration.variadic ?? false, isNullable: declaration.nullable ?? false, attributes };
    });
    cache.set(fn, metadata);
  }
  return metadata;
}
