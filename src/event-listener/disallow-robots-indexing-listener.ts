import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Priority } from './priorities.ts';

/** Keeps search engines away from a debug server: `X-Robots-Tag: noindex`, unless the response already chose. */
export class DisallowRobotsIndexingListener implements EventSubscriber {
  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.RESPONSE]: ['onResponse', Priority.DISALLOW_ROBOTS] };
  }

  onResponse(event: ResponseEvent): void {
    if (!event.response.headers.has('X-Robots-Tag')) event.response.headers.set('X-Robots-Tag', 'noindex');
  }
}
