import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 400 Bad Request: the request is malformed (bad Host, conflicting forwarded headers, bad encoding). */
export class BadRequestHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(400, message, options);
  }
}
