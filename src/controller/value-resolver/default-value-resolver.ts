import type { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../argument-metadata.ts';
import type { ArgumentValueResolver } from './argument-value-resolver.ts';

const useDefault: readonly unknown[] = Object.freeze([undefined]);
const useNull: readonly unknown[] = Object.freeze([null]);

/**
 * A parameter with a default gets `undefined`, which JavaScript replaces with the
 * default expression itself; a nullable one gets null.
 */
export class DefaultValueResolver implements ArgumentValueResolver {
  resolve(_request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    if (argument.hasDefault) return useDefault;
    if (argument.isNullable && !argument.isVariadic) return useNull;
    return undefined;
  }
}
