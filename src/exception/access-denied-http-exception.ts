import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 403 Forbidden: the client is known but not allowed. */
export class AccessDeniedHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(403, message, options);
  }
}
