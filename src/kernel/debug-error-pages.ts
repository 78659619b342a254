import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';

/**
 * The debug error page has inline scripts and styles, which a Content-Security-Policy set
 * on the main response (by the application's kernel.response listeners or the security
 * headers) would block. In debug, ErrorListener tells this of each error page it answers
 * with (`remember`), and `relax`, a response finisher, removes the policy from that page
 * as it leaves the kernel: outside the events, so no listener shows in kernel.response's
 * log (the reference's has none there), and only for the pages themselves.
 */
export class DebugErrorPages {
  readonly #pages = new WeakSet<Response>();

  readonly remember = (_request: Request, page: Response): void => {
    this.#pages.add(page);
  };

  readonly relax = (_request: Request, response: Response): void => {
    if (!this.#pages.has(response)) return;
    response.headers.remove('Content-Security-Policy');
    response.headers.remove('Content-Security-Policy-Report-Only');
  };
}
