import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Response } from '../http/response.ts';
import { JsonResponse } from '../http/json-response.ts';
import { BinaryFileResponse } from '../http/binary-file-response.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';
import { isThenable } from '../event-dispatcher/listener.ts';

/**
 * The API's documents: the OpenAPI document as JSON, and (in debug) an explorer page
 * running Scalar's API reference from its installed package, never from a CDN, so it
 * works offline.
 */
export class ApiDocController {
  readonly #document: () => MaybePromise<Record<string, unknown>>;
  readonly #documentPath: string;
  readonly #scriptPath: string;

  constructor(document: () => MaybePromise<Record<string, unknown>>, documentPath: string, scriptPath: string) {
    this.#document = document;
    this.#documentPath = documentPath;
    this.#scriptPath = scriptPath;
  }

  documentAction(): MaybePromise<Response> {
    const document = this.#document();
    return isThenable(document) ? Promise.resolve(document).then((each) => new JsonResponse(each)) : new JsonResponse(document);
  }

  explorerAction(): Response {
    const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>API reference</title></head>
<body><div id="app"></div>
<script src="${this.#scriptPath}"></script>
<script>Scalar.createApiReference('#app', { url: ${JSON.stringify(this.#documentPath)}, withDefaultFonts: false, telemetry: false })</script>
</body></html>
`;
    return new Response(html, 200, { 'Content-Type': 'text/html; charset=UTF-8' });
  }

  scriptAction(): Response {
    const file = explorerScript();
    if (file === undefined) return new Response('The API explorer needs the @scalar/api-reference package.', 404, { 'Content-Type': 'text/plain' });
    return new BinaryFileResponse(file, 200, { 'Content-Type': 'text/javascript; charset=UTF-8' });
  }
}

/** The standalone browser bundle of `@scalar/api-reference` (a development dependency), when installed. */
export function explorerScript(): string | undefined {
  try {
    const entry = fileURLToPath(import.meta.resolve('@scalar/api-reference'));
    const file = join(dirname(entry), 'browser', 'standalone.js');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}
