import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 410 Gone: the resource existed and will not come back. */
export class GoneHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(410, message, options);
  }
}
