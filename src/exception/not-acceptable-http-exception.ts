import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 406 Not Acceptable: no representation matches the Accept headers. */
export class NotAcceptableHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(406, message, options);
  }
}
