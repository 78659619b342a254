import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';
import { KernelEvent, type KernelEventFields } from './kernel-event.ts';

/** kernel.response: listeners adjust or replace the response. Setting one does not stop propagation. */
export class ResponseEvent extends KernelEvent {
  response: Response;

  constructor(kernel: HttpKernelInterface, request: Request, requestType: RequestType, response: Response) {
    super();
    // Set here, not by KernelEvent, so that these stores see this class alone (see KernelEvent).
    const fields: KernelEventFields = this;
    fields.kernel = kernel;
    fields.request = request;
    fields.requestType = requestType;
    this.response = response;
  }

  setResponse(response: Response): void {
    this.response = response;
  }
}
