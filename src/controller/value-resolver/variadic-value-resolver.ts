import type { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../argument-metadata.ts';
import type { ArgumentValueResolver } from './argument-value-resolver.ts';

/** A rest parameter takes the items of the attribute with its name (none when absent). */
export class VariadicValueResolver implements ArgumentValueResolver {
  resolve(request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    if (!argument.isVariadic) return undefined;
    const value = request.attributes.get(argument.name);
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      throw new TypeError(`The action argument "...${argument.name}" is required to be an array, the request attribute "${argument.name}" contains a ${typeof value} instead.`);
    }
    return value;
  }
}
