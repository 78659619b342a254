import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { ErrorRenderer } from './error-renderer.ts';
import { declareArguments } from '../controller/argument-metadata.ts';

export interface ErrorControllerRenderers {
  readonly html: ErrorRenderer;
  /** For clients that prefer JSON: problem+json. */
  readonly json: ErrorRenderer;
}

/** Formats whose clients read a JSON document better than a page; compared, not a Set, for three names. */
function isJsonFormat(format: string): boolean {
  return format === 'json' || format === 'problem' || format === 'jsonld';
}

/**
 * The controller of the error sub-request: renders the uncaught error in the format the
 * client prefers and keeps its status and headers.
 */
export class ErrorController {
  readonly #renderers: ErrorControllerRenderers;

  constructor(renderers: ErrorControllerRenderers) {
    this.#renderers = renderers;
  }

  __invoke(exception: Error, request: Request): Response {
    const renderer = isJsonFormat(request.getPreferredFormat('html')) ? this.#renderers.json : this.#renderers.html;
    const rendered = renderer.render(exception, request);
    return new Response(rendered.body, rendered.statusCode, rendered.headers);
  }
}

// Arguments are resolved by name and class: the error is the sub-request's `exception` attribute.
declareArguments(ErrorController.prototype.__invoke, { exception: Error, request: Request });
