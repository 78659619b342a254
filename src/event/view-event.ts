import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';
import { RequestEvent } from './request-event.ts';

/** kernel.view: the controller returned something that is not a Response; a listener makes one. */
export class ViewEvent extends RequestEvent {
  controllerResult: unknown;

  constructor(kernel: HttpKernelInterface, request: Request, requestType: RequestType, controllerResult: unknown) {
    super(kernel, request, requestType);
    this.controllerResult = controllerResult;
  }

  setControllerResult(result: unknown): void {
    this.controllerResult = result;
  }
}
