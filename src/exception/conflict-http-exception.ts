import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 409 Conflict: the request conflicts with the resource's current state. */
export class ConflictHttpException extends HttpException {
  constructor(message = '', options: HttpExceptionOptions = {}) {
    super(409, message, options);
  }
}
