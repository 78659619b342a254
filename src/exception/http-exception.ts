import type { LevelValue } from '../log/level.ts';

/** Headers an HTTP error carries to its response (`Allow` for 405, `Retry-After` for 429 and 503). */
export type HttpHeaders = Record<string, string>;

export interface HttpExceptionOptions {
  headers?: HttpHeaders;
  cause?: unknown;
  code?: number;
  /** The level its "Uncaught Exception" entry is logged at (Symfony's #[WithLogLevel]); by default ERROR below 500, CRITICAL from 500. */
  logLevel?: LevelValue;
}

/**
 * An error that maps to an HTTP status. The kernel keeps its status and headers when it
 * turns the error into a response; any other error becomes a 500.
 */
export class HttpException extends Error {
  readonly statusCode: number;
  readonly headers: HttpHeaders;
  readonly code: number;
  readonly logLevel: LevelValue | undefined;

  constructor(statusCode: number, message = '', options: HttpExceptionOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.headers = options.headers ?? {};
    this.code = options.code ?? 0;
    this.logLevel = options.logLevel;
  }
}

export function isHttpException(error: unknown): error is HttpException {
  return error instanceof HttpException;
}
