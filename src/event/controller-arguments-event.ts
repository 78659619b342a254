import type { Controller } from '../controller/controller.ts';
import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';
import { KernelEvent, kernelMadeEvent, type KernelEventFields } from './kernel-event.ts';

/** kernel.controller_arguments: controller and arguments are known; both may be replaced. */
export class ControllerArgumentsEvent extends KernelEvent {
  controller: Controller;
  arguments: unknown[];

  constructor(kernel: HttpKernelInterface, controller: Controller, args: unknown[], request: Request, requestType: RequestType) {
    super();
    // Set here, not by KernelEvent, so that these stores see this class alone (see KernelEvent).
    const fields: KernelEventFields = this;
    fields.kernel = kernel;
    fields.request = request;
    fields.requestType = requestType;
    this.controller = controller;
    this.arguments = args;
  }

  setController(controller: Controller): void {
    this.controller = controller;
  }

  setArguments(args: unknown[]): void {
    this.arguments = args;
  }
}

/** How the kernel makes its ControllerArgumentsEvent (see kernelMadeEvent): as the constructor above. */
export const KernelControllerArgumentsEvent = kernelMadeEvent(ControllerArgumentsEvent, function (this: ControllerArgumentsEvent, kernel: HttpKernelInterface, controller: Controller, args: unknown[], request: Request, requestType: RequestType): void {
  const fields: KernelEventFields = this;
  fields.kernel = kernel;
  fields.request = request;
  fields.requestType = requestType;
  this.controller = controller;
  this.arguments = args;
});
