import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

/**
 * What the node:http adapter drives: the kernel, or anything shaped like it. `handle`
 * gives the response for a main request (errors already turned into error pages): the
 * response itself when it was made synchronously, or a promise of it. `terminate` runs
 * once that response has been sent, for work the client need not wait for.
 */
export interface HttpApplication {
  handle(request: Request): MaybePromise<Response>;
  terminate(request: Request, response: Response): MaybePromise<void>;
}
