import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { RequestType } from '../kernel/request-type.ts';
import { Priority } from '../event-listener/priorities.ts';
import type { ResponseCompressor } from './response-compressor.ts';

/** Compresses main responses once every other kernel.response listener has finished with them. */
export class CompressionListener implements EventSubscriber {
  readonly #compressor: ResponseCompressor;

  constructor(compressor: ResponseCompressor) {
    this.#compressor = compressor;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.RESPONSE]: ['onKernelResponse', Priority.COMPRESSION_RESPONSE] };
  }

  onKernelResponse(event: ResponseEvent): void {
    if (event.requestType !== RequestType.MAIN) return;
    this.#compressor.compress(event.request, event.response);
  }
}
