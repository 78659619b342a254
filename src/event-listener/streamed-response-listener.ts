import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { Priority } from './priorities.ts';

/**
 * Makes a streamed main response reach the client as it is written. In the reference
 * this listener sends the StreamedResponse itself; here the server sends every response,
 * so its job is what streaming needs from the way out: the headers go first (the
 * adapter flushes them before the callback runs, so a client of a slow or endless stream,
 * e.g. server-sent events, sees the response start), no `Content-Length` (the length is
 * not known), and `X-Accel-Buffering: no` so nginx passes the chunks on instead of
 * buffering the whole body, unless the response chose otherwise. Runs last (-1024), once
 * every other listener has set its headers.
 */
export class StreamedResponseListener implements EventSubscriber {
  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.RESPONSE]: ['onKernelResponse', Priority.STREAMED_RESPONSE] };
  }

  onKernelResponse(event: ResponseEvent): void {
    if (!event.isMainRequest()) return;
    const response = event.response;
    if (!(response instanceof StreamedResponse)) return;
    response.flushHeadersFirst = true;
    response.headers.remove('Content-Length');
    if (!response.headers.has('X-Accel-Buffering')) response.headers.set('X-Accel-Buffering', 'no');
  }
}
