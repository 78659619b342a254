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

/** The policy of `error`'s class or of its nearest ancestor in `mapping`, if any. */
export function exceptionPolicyOf(mapping: ExceptionMapping | undefined, error: Error): ExceptionPolicy | undefined {
  if (mapping === undefined) return undefined;
  for (let proto = Object.getPrototypeOf(error) as { constructor?: { name?: string } } | null; proto !== null; proto = Object.getPrototypeOf(proto) as typeof proto) {
    const name = proto.constructor?.name;
    if (name !== undefined && Object.hasOwn(mapping, name)) return mapping[name];
  }
  return undefined;
}
