import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { PrometheusMetrics, type PrometheusMetricsOptions } from './prometheus-metrics.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    /** Present when MetricsBundle is registered. */
    metrics: PrometheusMetrics;
  }
}

export interface MetricsBundleOptions extends PrometheusMetricsOptions {
  /** Where the metrics are served; default `/metrics`. */
  readonly path?: string;
}

/**
 * Opt-in Prometheus metrics: `GET /metrics` answered before the kernel's events, like the
 * health checks (never logged per request, never profiled, not counted itself), and every
 * main response counted by a response finisher rather than a listener, so the event
 * chains the logs show stay the application's. Expose the path to the scraper only
 * (nginx `allow`/`deny`): it names the routes and their traffic.
 */
export class MetricsBundle extends Bundle {
  readonly #options: MetricsBundleOptions;

  constructor(options: MetricsBundleOptions = {}) {
    super();
    this.#options = options;
  }

  override build(kernel: Kernel): void {
    const metrics = new PrometheusMetrics(this.#options);
    kernel.container.set('metrics', metrics);
    kernel.directRoutes.set(this.#options.path ?? '/metrics', () => metrics.response());
    kernel.responseFinishers.push((request, response, startedAt) => metrics.record(request, response, startedAt));
  }
}
