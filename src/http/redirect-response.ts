import type { HeaderInput } from './header-bag.ts';
import { Response } from './response.ts';
import { escapeHtml } from '../support/html-escape.ts';
import { SluiceError } from '../exception/sluice-error.ts';


/** A redirect to `url` (302 unless told), with a small HTML body for old clients. */
export class RedirectResponse extends Response {
  readonly targetUrl: string;

  constructor(url: string, status = 302, headers?: HeaderInput) {
    if (url === '') throw new SluiceError('SLUICE_EMPTY_REDIRECT_URL', {});
    super('', status, headers);
    if (!this.isRedirect() && status !== 300 && status !== 304 && status !== 305) {
      throw new SluiceError('SLUICE_NOT_A_REDIRECT_STATUS', { status });
    }
    this.targetUrl = url;
    this.headers.set('Location', url);
    const safe = escapeHtml(url);
    this.content = `<!DOCTYPE html>\n<html>\n    <head>\n        <meta charset="UTF-8" />\n        <meta http-equiv="refresh" content="0;url='${safe}'" />\n\n        <title>Redirecting to ${safe}</title>\n    </head>\n    <body>\n        Redirecting to <a href="${safe}">${safe}</a>.\n    </body>\n</html>`;
    if (!this.headers.has('Content-Type')) this.headers.set('Content-Type', 'text/html; charset=UTF-8');
    // A permanent redirect carries no Cache-Control unless given one (as the reference's):
    // clients and caches then keep it by their own heuristics.
    if (status === 301 && !this.headers.has('Cache-Control')) this.headers.remove('Cache-Control');
  }
}
