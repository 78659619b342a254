import { HttpException, type HttpExceptionOptions } from './http-exception.ts';

/** 405 Method Not Allowed; the `Allow` header lists the methods the resource accepts. */
export class MethodNotAllowedHttpException extends HttpException {
  readonly allowedMethods: readonly string[];

  constructor(allow: readonly string[], message = '', options: HttpExceptionOptions = {}) {
    const methods = allow.map((method) => method.toUpperCase());
    super(405, message, { ...options, headers: { ...options.headers, Allow: methods.join(', ') } });
    this.allowedMethods = methods;
  }
}
