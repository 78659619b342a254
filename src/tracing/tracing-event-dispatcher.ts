import { requestIdOf } from '../http/request-id.ts';
import { context, propagation, SpanKind, trace, type Context, type Span, type TextMapGetter, type Tracer } from '@opentelemetry/api';
import { recordFailure } from './span-failure.ts';
import { ForwardingEventDispatcher } from '../event-dispatcher/forwarding-event-dispatcher.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import { TraceableEventDispatcher } from '../event-dispatcher/traceable-event-dispatcher.ts';
import type { EventDispatcherInterface } from '../event-dispatcher/event-dispatcher-interface.ts';
import type { KernelEvent } from '../event/kernel-event.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import type { Request } from '../http/request.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { SLUICE_VERSION } from '../kernel/version.ts';
import { observeDispatches } from './dispatch-observers.ts';
import { epochOf } from './kernel-phases.ts';
import { serverTimingOf } from './server-timing.ts';

export interface TracingOptions {
  /** Adds `Server-Timing` with the kernel phases to main responses (default true). */
  readonly serverTiming?: boolean;
  /** Default: the global tracer provider's `sluice` tracer, a no-op until an SDK is registered. */
  readonly tracer?: Tracer;
}

/** Reads the W3C `traceparent` / `tracestate` (or whatever the registered propagator reads) from a request's headers. */
const headerGetter: TextMapGetter<Request> = {
  keys: (request) => request.headers.names(),
  get: (request, key) => request.headers.get(key) ?? undefined,
};

/**
 * Decoration of the dispatcher that turns the kernel's work into OpenTelemetry spans: a
 * span per request (a main request's parent is the caller's `traceparent`, through the
 * registered propagator), one per kernel phase (each dispatch, live, so that a
 * sub-request's spans nest under the phase that started it). Over a debug kernel's
 * TraceableEventDispatcher it also makes one span per listener call, from the timings
 * the profiler reads, and a `Server-Timing` header. Without a registered SDK the spans
 * are no-ops; production installs it only when one is registered (OpenTelemetryBundle).
 */
export class TracingEventDispatcher extends ForwardingEventDispatcher<EventDispatcherInterface> {
  readonly #tracer: Tracer;
  readonly #serverTiming: boolean;
  /** Each request's own span, as the parent of its phases (also after it ended: kernel.terminate). */
  readonly #requests = new WeakMap<object, { span: Span; context: Context }>();

  readonly #traceable: TraceableEventDispatcher | undefined;

  constructor(inner: EventDispatcherInterface, options: TracingOptions = {}) {
    super(inner);
    this.#tracer = options.tracer ?? trace.getTracer('sluice', SLUICE_VERSION);
    this.#traceable = inner instanceof TraceableEventDispatcher ? inner : undefined;
    this.#serverTiming = this.#traceable !== undefined && (options.serverTiming ?? true);
    if (this.#traceable === undefined) return;
    observeDispatches(this.#traceable, (calls) => {
      // Called at the end of each dispatch, inside its phase span's context.
      const parent = context.active();
      if (trace.getSpan(parent)?.isRecording() !== true) return;
      for (const call of calls) {
        if (!call.called) continue;
        const attributes = { 'sluice.event': call.event, 'sluice.listener.priority': call.priority, 'sluice.listener.stopped_propagation': call.stoppedPropagation };
        this.#tracer.startSpan(call.listener, { startTime: epochOf(call.start), attributes }, parent).end(epochOf(call.start + call.duration));
      }
    });
  }

  dispatch<E extends object>(event: E, eventName: string): E | Promise<E> {
    if (!this.inner.hasListeners(eventName)) return this.inner.dispatch(event, eventName);
    const request = (event as Partial<KernelEvent>).request;
    const parent = request === undefined ? context.active() : this.#requestContext(request, event as unknown as KernelEvent, eventName);
    const phase = this.#tracer.startSpan(eventName, { attributes: { 'sluice.event': eventName } }, parent);
    let result: E | Promise<E>;
    try {
      result = context.with(trace.setSpan(parent, phase), () => this.inner.dispatch(event, eventName));
    } catch (error) {
      this.#finish(phase, event, eventName, request, error);
      throw error;
    }
    if (!isThenable(result)) {
      this.#finish(phase, event, eventName, request, undefined);
      return result;
    }
    return result.then(
      (done) => {
        this.#finish(phase, event, eventName, request, undefined);
        return done;
      },
      (error: unknown) => {
        this.#finish(phase, event, eventName, request, error);
        throw error;
      },
    );
  }

  /** The context of a request's span (its phases' parent), once kernel.request started it. */
  contextOf(request: Request): Context | undefined {
    return this.#requests.get(request)?.context;
  }

  #requestContext(request: Request, event: KernelEvent, eventName: string): Context {
    let known = this.#requests.get(request);
    if (known === undefined) {
      if (eventName !== KernelEvents.REQUEST) return context.active();
      const main = event.isMainRequest();
      const active = main ? propagation.extract(context.active(), request, headerGetter) : context.active();
      const span = this.#tracer.startSpan(`${request.method}${main ? '' : ' (sub-request)'}`, {
        kind: main ? SpanKind.SERVER : SpanKind.INTERNAL,
        attributes: { 'http.request.method': request.method, 'url.path': request.rawPath, 'sluice.request.type': main ? 'main' : 'sub', ...(main && { 'http.request.id': requestIdOf(request) }) },
      }, active);
      known = { span, context: trace.setSpan(active, span) };
      this.#requests.set(request, known);
    }
    return known.context;
  }

  #finish(phase: Span, event: object, eventName: string, request: Request | undefined, error: unknown): void {
    if (error !== undefined) {
      recordFailure(phase, error);
    }
    phase.end();
    if (request === undefined) return;
    if (eventName === KernelEvents.RESPONSE) this.#responded(event as ResponseEvent, request);
    else if (eventName === KernelEvents.FINISH_REQUEST) this.#requests.get(request)?.span.end();
  }

  #responded(event: ResponseEvent, request: Request): void {
    const span = this.#requests.get(request)?.span;
    if (span !== undefined) {
      const route = request.attributes.get('_route');
      span.setAttribute('http.response.status_code', event.response.statusCode);
      if (typeof route === 'string') {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
    }
    // The main request only: its error page's sub-request answers with the same Response.
    if (!this.#serverTiming || !event.isMainRequest()) return;
    const timing = serverTimingOf(this.#traceable!.getCalls(request));
    if (timing !== '') event.response.headers.set('Server-Timing', timing, false);
  }
}
