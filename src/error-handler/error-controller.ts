import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { ErrorRenderer } from './error-renderer.ts';

export interface ErrorControllerRenderers {
  readonly html: ErrorRenderer;
  /** For clients that prefer JSON: problem+json. */
  readonly json: ErrorRenderer;
}

/** Formats whose clients read a JSON document better than a page. */
const jsonFormats = new Set(['json', 'problem', 'jsonld']);

/**
 * The controller of the error sub-request: renders the uncaught error in the format the
 * client prefers and keeps its status and headers.
 */
export class ErrorController {
  readonly #renderers: ErrorControllerRenderers;

  constructor(renderers: ErrorControllerRenderers) {
    this.#renderers = renderers;
  }

  // Arguments are resolved by name: `exception` is the sub-request's attribute of that name.
  __invoke(exception: Error, request: Request): Response {
    const renderer = jsonFormats.has(request.getPreferredFormat('html')) ? this.#renderers.json : this.#renderers.html;
    const rendered = renderer.render(exception, request);
    return new Response(rendered.body, rendered.statusCode, rendered.headers);
  }
}
