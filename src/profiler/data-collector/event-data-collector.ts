import type { TraceableEventDispatcher } from '../../event-dispatcher/traceable-event-dispatcher.ts';
import { KernelEvents } from '../../kernel/kernel-events.ts';
import type { DataCollector, LateCollectContext } from './data-collector.ts';
import { requestLabel } from './request-label.ts';

export interface CalledListenerData {
  readonly event: string;
  readonly listener: string;
  readonly priority: number;
  /** Milliseconds. */
  readonly duration: number;
  readonly stoppedPropagation: boolean;
}

export interface NotCalledListenerData {
  readonly event: string;
  readonly listener: string;
  readonly priority: number;
}

/** The events of one request of the profile's tree. */
export interface RequestEventsData {
  readonly label: string;
  readonly token: string;
  readonly isMain: boolean;
  readonly called: readonly CalledListenerData[];
  readonly notCalled: readonly NotCalledListenerData[];
  readonly orphaned: readonly string[];
}

export interface EventsData {
  /** The main request first, then its sub-requests: a 404 shows both kernel.request passes. */
  readonly requests: readonly RequestEventsData[];
}

/**
 * The listeners each request called (in call order, with priority and duration), those
 * it did not call, and the events it dispatched that nobody listens to, read from the
 * TraceableEventDispatcher once the response was sent.
 */
export class EventDataCollector implements DataCollector {
  readonly name = 'events';
  readonly #dispatcher: TraceableEventDispatcher;

  constructor(dispatcher: TraceableEventDispatcher) {
    this.#dispatcher = dispatcher;
  }

  collect(): EventsData {
    return { requests: [] };
  }

  lateCollect({ tree, isMain }: LateCollectContext): EventsData {
    return {
      requests: tree.map(({ request, profile }, i) => ({
        label: requestLabel(request, isMain && i === 0),
        token: profile.token,
        isMain: isMain && i === 0,
        called: this.#dispatcher.getCalledListeners(request).map(({ event, listener, priority, duration, stoppedPropagation }) => ({ event, listener, priority, duration, stoppedPropagation })),
        // kernel.terminate runs after the profile is complete (and for main requests only): never "not called" here.
        notCalled: this.#dispatcher.getNotCalledListeners(request).filter((listener) => listener.event !== KernelEvents.TERMINATE),
        orphaned: [...this.#dispatcher.getOrphanedEvents(request)],
      })),
    };
  }
}
