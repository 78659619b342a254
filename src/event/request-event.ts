import type { Response } from '../http/response.ts';
import { KernelEvent, kernelMadeEvent, type KernelEventFields } from './kernel-event.ts';
import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';

/**
 * kernel.request. A listener that sets a response ends the event there and the kernel
 * goes straight to kernel.response: no controller runs.
 */
export class RequestEvent extends KernelEvent {
  response: Response | undefined;
  /** The error a listener ended the event with, instead of throwing it (see `fail`). */
  failure: Error | undefined;

  constructor(kernel: HttpKernelInterface, request: Request, requestType: RequestType) {
    super();
    // Set here, not by KernelEvent, so that these stores see this class alone (see KernelEvent).
    const fields: KernelEventFields = this;
    fields.kernel = kernel;
    fields.request = request;
    fields.requestType = requestType;
    this.response = undefined;
    this.failure = undefined;
  }

  /**
   * Ends the event with an error, as if the listener had thrown it: no later listener
   * runs and the kernel goes on with kernel.exception for it. It spares the throw, which
   * walks the whole stack each time; the router's prod 404 uses it.
   */
  fail(error: Error): void {
    this.failure = error;
    this.stopPropagation();
  }

  setResponse(response: Response): void {
    this.response = response;
    this.stopPropagation();
  }

  hasResponse(): boolean {
    return this.response !== undefined;
  }
}

/** How the kernel makes its RequestEvent (see kernelMadeEvent): as the constructor above. */
export const KernelRequestEvent = kernelMadeEvent(RequestEvent, function (this: RequestEvent, kernel: HttpKernelInterface, request: Request, requestType: RequestType): void {
  const fields: KernelEventFields = this;
  fields.kernel = kernel;
  fields.request = request;
  fields.requestType = requestType;
  this.response = undefined;
  this.failure = undefined;
});
