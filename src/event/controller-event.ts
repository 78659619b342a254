import type { Controller } from '../controller/controller.ts';
import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';
import { KernelEvent, type KernelEventFields } from './kernel-event.ts';

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
