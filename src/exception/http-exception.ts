/** Headers an HTTP error carries to its response (`Allow` for 405, `Retry-After` for 429 and 503). */
export type HttpHeaders = Record<string, string>;

export interface HttpExceptionOptions {
  headers?: HttpHeaders;
  cause?: unknown;
  code?: number;
}

/**
 * An error that maps to an HTTP status. The kernel keeps its status and headers when it
 * turns the error into a response; any other error becomes a 500.
 */
export class HttpException extends Error {
  readonly statusCode: number;
  readonly headers: HttpHeaders;
  readonly code: number;

  constructor(statusCode: number, message = '', options: HttpExceptionOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.headers = options.headers ?? {};
    this.code = options.code ?? 0;
  }
}

export function isHttpException(error: unknown): error is HttpException {
  return error instanceof HttpException;
}
