import type { Request } from '../http/request.ts';
import type { ArgumentMetadata } from '../controller/argument-metadata.ts';
import type { ArgumentValueResolver } from '../controller/value-resolver/argument-value-resolver.ts';
import { Session } from './session.ts';

/**
 * The request's session, for a controller parameter declared as Session or, undeclared,
 * named `session`. Nothing when the request has none (a request no SessionListener saw),
 * so a default value or a clear "requires that you provide a value" error applies.
 */
export class SessionValueResolver implements ArgumentValueResolver {
  resolve(request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    const wanted = argument.type === Session || (argument.type === undefined && argument.name === 'session');
    if (!wanted || !(request.session instanceof Session)) return undefined;
    return [request.session];
  }
}
