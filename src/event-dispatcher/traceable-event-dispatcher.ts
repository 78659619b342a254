import { performance } from 'node:perf_hooks';
import type { EventDispatcher, ListenerEntry } from './event-dispatcher.ts';
import { ForwardingEventDispatcher } from './forwarding-event-dispatcher.ts';
import { isThenable, listenerName, sameListener } from './listener.ts';
import type { RequestStack } from '../http/request-stack.ts';

/** What the traceable dispatcher needs of a logger: DEBUG with a context. */
export interface DebugSink {
  debug(message: string, context?: Record<string, unknown>): void;
}

/** One listener in one dispatch, as the profiler shows it. */
export interface ListenerCall {
  readonly event: string;
  readonly listener: string;
  readonly priority: number;
  readonly called: boolean;
  /** Milliseconds spent in the listener (0 when not called). */
  readonly duration: number;
  /** performance.now() when the listener started, for timelines. */
  readonly start: number;
  readonly stoppedPropagation: boolean;
}

interface Trace {
  readonly eventName: string;
  readonly entries: readonly ListenerEntry[];
  readonly starts: number[];
  readonly durations: number[];
  calledCount: number;
  stoppedAt: number;
}

/**
 * Debug decoration of the dispatcher (STYLE 11: debug features come by decoration, the
 * core loop has no `if (debug)`). It times each listener and, once a dispatch has
 * finished (also when a listener threw), writes the reference's `event.DEBUG` lines in
 * call order: "Notified ..." per called listener, "stopped propagation" right after the
 * one that stopped it, and "was not called" for those skipped because of it. A nested
 * dispatch (the error sub-request inside kernel.exception) finishes first, so its lines
 * come before the outer event's, as in the source document.
 */
export class TraceableEventDispatcher extends ForwardingEventDispatcher<EventDispatcher> {
  readonly #logger: DebugSink | undefined;
  readonly #requestStack: RequestStack | undefined;
  /** Calls per request (the current request of each dispatch), for the profiler. */
  readonly #calls = new WeakMap<object, ListenerCall[]>();
  readonly #orphans = new WeakMap<object, string[]>();
  readonly #noRequest = {};
  /** Called once per finished dispatch; the profiler and tracing hook in here. */
  onDispatched: ((calls: readonly ListenerCall[], request: object | undefined) => void) | undefined;

  constructor(inner: EventDispatcher, logger?: DebugSink, requestStack?: RequestStack) {
    super(inner);
    this.#logger = logger;
    this.#requestStack = requestStack;
  }

  dispatch<E extends object>(event: E, eventName: string): E | Promise<E> {
    if (isStopped(event)) {
      this.#logger?.debug(`The "${eventName}" event is already stopped. No listeners have been called.`);
      return event;
    }
    const entries = this.inner.getSortedEntries(eventName);
    const trace: Trace = { eventName, entries, starts: [], durations: [], calledCount: 0, stoppedAt: -1 };
    let continuesAsync = false;
    try {
      for (let i = 0; i < entries.length; i++) {
        if (isStopped(event)) break;
        trace.calledCount = i + 1; // marked before the call: a listener that throws was still notified
        const start = performance.now();
        trace.starts[i] = start;
        let result: unknown;
        try {
          result = entries[i]!.callable(event, eventName, this);
        } finally {
          // also when the listener threw: the router's 404 took time too
          trace.durations[i] = performance.now() - start;
        }
        if (isThenable(result)) {
          continuesAsync = true;
          return this.#continue(result, trace, i, event);
        }
        if (isStopped(event)) trace.stoppedAt = i;
      }
    } finally {
      // an async dispatch logs its trace once #continue has finished it
      if (!continuesAsync) this.#postProcess(trace);
    }
    return event;
  }

