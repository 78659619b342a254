/**
 * Whether the application registered an OpenTelemetry tracer provider (an SDK), read from
 * the global slot every copy of `@opentelemetry/api` 1.x shares, so that asking does not
 * load the API: a production process without an SDK never loads it.
 */
export function openTelemetryRegistered(): boolean {
  const api = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[Symbol.for('opentelemetry.js.api.1')];
  return api?.trace !== undefined;
}
