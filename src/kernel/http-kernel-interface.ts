import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { RequestType } from './request-type.ts';

export interface HttpKernelInterface {
  /**
   * Turns a request into a response. With `catchErrors` an error becomes a response
   * through kernel.exception; without it the error is thrown to the caller.
   */
  handle(request: Request, type?: RequestType, catchErrors?: boolean): Promise<Response>;
}
