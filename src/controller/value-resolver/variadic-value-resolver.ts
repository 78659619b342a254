import type { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../argument-metadata.ts';
import type { ArgumentValueResolver } from './argument-value-resolver.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

/** A rest parameter takes the items of the attribute with its name (none when absent). */
export class VariadicValueResolver implements ArgumentValueResolver {
  resolve(request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    if (!argument.isVariadic) return undefined;
    const value = request.attributes.get(argument.name);
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      throw new SluiceError('SLUICE_VARIADIC_NOT_ARRAY', { name: argument.name, type: typeof value });
    }
    return value;
  }
}
