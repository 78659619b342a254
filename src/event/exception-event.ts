import type { Request } from '../http/request.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import type { RequestType } from '../kernel/request-type.ts';
import { RequestEvent } from './request-event.ts';

/**
 * kernel.exception: something threw. A listener may replace the error or set a response
 * (which stops propagation). Unless `allowCustomResponseCode()` is called, the kernel
 * gives a response that is not already an error or redirect the error's status.
 */
export class ExceptionEvent extends RequestEvent {
  throwable: Error;
  #allowCustomResponseCode = false;

  constructor(kernel: HttpKernelInterface, request: Request, requestType: RequestType, throwable: Error) {
    super(kernel, request, requestType);
    this.throwable = throwable;
  }

  setThrowable(throwable: Error): void {
    this.throwable = throwable;
  }

  allowCustomResponseCode(): void {
    this.#allowCustomResponseCode = true;
  }

  isAllowingCustomResponseCode(): boolean {
    return this.#allowCustomResponseCode;
  }
}
