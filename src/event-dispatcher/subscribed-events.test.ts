import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventDispatcher } from './event-dispatcher.ts';
import type { EventSubscriber, SubscribedEvents } from './event-subscriber.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { ResponseEvent } from '../event/response-event.ts';
import type { RequestEvent } from '../event/request-event.ts';
import type { KernelEvent } from '../event/kernel-event.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';

class HeadersListener implements EventSubscriber {
  readonly seen: string[] = [];

  getSubscribedEvents(): SubscribedEvents<HeadersListener> {
    return {
      [KernelEvents.RESPONSE]: [['onResponse', 8], ['onAnyKernelEvent', -8]],
      'kernel.terminate': 'onAnyKernelEvent',
    };
  }

  onResponse(event: ResponseEvent): void {
    event.response.headers.set('X-Seen', 'yes');
    this.seen.push('onResponse');
  }

  /** A wider parameter accepts every kernel event. */
  onAnyKernelEvent(_event: KernelEvent): void {
    this.seen.push('onAnyKernelEvent');
  }

  onRequest(_event: RequestEvent): void {}

  tick(): void {}
}

// Compile-time checks: `tsc --noEmit` (part of `npm test`) fails if any of these compiles.
export const typeChecks: SubscribedEvents<HeadersListener>[] = [
  // @ts-expect-error a method the class does not have
  { 'kernel.response': 'onRespons' },
  // @ts-expect-error onRequest takes a RequestEvent, kernel.response gives a ResponseEvent
  { 'kernel.response': 'onRequest' },
  // @ts-expect-error the same check inside a [method, priority] pair
  { 'kernel.response': ['onRequest', 10] },
  // @ts-expect-error an event the event map does not know
  { 'kernel.respons': 'onResponse' },
  // @ts-expect-error a property that is not a method
  { 'kernel.response': 'seen' },
  { 'kernel.request': 'onRequest', 'kernel.exception': ['onAnyKernelEvent', 4], 'kernel.view': [['tick']] },
];

const kernel = {} as HttpKernelInterface;

describe('A subscriber typed with SubscribedEvents<T>', () => {
  it('is added to a dispatcher in its declared order and priorities', async () => {
    const dispatcher = new EventDispatcher();
    const listener = new HeadersListener();
    dispatcher.addSubscriber(listener);
    const event = new ResponseEvent(kernel, Request.create('/'), RequestType.MAIN, new Response('ok'));
    await dispatcher.dispatch(event, KernelEvents.RESPONSE);
    assert.deepEqual(listener.seen, ['onResponse', 'onAnyKernelEvent']);
    assert.equal(event.response.headers.get('X-Seen'), 'yes');
  });
});
