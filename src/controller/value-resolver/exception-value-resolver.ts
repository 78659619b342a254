import type { Request } from '../../http/request.ts';
import type { ArgumentMetadata } from '../argument-metadata.ts';
import type { ArgumentValueResolver } from './argument-value-resolver.ts';

const names = new Set(['exception', 'error', 'throwable']);

/**
 * The error an error controller renders: the sub-request's `exception` attribute, for a
 * parameter declared as an Error class or named exception / error / throwable.
 */
export class ExceptionValueResolver implements ArgumentValueResolver {
  resolve(request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    if (argument.isVariadic || !request.attributes.has('exception')) return undefined;
    const declaredError = argument.type !== undefined && (argument.type === Error || argument.type.prototype instanceof Error);
    if (!declaredError && !(argument.type === undefined && names.has(argument.name))) return undefined;
    return [request.attributes.get('exception')];
  }
}
