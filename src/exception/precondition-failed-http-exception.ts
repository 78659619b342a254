import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 412 Precondition Failed: an If-Match / If-Unmodified-Since condition did not hold. */
export class PreconditionFailedHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(412, message, options);
  }
}
