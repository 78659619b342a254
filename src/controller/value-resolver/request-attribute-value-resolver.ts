import type { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../argument-metadata.ts';
import type { ArgumentValueResolver } from './argument-value-resolver.ts';

/** A request attribute with the parameter's name (route parameters land there). */
export class RequestAttributeValueResolver implements ArgumentValueResolver {
  resolve(request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    if (argument.isVariadic) return undefined;
    // one lookup for a value that is there; an attribute set to undefined is still one
    const value = request.attributes.get(argument.name);
    if (value === undefined && !request.attributes.has(argument.name)) return undefined;
    return [value];
  }
}
