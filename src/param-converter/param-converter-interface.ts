import type { Request } from '../http/request.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';

/**
 * Turns one request attribute into the object a controller asks for, in place
 * (`request.attributes`). `apply` answers false when it did not convert, so the next
 * converter may; it may return a promise (a database lookup), which the kernel awaits.
 */
export interface ParamConverterInterface {
  supports(configuration: ParamConverterConfiguration): boolean;
  apply(request: Request, configuration: ParamConverterConfiguration): boolean | Promise<boolean>;
}
