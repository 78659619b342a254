import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 422 Unprocessable Entity: the body is well-formed but invalid. */
export class UnprocessableEntityHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(422, message, options);
  }
}
