import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { RequestType } from '../kernel/request-type.ts';
import { KernelEvent, type KernelEventFields } from './kernel-event.ts';

/** kernel.terminate: the response has been sent; slow work (profile storage, mail) goes here. Main requests only. */
export class TerminateEvent extends KernelEvent {
  readonly response: Response;

  constructor(kernel: HttpKernelInterface, request: Request, response: Response) {
    super();
    // Set here, not by KernelEvent, so that these stores see this class alone (see KernelEvent).
    const fields: KernelEventFields = this;
    fields.kernel = kernel;
    fields.request = request;
    fields.requestType = RequestType.MAIN;
    this.response = response;
  }
}
