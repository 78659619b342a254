import type { Request } from '../http/request.ts';
import type { FlattenException } from './flatten-exception.ts';

/** An error made into what a response needs; the ErrorController builds the Response from it. */
export interface RenderedError {
  readonly statusCode: number;
  readonly statusText: string;
  /** Content-Type first, then the error's own headers (`Allow` for a 405). */
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly flat: FlattenException;
}

/** Turns an uncaught error into a page or document for one format (HTML, problem+json). */
export interface ErrorRenderer {
  render(error: Error, request?: Request): RenderedError;
}
