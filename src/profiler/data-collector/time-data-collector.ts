import type { ListenerCall, TraceableEventDispatcher } from '../../event-dispatcher/traceable-event-dispatcher.ts';
import { epochOf, phasesOf } from '../../tracing/kernel-phases.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';
import { calledListenerAt, storedCalledListeners, storedRequestLabel } from './event-data-collector.ts';
import { requestLabel } from './request-label.ts';

export interface TimelineListener {
  readonly listener: string;
  /** Milliseconds since the request started. */
  readonly start: number;
  readonly duration: number;
}

export interface TimelinePhase {
  /** Which request of the tree (`GET /path`, `sub-request ...`). */
  readonly request: string;
  readonly event: string;
  readonly start: number;
  readonly duration: number;
  readonly listeners: readonly TimelineListener[];
}

export interface TimeData {
  /** Epoch milliseconds when the first listener of the request started. */
  readonly startTime: number;
  /** Milliseconds from then to the end of the last phase (kernel.finish_request once complete). */
  readonly duration: number;
  readonly phases: readonly TimelinePhase[];
}

/**
 * A timeline of the request: each kernel phase and each listener call, positioned from
 * the request's start, from the same TraceableEventDispatcher data as the Events panel
 * and the tracing. Time spent between phases is the controller's (or the routing of a
 * sub-request).
 */
export class TimeDataCollector implements DataCollector {
  readonly name = 'time';
  readonly #dispatcher: TraceableEventDispatcher;

  constructor(dispatcher: TraceableEventDispatcher) {
    this.#dispatcher = dispatcher;
  }

  /** The duration so far, for the toolbar. */
  collect({ request }: CollectContext): TimeData {
    // The first phase starts with the earliest called listener: found without building
    // the phases, which lateCollect builds again once the request is over.
    let start = Number.POSITIVE_INFINITY;
    for (const call of this.#dispatcher.getCalls(request)) if (call.called && call.start < start) start = call.start;
    if (start === Number.POSITIVE_INFINITY) start = performance.now();
    return { startTime: epochOf(start), duration: performance.now() - start, phases: [] };
  }

  /**
   * The timeline as a profile keeps it (see `expand`): each listener as where the Events
   * panel's data lists the same call, and its start; as an array of its name, start and
   * duration when the profile has no such data.
   */
  lateCollect({ tree, isMain, profile }: LateCollectContext): StoredTimeData {
    const events = profile.collectors.get('events');
    const shared = storedCalledListeners(events, tree.map((each) => each.profile.token));
    const all = tree.flatMap(({ request }, i) => {
      const text = requestLabel(request, isMain && i === 0);
      // where the events data names the request the same, its place there
      const label = shared !== undefined && storedRequestLabel(events, i) === text ? i : text;
      const called = shared === undefined ? undefined : this.#calledIndexes(request, shared[i]!.length);
      return phasesOf(this.#dispatcher.getCalls(request)).map((phase) => ({ phase, label, request: i, called }));
    });
    all.sort((a, b) => a.phase.start - b.phase.start);
    const origin = all[0]?.phase.start ?? performance.now();
    const end = Math.max(origin, ...all.map(({ phase }) => phase.end));
    return {
      startTime: epochOf(origin),
      duration: end - origin,
      phases: all.map(({ phase, label, request, called }) => ({
        request: label,
        event: phase.event,
        start: phase.start - origin,
        duration: phase.end - phase.start,
        listeners: phase.calls.map((call): StoredListener | SharedListener => {
          const index = called?.get(call);
          return index === undefined ? [call.listener, call.start - origin, call.duration] : [request, index, call.start - origin];
        }),
      })),
    };
  }

  /** Each called listener of `request` by its place in the list the events collector kept; undefined when the lists differ in length. */
  #calledIndexes(request: object, length: number): Map<ListenerCall, number> | undefined {
    // counted in one pass over the calls, without the filtered list and the pairs
    const indexes = new Map<ListenerCall, number>();
    for (const call of this.#dispatcher.getCalls(request)) if (call.called) indexes.set(call, indexes.size);
    return indexes.size === length ? indexes : undefined;
  }

  /**
   * The listeners as objects again: a profile keeps them as arrays, as the Events panel's
   * (see EventDataCollector#expand); and each phase's request by its label, which a
   * profile keeps as where the Events panel's data lists the request when it does.
   */
  expand(stored: unknown, collectors: Readonly<Record<string, unknown>> = {}): unknown {
    // a collector's failure ({ error }), kept as it is
    if (!Array.isArray((stored as Partial<StoredTimeData> | undefined)?.phases)) return stored;
    const events = collectors['events'];
    const data = stored as StoredTimeData;
    return {
      startTime: data.startTime,
      duration: data.duration,
      phases: data.phases.map((phase) => ({
        request: typeof phase.request === 'number' ? (storedRequestLabel(events, phase.request) ?? '') : phase.request,
        event: phase.event,
        start: phase.start,
        duration: phase.duration,
        listeners: phase.listeners.map((entry) => {
          if (!Array.isArray(entry)) return entry as unknown as TimelineListener;
          if (typeof entry[0] === 'string') return listenerOf(entry as StoredListener);
          const [request, index, start] = entry as SharedListener;
          const call = calledListenerAt(events, request, index);
          return { listener: call?.listener ?? '', start, duration: call?.duration ?? 0 };
        }),
      })),
    };
  }
}

type StoredListener = readonly [listener: string, start: number, duration: number];
/** A listener call the events collector's data lists: which request of the tree, where in its list of called listeners, and its start. */
type SharedListener = readonly [request: number, index: number, start: number];

function listenerOf([listener, start, duration]: StoredListener): TimelineListener {
  return { listener, start, duration };
}

/** TimeData as a profile keeps it (see TimeDataCollector#expand): a phase's request as its label or its place in the events data. */
export interface StoredTimeData extends Omit<TimeData, 'phases'> {
  readonly phases: ReadonlyArray<Omit<TimelinePhase, 'listeners' | 'request'> & { readonly request: string | number; readonly listeners: ReadonlyArray<StoredListener | SharedListener> }>;
}
