import { KernelEvent, type KernelEventFields } from './kernel-event.ts';
import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';

/** kernel.finish_request: a request is done; listeners restore what they changed for it (locale, router context). */
export class FinishRequestEvent extends KernelEvent {
  constructor(kernel: HttpKernelInterface, request: Request, requestType: RequestType) {
    super();
    // Set here, not by KernelEvent, so that these stores see this class alone (see KernelEvent).
    const fields: KernelEventFields = this;
    fields.kernel = kernel;
    fields.request = request;
    fields.requestType = requestType;
  }
}
