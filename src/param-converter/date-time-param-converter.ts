import type { Request } from '../http/request.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import type { ParamConverterInterface } from './param-converter-interface.ts';
import { parseDateFormat } from './php-date-format.ts';

/** A non-negative integer as PHP's FILTER_VALIDATE_INT reads one: no leading zeros. */
const TIMESTAMP = /^\s*\+?(0|[1-9]\d*)\s*$/;

/**
 * Converts a request attribute into a Date (or a Date subclass): with a `format` option
 * (`Y-m-d`), the attribute must match it exactly; without one, a non-negative integer is a
 * Unix timestamp and anything else must be a date `Date.parse` reads. An unreadable
 * value is a 404, as a URL naming no valid date names no resource.
 */
export class DateTimeParamConverter implements ParamConverterInterface {
  supports(configuration: ParamConverterConfiguration): boolean {
    const type = configuration.class;
    return type === Date || (type !== undefined && type.prototype instanceof Date);
  }

  apply(request: Request, configuration: ParamConverterConfiguration): boolean {
    const name = configuration.name;
    if (!request.attributes.has(name)) return false;
    const value = request.attributes.get(name);
    if (isEmpty(value) && configuration.isOptional) {
      request.attributes.set(name, null);
      return true;
    }
    const time = this.#time(String(value), configuration.options.format);
    if (time === undefined) throw new NotFoundHttpException(`Invalid date given for parameter "${name}".`);
    const DateClass = configuration.class as DateConstructor;
    request.attributes.set(name, new DateClass(time));
    return true;
  }

  #time(value: string, format: unknown): number | undefined {
    if (typeof format === 'string') return parseDateFormat(format, value)?.getTime();
    if (TIMESTAMP.test(value)) return Number(value) * 1000;
    const time = Date.parse(value);
    return Number.isNaN(time) ? undefined : time;
  }
}

/** What PHP's `!$value` counts as empty for a route attribute. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === '0' || value === 0 || value === false;
}
