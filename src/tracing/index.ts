// sluice/tracing: OpenTelemetry spans of the kernel's work. Importing it loads @opentelemetry/api;
// the main `sluice` entry exports only openTelemetryRegistered(), which does not.
export { OpenTelemetryBundle, type OpenTelemetryBundleOptions } from './open-telemetry-bundle.ts';
export { TracingEventDispatcher, type TracingOptions } from './tracing-event-dispatcher.ts';
export { TracingControllerResolver } from './tracing-controller-resolver.ts';
export { installTracing } from './install-tracing.ts';
