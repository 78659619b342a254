import type { HeaderInput } from './header-bag.ts';
import { Response } from './response.ts';
import { knownHeader } from './response-header-bag.ts';

/** Set on every JSON response: the name worked out once (see knownHeader). */
const contentTypeHeader = knownHeader('Content-Type');

/** A response whose body is `data` as JSON. */
export class JsonResponse extends Response {
  constructor(data: unknown = {}, status = 200, headers?: HeaderInput, contentType = 'application/json') {
    super(JSON.stringify(data) ?? 'null', status, headers);
    this.headers.setDefaultKnown(contentTypeHeader, contentType);
  }

  static fromJsonString(json: string, status = 200, headers?: HeaderInput): JsonResponse {
    const response = new JsonResponse(null, status, headers);
    response.content = json;
    return response;
  }
}