  async #continue<E extends object>(pending: PromiseLike<unknown>, trace: Trace, index: number, event: E): Promise<E> {
    try {
      try {
        await pending;
      } finally {
        trace.durations[index] = performance.now() - trace.starts[index]!;
      }
      if (isStopped(event)) trace.stoppedAt = index;
      for (let i = index + 1; i < trace.entries.length; i++) {
        if (isStopped(event)) break;
        trace.calledCount = i + 1;
        const start = performance.now();
        trace.starts[i] = start;
        try {
          const result = trace.entries[i]!.callable(event, trace.eventName, this);
          if (isThenable(result)) await result;
        } finally {
          trace.durations[i] = performance.now() - start;
        }
        if (isStopped(event)) trace.stoppedAt = i;
      }
    } finally {
      this.#postProcess(trace);
    }
    return event;
  }

  #postProcess(trace: Trace): void {
    const request = this.#requestStack?.getCurrentRequest();
    const key = request ?? this.#noRequest;
    if (trace.entries.length === 0) {
      const orphans = this.#orphans.get(key);
      if (orphans === undefined) this.#orphans.set(key, [trace.eventName]);
      else if (!orphans.includes(trace.eventName)) orphans.push(trace.eventName);
      return;
    }
    const calls: ListenerCall[] = [];
    const logger = this.#logger;
    const event = trace.eventName;
    let skipped = false;
    const names = namesOf(trace.entries);
    const contexts = logger === undefined ? undefined : contextsOf(event, trace.entries, names);
    // As the reference's postProcess, which walks the listeners registered once the
    // dispatch is over: a one-shot listener that removed itself is not reported.
    const current = this.inner.getSortedEntries(event);
    const removed = current === trace.entries ? undefined : trace.entries.filter((entry) => !current.includes(entry));
    for (let i = 0; i < trace.entries.length; i++) {
      const entry = trace.entries[i]!;
      if (removed !== undefined && removed.includes(entry)) continue;
      const listener = names[i]!;
      const called = i < trace.calledCount;
      const stopped = i === trace.stoppedAt;
      calls.push({ event, listener, priority: entry.priority, called, duration: trace.durations[i] ?? 0, start: trace.starts[i] ?? 0, stoppedPropagation: stopped });
      if (logger === undefined || contexts === undefined) continue;
      const context = contexts[i]!;
      if (skipped) {
        logger.debug('Listener "{listener}" was not called for event "{event}".', context);
      } else if (called) {
        logger.debug('Notified event "{event}" to listener "{listener}".', context);
        if (stopped) {
          logger.debug('Listener "{listener}" stopped propagation of the event "{event}".', context);
          skipped = true;
        }
      }
    }
    const list = this.#calls.get(key);
    if (list === undefined) this.#calls.set(key, calls);
    else list.push(...calls);
    this.onDispatched?.(calls, request);
  }

  /** Every listener call recorded for `request` (or outside any request), in dispatch order. */
  getCalls(request?: object): readonly ListenerCall[] {
    return this.#calls.get(request ?? this.#noRequest) ?? [];
  }

  getCalledListeners(request?: object): ListenerCall[] {
    return this.getCalls(request).filter((call) => call.called);
  }

  /**
   * Listeners registered but not called while handling `request`: those of events that
   * were dispatched and skipped, and those of events never dispatched.
   */
  getNotCalledListeners(request?: object): { event: string; listener: string; priority: number }[] {
    const called = new Map<string, Set<string>>();
    for (const call of this.getCalls(request)) {
      if (!call.called) continue;
      const names = called.get(call.event);
      if (names === undefined) called.set(call.event, new Set([call.listener]));
      else names.add(call.listener);
    }
    const out: { event: string; listener: string; priority: number }[] = [];
    for (const { event, listener, priority } of this.#registeredListeners()) {
      const calledNames = called.get(event);
      if (calledNames === undefined || !calledNames.has(listener)) out.push({ event, listener, priority });
    }
    return out;
  }

  /** See #registeredListeners; with the inner dispatcher's change count it was worked out at. */
  #registered: { readonly changes: number; readonly listeners: readonly RegisteredListener[] } | undefined;

  /**
   * Every registered listener, event by event (events in name order, listeners in call
   * order), as the not-called listing shows it. The profiler asks for it once per request
   * of each profile's tree, and listing every event's listeners anew each time only to
   * read their names gave the same list request after request; it is worked out again
   * once a listener was added or removed.
   */
  #registeredListeners(): readonly RegisteredListener[] {
    const changes = this.inner.changeCount;
    if (this.#registered !== undefined && this.#registered.changes === changes) return this.#registered.listeners;
    const listeners: RegisteredListener[] = [];
    for (const event of this.inner.getAllListeners().keys()) {
      const entries = this.inner.getSortedEntries(event);
      const names = namesOf(entries);
      const priorities = this.#prioritiesOf(event, entries);
      for (let i = 0; i < entries.length; i++) listeners.push({ event, listener: names[i]!, priority: priorities[i]! });
    }
    this.#registered = { changes, listeners };
    return listeners;
  }

  /**
   * The priorities of an event's listeners, in call order, worked out once per sorted
   * list (see `namesOf`). A listener registered twice for the event shows the priority the
   * dispatcher reports for it (its first registration's), as `getListenerPriority` says.
   */
  #prioritiesOf(event: string, entries: readonly ListenerEntry[]): readonly number[] {
    let known = priorities.get(entries);
    if (known === undefined) {
      known = entries.map((entry) =>
        entries.some((other) => other !== entry && sameListener(other.listener, entry.listener))
          ? (this.inner.getListenerPriority(event, entry.listener) ?? 0)
          : entry.priority,
      );
      priorities.set(entries, known);
    }
    return known;
  }

  /** Events dispatched while handling `request` that had no listener at all. */
  getOrphanedEvents(request?: object): readonly string[] {
    return this.#orphans.get(request ?? this.#noRequest) ?? [];
  }
}

