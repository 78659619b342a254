import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 415 Unsupported Media Type: the request body's type is not accepted. */
export class UnsupportedMediaTypeHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(415, message, options);
  }
}
