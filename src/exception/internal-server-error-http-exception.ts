import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 500 Internal Server Error, raised on purpose. */
export class InternalServerErrorHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(500, message, options);
  }
}
