import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { RequestType } from '../kernel/request-type.ts';
import { KernelEvent } from './kernel-event.ts';

/** kernel.terminate: the response has been sent; slow work (profile storage, mail) goes here. Main requests only. */
export class TerminateEvent extends KernelEvent {
  readonly response: Response;

  constructor(kernel: HttpKernelInterface, request: Request, response: Response) {
    super(kernel, request, RequestType.MAIN);
    this.response = response;
  }
}
