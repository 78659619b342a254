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

/** The policy of `error`'s class or of its nearest ancestor in `mapping`, if any. */
export function exceptionPolicyOf(mapping: ExceptionMapping | undefined, error: Error): ExceptionPolicy | undefined {
  if (mapping === undefined) return undefined;
  const prototype = Object.getPrototypeOf(error) as object | null;
  if (prototype === null) return undefined;
  let byPrototype = found.get(mapping);
  if (byPrototype === undefined) found.set(mapping, (byPrototype = new WeakMap()));
  let policy = byPrototype.get(prototype);
  if (policy === undefined) {
    policy = lookUp(mapping, prototype) ?? null;
    byPrototype.set(prototype, policy);
  }
  return policy ?? undefined;
}

function lookUp(mapping: ExceptionMapping, prototype: object): ExceptionPolicy | undefined {
  for (let proto = prototype as { constructor?: { name?: string } } | null; proto !== null; proto = Object.getPrototypeOf(proto) as typeof proto) {
    const name = proto.constructor?.name;
    if (name !== undefined && Object.hasOwn(mapping, name)) return mapping[name];
  }
  return undefined;
}
