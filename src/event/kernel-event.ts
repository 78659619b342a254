import { Event } from '../event-dispatcher/event.ts';
import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { RequestType } from '../kernel/request-type.ts';

/** KernelEvent's fields, writable: for the constructors of the framework's event classes. */
export type KernelEventFields = { -readonly [K in 'kernel' | 'request' | 'requestType']: KernelEvent[K] };

/** What every kernel event offers: the kernel, the request, and whether it is the main one. */
export class KernelEvent extends Event {
  declare readonly kernel: HttpKernelInterface;
  declare readonly request: Request;
  declare readonly requestType: RequestType;

  /**
   * Given the kernel, the request and its type (an application's own event class), sets
   * them. The framework's event classes give none and set them in their own constructors
   * (`const fields: KernelEventFields = this`): stored here, each field would be one store
   * site shared by every kernel event class, which V8 handles through its generic,
   * megamorphic path past four classes; that was measurable on every request (seven
   * events each).
   */
  constructor();
  constructor(kernel: HttpKernelInterface, request: Request, requestType: RequestType);
  constructor(kernel?: HttpKernelInterface, request?: Request, requestType?: RequestType) {
    super();
    if (kernel === undefined || request === undefined || requestType === undefined) return;
    const fields: KernelEventFields = this;
    fields.kernel = kernel;
    fields.request = request;
    fields.requestType = requestType;
  }

  isMainRequest(): boolean {
    return this.requestType === RequestType.MAIN;
  }
}
