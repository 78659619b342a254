import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 401 Unauthorized: the challenge (`WWW-Authenticate`) tells the client how to authenticate. */
export class UnauthorizedHttpException extends HttpException {
  constructor(challenge: string, message = '', options: HttpExceptionOptions = {}) {
    super(401, message, { ...options, headers: { ...options.headers, 'WWW-Authenticate': challenge } });
  }
}
