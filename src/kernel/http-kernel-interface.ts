import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { RequestType } from './request-type.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

export interface HttpKernelInterface {
  /**
   * Turns a request into a response. With `catchErrors` an error becomes a response
   * through kernel.exception; without it the error is thrown to the caller.
   */
  handle(request: Request, type?: RequestType, catchErrors?: boolean): Promise<Response>;
  /**
   * `handle` without a promise when none is needed: the response itself when the handling
   * was synchronous. Listeners that start a sub-request use it when the kernel has it.
   */
  respond?(request: Request, type?: RequestType, catchErrors?: boolean): MaybePromise<Response>;
}
