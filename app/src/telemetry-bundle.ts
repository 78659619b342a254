import type { OpenTelemetryBundle } from 'sluice/tracing';
import { openTelemetryRegistered } from 'sluice';

/**
 * The tracing bundle when this process registered an OpenTelemetry SDK before the app
 * loaded (`node --import ./otel-setup.mjs ...`, see docs/observability.md); undefined
 * otherwise, and then neither the bundle nor @opentelemetry/api is loaded.
 */
export const TelemetryBundle: typeof OpenTelemetryBundle | undefined = openTelemetryRegistered() ? (await import('sluice/tracing')).OpenTelemetryBundle : undefined;
