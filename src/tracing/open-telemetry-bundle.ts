import { context, trace, type Tracer } from '@opentelemetry/api';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { SLUICE_VERSION } from '../kernel/version.ts';
import { TracingEventDispatcher } from './tracing-event-dispatcher.ts';
import { TracingControllerResolver } from './tracing-controller-resolver.ts';
import { tracedRepository } from './traced-repository.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    'tracing.event_dispatcher': TracingEventDispatcher;
  }
}

export interface OpenTelemetryBundleOptions {
  /** Default: the registered provider's `sluice` tracer. */
  readonly tracer?: Tracer;
}

/**
 * Traces requests in any environment once the application registered an OpenTelemetry
 * SDK: the kernel's phases (a decorated dispatcher), the controller (a decorated
 * controller resolver), each repository call (a query), and whatever the application's instrumentations record inside it,
 * a caller's `traceparent` honoured, and `extra.trace_id` / `extra.span_id` in every log
 * entry of the request. Register it after the other bundles (it decorates what they
 * built; in debug it reuses the profiler's tracing). Nothing of it runs without it: the
 * application loads it only when an SDK is registered (see openTelemetryRegistered()).
 */
export class OpenTelemetryBundle extends Bundle {
  readonly #options: OpenTelemetryBundleOptions;

  constructor(options: OpenTelemetryBundleOptions = {}) {
    super();
    this.#options = options;
  }

  override build(kernel: Kernel): void {
    const { container } = kernel;
    const tracer = this.#options.tracer ?? trace.getTracer('sluice', SLUICE_VERSION);
    let tracing = container.find('tracing.event_dispatcher');
    if (tracing === undefined) {
      tracing = new TracingEventDispatcher(container.get('event_dispatcher'), { tracer });
      container.set('tracing.event_dispatcher', tracing);
      container.set('event_dispatcher', tracing);
    }
    const requests = tracing;
    container.set('controller_resolver', new TracingControllerResolver(container.get('controller_resolver'), {
      tracer,
      requestStack: container.get('request_stack'),
      contextOf: (request) => requests.contextOf(request),
    }));
    kernel.logExtras.push((request) => traceFieldsOf(requests.contextOf(request)));
    // FrameworkExtraBundle's repositories: a span per query (SQLite too); Redis and PostgreSQL's
    // driver-level spans come from the SDK's instrumentations (ioredis, pg).
    container.find('entity_manager')?.repositoryDecorators.push((repository, metadata, connection) => tracedRepository(repository, metadata, connection, tracer));
  }
}

/** The active span's ids when one is (a phase, the controller), else those of the request's span. */
function traceFieldsOf(requestContext: ReturnType<TracingEventDispatcher['contextOf']>): Record<string, string> | undefined {
  const active = trace.getSpan(context.active())?.spanContext();
  const ids = active !== undefined && trace.isSpanContextValid(active) ? active : requestContext === undefined ? undefined : trace.getSpan(requestContext)?.spanContext();
  return ids === undefined || !trace.isSpanContextValid(ids) ? undefined : { trace_id: ids.traceId, span_id: ids.spanId };
}
