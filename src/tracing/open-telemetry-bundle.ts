import { context, trace, type Tracer } from '@opentelemetry/api';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { SLUICE_VERSION } from '../kernel/version.ts';
import { TracingEventDispatcher } from './tracing-event-dispatcher.ts';
import { TracingControllerResolver } from './tracing-controller-resolver.ts';
import { StatementSpans } from './statement-spans.ts';
import { traceRedisCommands } from './redis-spans.ts';
import type { QueryLogger } from '../persistence/query-logger.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    'tracing.event_dispatcher': TracingEventDispatcher;
  }
}

export interface OpenTelemetryBundleOptions {
  /** Default: the registered provider's `sluice` tracer. */
  readonly tracer?: Tracer;
  /**
   * A client span per SQL statement (default true). Turn it off when the SDK's own pg
   * instrumentation already records PostgreSQL's (SQLite has none).
   */
  readonly database?: boolean;
  /**
   * A client span per Redis command of every ioredis client (default true). Turn it off
   * when the SDK's ioredis instrumentation already records them.
   */
  readonly redis?: boolean;
}

/**
 * Traces requests in any environment once the application registered an OpenTelemetry
 * SDK: the kernel's phases (a decorated dispatcher), the controller (a decorated
 * controller resolver), each SQL statement and Redis command (client spans nested in the
 * controller's or the phase's), and whatever the application's instrumentations record,
 * a caller's `traceparent` honoured, and `extra.trace_id` / `extra.span_id` in every log
 * entry of the request. Register it after the other bundles (it decorates what they
 * built; in debug it reuses the profiler's tracing). Nothing of it runs without it: the
 * application loads it only when an SDK is registered (see openTelemetryRegistered()).
 */
export class OpenTelemetryBundle extends Bundle {
  readonly #options: OpenTelemetryBundleOptions;
  #untraceRedis: (() => void) | undefined;

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
    if (this.#options.database ?? true) {
      // Read by FrameworkExtraBundle when its connection opens; the profiler's collector
      // (debug) keeps hearing of every statement too.
      const statements = new StatementSpans(tracer);
      const previous = container.find('persistence.query_logger');
      container.set('persistence.query_logger', previous === undefined ? statements : bothLoggers(previous, statements));
    }
    if (this.#options.redis ?? true) this.#untraceRedis = traceRedisCommands(tracer);
  }

  override async shutdown(): Promise<void> {
    this.#untraceRedis?.();
    this.#untraceRedis = undefined;
  }
}

function bothLoggers(first: QueryLogger, second: QueryLogger): QueryLogger {
  return {
    start(sql, params, driver, target) {
      const endFirst = first.start(sql, params, driver, target);
      const endSecond = second.start(sql, params, driver, target);
      return (error) => {
        endSecond(error);
        endFirst(error);
      };
    },
  };
}

/** The active span's ids when one is (a phase, the controller), else those of the request's span. */
function traceFieldsOf(requestContext: ReturnType<TracingEventDispatcher['contextOf']>): Record<string, string> | undefined {
  const active = trace.getSpan(context.active())?.spanContext();
  const ids = active !== undefined && trace.isSpanContextValid(active) ? active : requestContext === undefined ? undefined : trace.getSpan(requestContext)?.spanContext();
  return ids === undefined || !trace.isSpanContextValid(ids) ? undefined : { trace_id: ids.traceId, span_id: ids.spanId };
}
