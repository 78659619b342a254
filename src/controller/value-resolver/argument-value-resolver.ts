import type { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../argument-metadata.ts';

/**
 * One rule for finding a controller argument's value. `resolve` returns the values (one,
 * or several for a rest parameter) or undefined when the rule does not apply.
 */
export interface ArgumentValueResolver {
  resolve(request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined;
}