// Per sorted list of an event's listeners: the dispatcher makes a new list whenever a
// listener of the event is added or removed, so a list's names and priorities never change.
const names = new WeakMap<readonly ListenerEntry[], readonly string[]>();
const priorities = new WeakMap<readonly ListenerEntry[], readonly number[]>();

/**
 * The listeners' names (`Class::method`), per sorted list of an event's listeners: every
 * dispatch logs each of them, and building each name anew was a good part of that.
 */
function namesOf(entries: readonly ListenerEntry[]): readonly string[] {
  let known = names.get(entries);
  if (known === undefined) {
    known = entries.map((entry) => listenerName(entry.listener));
    names.set(entries, known);
  }
  return known;
}

/** A registered listener as the not-called listing shows it. */
interface RegisteredListener {
  readonly event: string;
  readonly listener: string;
  readonly priority: number;
}

const contexts = new WeakMap<readonly ListenerEntry[], readonly ListenerContext[]>();

/** The context of an event line (`{ event, listener }`), the same object every time for one listener of one event. */
type ListenerContext = Readonly<{ event: string; listener: string }>;

/**
 * The contexts of an event's lines, per sorted list of its listeners (see `names`). Every
 * dispatch logs a line per listener with the same two names; one frozen object per
 * listener serves them all, where a new one for each line lived as long as the request's
 * log did. A reader that would change a logged context cannot: it was never the caller's.
 */
function contextsOf(event: string, entries: readonly ListenerEntry[], listenerNames: readonly string[]): readonly ListenerContext[] {
  let known = contexts.get(entries);
  if (known === undefined) {
    known = listenerNames.map((listener) => Object.freeze({ event, listener }));
    contexts.set(entries, known);
  }
  return known;
}

/** A function, not an inline check, so TypeScript does not narrow the flag across calls. */
function isStopped(event: object): boolean {
  return (event as { propagationStopped?: boolean }).propagationStopped === true;
}
