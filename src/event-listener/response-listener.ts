import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';

/** Gives the main response its charset and makes it fit the request (`Response.prepare`). */
export class ResponseListener implements EventSubscriber {
  readonly #charset: string;

  constructor(charset = 'UTF-8') {
    this.#charset = charset;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.RESPONSE]: 'onKernelResponse' };
  }

  onKernelResponse(event: ResponseEvent): void {
    if (!event.isMainRequest()) return;
    const response = event.response;
    response.charset ??= this.#charset;
    response.prepare(event.request);
  }
}
