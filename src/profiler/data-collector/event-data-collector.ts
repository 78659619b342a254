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

  /**
   * The listeners as a profile keeps them: each as an array of its values (see `expand`).
   */
  lateCollect({ tree, isMain }: LateCollectContext): StoredEventsData {
    return {
      requests: tree.map(({ request, profile }, i) => ({
        label: requestLabel(request, isMain && i === 0),
        token: profile.token,
        isMain: isMain && i === 0,
        called: this.#dispatcher.getCalledListeners(request).map(({ event, listener, priority, duration, stoppedPropagation }): StoredCall => [event, listener, priority, duration, stoppedPropagation]),
        notCalled: storedNotCalled(this.#dispatcher.getNotCalledListeners(request)),
        orphaned: [...this.#dispatcher.getOrphanedEvents(request)],
      })),
    };
  }

  /**
   * The listeners as objects again. A profile keeps each as an array of its values: the
   * same names repeated for every listener made the listings several times longer, and
   * storing them a good part of what storing a profile cost.
   */
  expand(stored: unknown): unknown {
    // a collector's failure ({ error }), kept as it is
    if (!Array.isArray((stored as Partial<StoredEventsData> | undefined)?.requests)) return stored;
    const data = stored as StoredEventsData;
    return {
      requests: data.requests.map(({ called, notCalled, ...rest }) => ({
        label: rest.label,
        token: rest.token,
        isMain: rest.isMain,
        called: called.map((call) => (Array.isArray(call) ? calledOf(call as StoredCall) : (call as unknown as CalledListenerData))),
        notCalled: notCalled.map((entry) => (Array.isArray(entry) ? notCalledOf(entry as StoredNotCalled) : (entry as unknown as NotCalledListenerData))),
        orphaned: rest.orphaned,
      })),
    };
  }
}

export type StoredCall = readonly [event: string, listener: string, priority: number, duration: number, stoppedPropagation: boolean];
type StoredNotCalled = readonly [event: string, listener: string, priority: number];

/**
 * The called listeners of each request of a profile's tree as the events collector keeps
 * them in `stored` (its data in the profile), for another collector to point to rather
 * than keep them again: undefined unless `stored` lists exactly the requests `tokens`
 * names, in that order.
 */
export function storedCalledListeners(stored: unknown, tokens: readonly string[]): ReadonlyArray<readonly StoredCall[]> | undefined {
  const requests = (stored as Partial<StoredEventsData> | null | undefined)?.requests;
  if (!Array.isArray(requests) || requests.length !== tokens.length) return undefined;
  if (!requests.every((request, i) => request.token === tokens[i] && Array.isArray(request.called))) return undefined;
  return requests.map((request) => request.called);
}

/** The label of a request of the profile's tree in the events collector's stored data (see `storedCalledListeners`). */
export function storedRequestLabel(stored: unknown, request: number): string | undefined {
  const label: unknown = (stored as Partial<StoredEventsData> | null | undefined)?.requests?.[request]?.label;
  return typeof label === 'string' ? label : undefined;
}

/** A called listener's name and duration from the events collector's stored data (see `storedCalledListeners`). */
export function calledListenerAt(stored: unknown, request: number, index: number): { listener: string; duration: number } | undefined {
  const call = (stored as Partial<StoredEventsData> | null | undefined)?.requests?.[request]?.called?.[index];
  if (call === undefined) return undefined;
  return Array.isArray(call) ? { listener: call[1], duration: call[3] } : (call as unknown as CalledListenerData);
}

/**
 * Where the events collector's data (`stored`, in the profile) lists a call of `listener`
 * for `event`, as `[request, index]` of its requests' called listeners, for another
 * collector to point to rather than keep the two names again (see `calledCallAt`): any
 * call of the two will do, they read back the same. Built once per profile.
 */
export function calledCallFinder(stored: unknown): ((event: string, listener: string) => readonly [request: number, index: number] | undefined) | undefined {
  const requests: unknown = (stored as Partial<StoredEventsData> | null | undefined)?.requests;
  if (!Array.isArray(requests)) return undefined;
  const places = new Map<string, Map<string, readonly [number, number]>>();
  (requests as StoredEventsData['requests']).forEach((request, r) => {
    if (!Array.isArray(request?.called)) return;
    request.called.forEach((call: unknown, i) => {
      if (!Array.isArray(call) || typeof call[0] !== 'string' || typeof call[1] !== 'string') return;
      let byListener = places.get(call[0]);
      if (byListener === undefined) places.set(call[0], (byListener = new Map()));
      if (!byListener.has(call[1])) byListener.set(call[1], [r, i]);
    });
  });
  return (event, listener) => places.get(event)?.get(listener);
}

/** The event and listener of a called listener in the events collector's stored data (see `calledCallFinder`). */
export function calledCallAt(stored: unknown, request: number, index: number): { event: string; listener: string } | undefined {
  const call = (stored as Partial<StoredEventsData> | null | undefined)?.requests?.[request]?.called?.[index];
  if (call === undefined || call === null) return undefined;
  return Array.isArray(call) ? { event: call[0], listener: call[1] } : (call as unknown as CalledListenerData);
}

// kernel.terminate runs after the profile is complete (and for main requests only): never "not called" here.
function storedNotCalled(listeners: readonly NotCalledListenerData[]): StoredNotCalled[] {
  const stored: StoredNotCalled[] = [];
  for (const { event, listener, priority } of listeners) if (event !== KernelEvents.TERMINATE) stored.push([event, listener, priority]);
  return stored;
}

function calledOf([event, listener, priority, duration, stoppedPropagation]: StoredCall): CalledListenerData {
  return { event, listener, priority, duration, stoppedPropagation };
}

function notCalledOf([event, listener, priority]: StoredNotCalled): NotCalledListenerData {
  return { event, listener, priority };
}

/** EventsData as a profile keeps it (see EventDataCollector#expand). */
export interface StoredEventsData {
  readonly requests: ReadonlyArray<Omit<RequestEventsData, 'called' | 'notCalled'> & { readonly called: readonly StoredCall[]; readonly notCalled: readonly StoredNotCalled[] }>;
}
