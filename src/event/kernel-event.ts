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

/**
 * A constructor for the kernel's own use that makes an `eventClass` event with `init` as
 * its whole constructor: a plain function, so no `super()` chain runs and, once V8 inlines
 * it into the kernel's handling, the event is allocated right there. The kernel's handling
 * is too large for V8 to inline a class constructor's chain, and each event it makes that
 * way went through V8's generic construct and allocation builtins. The event is the same
 * as the class would make: its prototype, so `instanceof`, its methods and `constructor`.
 * `init` must set every field the class's constructor sets, in the same order.
 */
export function kernelMadeEvent<A extends unknown[], E extends KernelEvent>(eventClass: abstract new (...args: never[]) => E, init: (this: E, ...args: A) => void): new (...args: A) => E {
  (init as unknown as { prototype: object }).prototype = eventClass.prototype;
  return init as unknown as new (...args: A) => E;
}
