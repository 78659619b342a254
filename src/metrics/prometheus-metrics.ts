import { createRequire } from 'node:module';
import type { Counter, Histogram, Registry } from 'prom-client';
import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';

const require = createRequire(import.meta.url);

export interface PrometheusMetricsOptions {
  /** Prepended to the request metrics' names; default `sluice_`. */
  readonly prefix?: string;
  /** The latency histogram's buckets, in seconds; prom-client's defaults when omitted. */
  readonly buckets?: readonly number[];
}

/** The label of a request no route matched: its path would make one series per URL a client invents. */
const NO_ROUTE = '(none)';

/**
 * The application's metrics in the Prometheus text format, through prom-client: requests
 * by method, route (its name, never the raw path) and status, their latency as a
 * histogram, and Node's process metrics (event loop lag, heap, CPU, handles). One
 * registry per kernel, so two kernels in a process (tests) keep their counts apart.
 * prom-client is loaded when metrics are enabled, not by applications that never ask.
 */
export class PrometheusMetrics {
  readonly registry: Registry;
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #duration: Histogram<'method' | 'route' | 'status'>;

  constructor(options: PrometheusMetricsOptions = {}) {
    const client = require('prom-client') as typeof import('prom-client');
    const prefix = options.prefix ?? 'sluice_';
    this.registry = new client.Registry();
    const labelNames = ['method', 'route', 'status'] as const;
    this.#requests = new client.Counter({ name: `${prefix}http_requests_total`, help: 'HTTP requests answered, by method, route name and status.', labelNames, registers: [this.registry] });
    this.#duration = new client.Histogram({
      name: `${prefix}http_request_duration_seconds`,
      help: 'Time from the request reaching the kernel to its response being ready, by method, route name and status.',
      labelNames,
      ...(options.buckets !== undefined && { buckets: [...options.buckets] }),
      registers: [this.registry],
    });
    // nodejs_eventloop_lag_seconds and its percentiles, heap, GC, CPU, open handles
    client.collectDefaultMetrics({ register: this.registry });
  }

  /** A response finisher: counts the main response and its duration (performance.now() milliseconds since `startedAt`). */
  record(request: Request, response: Response, startedAt: number): void {
    const route = request.attributes.get('_route');
    const labels = { method: request.method, route: typeof route === 'string' ? route : NO_ROUTE, status: String(response.statusCode) };
    this.#requests.inc(labels);
    this.#duration.observe(labels, (performance.now() - startedAt) / 1000);
  }

  /** The `/metrics` page. */
  async response(): Promise<Response> {
    return new Response(await this.registry.metrics(), 200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
  }
}
