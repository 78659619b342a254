import { Event } from '../event-dispatcher/event.ts';
import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { RequestType } from '../kernel/request-type.ts';

/** What every kernel event offers: the kernel, the request, and whether it is the main one. */
export class KernelEvent extends Event {
  readonly kernel: HttpKernelInterface;
  readonly request: Request;
  readonly requestType: RequestType;

  constructor(kernel: HttpKernelInterface, request: Request, requestType: RequestType) {
    super();
    this.kernel = kernel;
    this.request = request;
    this.requestType = requestType;
  }

  isMainRequest(): boolean {
    return this.requestType === RequestType.MAIN;
  }
}
