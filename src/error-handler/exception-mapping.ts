import type { LevelLike } from '../log/level.ts';

/** How one exception class is logged and answered (Symfony 5.4's `framework.exceptions`). */
export interface ExceptionPolicy {
  /** The level of its "Uncaught Exception" entry. */
  readonly logLevel?: LevelLike;
  /** The status of its error page, for an error that is no HttpException. */
  readonly statusCode?: number;
}

/** By class name; a class inherits the policy of its nearest named ancestor. */
export type ExceptionMapping = Readonly<Record<string, ExceptionPolicy>>;

/**
 * The policies found so far, per mapping and per prototype (an error's class): the walk up
 * its ancestors reads each one's name, and every prod 404 is logged through here. A
 * mapping is configuration, read as it was when first asked (it is not changed afterwards).
 */
const found = new WeakMap<ExceptionMapping, WeakMap<object, ExceptionPolicy | null>>();

/**
 * The last answer, checked before the two weak maps: errors come in runs of one class (a
 * site's requests for missing pages), and the lookups in the maps cost more than the rest
 * of the answer. It keeps one mapping (configuration) and one class's prototype alive,
 * both long-lived anyway.
 */
let lastMapping: ExceptionMapping | undefined;
let lastPrototype: object | undefined;
let lastPolicy: ExceptionPolicy | null = null;

/** The policy of `error`'s class or of its nearest ancestor in `mapping`, if any. */
export function exceptionPolicyOf(mapping: ExceptionMapping | undefined, error: Error): ExceptionPolicy | undefined {
  if (mapping === undefined) return undefined;
  const prototype = Object.getPrototypeOf(error) as object | null;
  if (prototype === null) return undefined;
  if (prototype === lastPrototype && mapping === lastMapping) return lastPolicy ?? undefined;
  let byPrototype = found.get(mapping);
  if (byPrototype === undefined) found.set(mapping, (byPrototype = new WeakMap()));
  let policy = byPrototype.get(prototype);
  if (policy === undefined) {
    policy = lookUp(mapping, prototype) ?? null;
    byPrototype.set(prototype, policy);
  }
  lastMapping = mapping;
  lastPrototype = prototype;
  lastPolicy = policy;
  return policy ?? undefined;
}

function lookUp(mapping: ExceptionMapping, prototype: object): ExceptionPolicy | undefined {
  for (let proto = prototype as { constructor?: { name?: string } } | null; proto !== null; proto = Object.getPrototypeOf(proto) as typeof proto) {
    const name = proto.constructor?.name;
    if (name !== undefined && Object.hasOwn(mapping, name)) return mapping[name];
  }
  return undefined;
}
