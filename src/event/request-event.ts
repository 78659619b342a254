import type { Response } from '../http/response.ts';
import { KernelEvent } from './kernel-event.ts';

/**
 * kernel.request. A listener that sets a response ends the event there and the kernel
 * goes straight to kernel.response: no controller runs.
 */
export class RequestEvent extends KernelEvent {
  response: Response | undefined;

  setResponse(response: Response): void {
    this.response = response;
    this.stopPropagation();
  }

  hasResponse(): boolean {
    return this.response !== undefined;
  }
}
