import type { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../../controller/argument-metadata.ts';
import type { ArgumentValueResolver } from '../../controller/value-resolver/argument-value-resolver.ts';
import { PendingUser } from './pending-user.ts';

type UserClass = abstract new (...args: never[]) => unknown;

/**
 * The current user, for a parameter named `user` (without a declared class) or declared
 * with one of the application's user classes. It comes after the request attributes in
 * the chain, so a route variable `{user}` still wins, as in the reference.
 */
export class UserValueResolver implements ArgumentValueResolver {
  readonly #userClasses: readonly UserClass[];

  constructor(userClasses: readonly UserClass[] = []) {
    this.#userClasses = userClasses;
  }

  resolve(_request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    if (argument.isVariadic) return undefined;
    const type = argument.type;
    const matches = type === undefined
      ? argument.name === 'user'
      : this.#userClasses.some((userClass) => type === userClass || type.prototype instanceof userClass);
    return matches ? [new PendingUser(argument.name, argument.isNullable || argument.hasDefault)] : undefined;
  }
}
