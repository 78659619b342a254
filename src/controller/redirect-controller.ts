import { Request } from '../http/request.ts';
import { RedirectResponse } from '../http/redirect-response.ts';
import { Response } from '../http/response.ts';
import { HttpException } from '../exception/http-exception.ts';
import { declareArguments } from './argument-metadata.ts';

/**
 * Answers the router's redirects (a trailing slash added or removed, a scheme required by
 * the route): 301/308 when permanent, 302/307 otherwise (the 30x that keeps the method
 * when asked), to the same host with the original query string kept.
 */
export class RedirectController {
  urlRedirectAction(
    request: Request,
    path: string,
    permanent = false,
    scheme: string | null = null,
    httpPort: number | null = null,
    httpsPort: number | null = null,
    keepRequestMethod = false,
  ): Response {
    if (path === '') throw new HttpException(permanent ? 410 : 404);
    const status = keepRequestMethod ? (permanent ? 308 : 307) : permanent ? 301 : 302;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return new RedirectResponse(path, status);
    const targetScheme = scheme ?? request.scheme;
    let port = '';
    if (targetScheme === 'http') {
      const p = httpPort ?? (request.scheme === 'http' ? request.port : 80);
      if (p !== 80) port = `:${p}`;
    } else if (targetScheme === 'https') {
      const p = httpsPort ?? (request.scheme === 'https' ? request.port : 443);
      if (p !== 443) port = `:${p}`;
    }
    const query = request.queryString;
    const separator = path.includes('?') ? '&' : '?';
    const url = `${targetScheme}://${request.host}${port}${path}${query === '' ? '' : `${separator}${query}`}`;
    return new RedirectResponse(url, status);
  }
}

declareArguments(RedirectController.prototype.urlRedirectAction, {
  request: Request,
  path: String,
  permanent: { type: Boolean, optional: true },
  scheme: { type: String, optional: true },
  httpPort: { type: Number, optional: true },
  httpsPort: { type: Number, optional: true },
  keepRequestMethod: { type: Boolean, optional: true },
});
