import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { CorsPolicy } from './cors-policy.ts';

/** Adds the CORS headers of an actual cross-origin request to its response (error pages too). */
export class CorsListener implements EventSubscriber {
  readonly #policy: CorsPolicy;

  constructor(policy: CorsPolicy) {
    this.#policy = policy;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.RESPONSE]: 'onKernelResponse' };
  }

  onKernelResponse(event: ResponseEvent): void {
    if (event.requestType !== RequestType.MAIN) return;
    this.#policy.decorate(event.request, event.response);
  }
}
