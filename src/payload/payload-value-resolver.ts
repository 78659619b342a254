import type { Request } from '../http/request.ts';
import type { ArgumentMetadata } from '../controller/argument-metadata.ts';
import type { ArgumentValueResolver } from '../controller/value-resolver/argument-value-resolver.ts';
import { PayloadMapping } from './payload-mapping.ts';
import { PendingPayload } from './pending-payload.ts';

/**
 * An argument declared with `@MapRequestPayload` or `@MapQueryString`: a placeholder now,
 * the validated payload once the access checks have run (see DeferredArgument).
 */
export class PayloadValueResolver implements ArgumentValueResolver {
  resolve(_request: Request, argument: ArgumentMetadata): readonly unknown[] | undefined {
    const attributes = argument.attributes;
    if (attributes === undefined) return undefined;
    for (const attribute of attributes) {
      if (attribute instanceof PayloadMapping) return [new PendingPayload(attribute, argument.isNullable || argument.hasDefault)];
    }
    return undefined;
  }
}
