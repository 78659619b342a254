import { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../argument-metadata.ts';
import type { ArgumentValueResolver } from './argument-value-resolver.ts';

/** The request itself, for a parameter declared as Request or named `request`. */
export class RequestValueResolver implements ArgumentValueResolver {
  resolve(request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    if (argument.type === Request || (argument.type === undefined && argument.name === 'request')) return [request];
    if (argument.type !== undefined && argument.type.prototype instanceof Request) return [request];
    return undefined;
  }
}
