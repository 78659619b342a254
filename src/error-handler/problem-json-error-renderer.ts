import type { Request } from '../http/request.ts';
import type { ErrorRenderer, RenderedError } from './error-renderer.ts';
import { FlattenException } from './flatten-exception.ts';
import { frameData } from './stack-frames.ts';

export interface ProblemJsonErrorRendererOptions {
  /** Adds the message, the class and the trace; without it the detail is only the status text. */
  readonly debug: boolean;
}

/** An error that tells the client more than its status: its members join the problem document. */
export interface ProblemDetailsCarrier {
  problemDetails(): Record<string, unknown>;
}

/** Renders an error as `application/problem+json` (RFC 9457), for clients that asked for JSON. */
export class ProblemJsonErrorRenderer implements ErrorRenderer {
  readonly #debug: boolean;

  constructor(options: ProblemJsonErrorRendererOptions) {
    this.#debug = options.debug;
  }

  render(error: Error, _request?: Request): RenderedError {
    const flat = FlattenException.createFromThrowable(error, undefined, { 'Content-Type': 'application/problem+json' });
    const problem: Record<string, unknown> = {
      type: 'https://tools.ietf.org/html/rfc2616#section-10',
      title: flat.statusText,
      status: flat.statusCode,
      detail: this.#debug ? flat.message : flat.statusText,
    };
    // Members meant for the client (the violations of a 422), shown in prod too.
    const carrier = error as Partial<ProblemDetailsCarrier>;
    if (typeof carrier.problemDetails === 'function') Object.assign(problem, carrier.problemDetails());
    if (this.#debug) {
      problem['class'] = flat.className;
      problem['trace'] = flat.trace.map(frameData);
    }
    return { statusCode: flat.statusCode, statusText: flat.statusText, headers: { ...flat.headers }, body: JSON.stringify(problem), flat };
  }
}
