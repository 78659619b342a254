import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 404 Not Found: no route, no controller or no entity for the request. */
export class NotFoundHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(404, message, options);
  }
}
