import { HttpException, type HttpExceptionOptions } from './http-exception.ts';
import { retryAfterHeader } from './retry-after.ts';

/** 429 Too Many Requests; `retryAfter` (seconds or a date) becomes the `Retry-After` header. */
export class TooManyRequestsHttpException extends HttpException {
  constructor(retryAfter?: number | Date, message = '', options: HttpExceptionOptions = {}) {
    super(429, message, { ...options, headers: { ...options.headers, ...retryAfterHeader(retryAfter) } });
  }
}
