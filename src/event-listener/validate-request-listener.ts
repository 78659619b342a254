import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import type { TrustPolicy } from '../http/request.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Priority } from './priorities.ts';

/**
 * Rejects a main request whose Host is malformed or untrusted, or whose trusted proxy
 * headers contradict each other, before any listener relies on them. Reading the values
 * is the check: the Request throws a RequestException, which the kernel answers with 400.
 *
 * A request that arrives without a trust policy (made in process: a test, the console
 * `request` command) gets the application's, so the configured trusted proxies and hosts
 * apply however the request was made.
 */
export class ValidateRequestListener implements EventSubscriber {
  readonly #policy: TrustPolicy | undefined;

  constructor(policy?: TrustPolicy) {
    this.#policy = policy;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.REQUEST]: ['onKernelRequest', Priority.VALIDATE_REQUEST] };
  }

  onKernelRequest(event: RequestEvent): void {
    if (!event.isMainRequest()) return;
    const request = event.request;
    request.trust ??= this.#policy;
    if (request.trust !== undefined) void request.clientIps;
    void request.host;
  }
}
