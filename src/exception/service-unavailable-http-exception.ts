import { HttpException, type HttpExceptionOptions } from './http-exception.ts';
import { retryAfterHeader } from './retry-after.ts';

/** 503 Service Unavailable; `retryAfter` (seconds or a date) becomes the `Retry-After` header. */
export class ServiceUnavailableHttpException extends HttpException {
  constructor(retryAfter?: number | Date, message = '', options: HttpExceptionOptions = {}) {
    super(503, message, { ...options, headers: { ...options.headers, ...retryAfterHeader(retryAfter) } });
  }
}
