import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';

/**
 * What the node:http adapter drives: the kernel, or anything shaped like it. `handle`
 * resolves with the response for a main request (errors already turned into error pages);
 * `terminate` runs once that response has been sent, for work the client need not wait for.
 */
export interface HttpApplication {
  handle(request: Request): Promise<Response>;
  terminate(request: Request, response: Response): Promise<void>;
}
