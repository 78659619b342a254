import type { Controller } from '../controller/controller.ts';
import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';
import { KernelEvent, kernelMadeEvent, type KernelEventFields } from './kernel-event.ts';

/** kernel.controller: the controller is known; a listener may replace it. */
export class ControllerEvent extends KernelEvent {
  controller: Controller;

  constructor(kernel: HttpKernelInterface, controller: Controller, request: Request, requestType: RequestType) {
    super();
    // Set here, not by KernelEvent, so that these stores see this class alone (see KernelEvent).
    const fields: KernelEventFields = this;
    fields.kernel = kernel;
    fields.request = request;
    fields.requestType = requestType;
    this.controller = controller;
  }

  setController(controller: Controller): void {
    this.controller = controller;
  }
}

/** How the kernel makes its ControllerEvent (see kernelMadeEvent): as the constructor above. */
export const KernelControllerEvent = kernelMadeEvent(ControllerEvent, function (this: ControllerEvent, kernel: HttpKernelInterface, controller: Controller, request: Request, requestType: RequestType): void {
  const fields: KernelEventFields = this;
  fields.kernel = kernel;
  fields.request = request;
  fields.requestType = requestType;
  this.controller = controller;
});
