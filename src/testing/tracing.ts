import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

// `sluice/testing/tracing`: an application's tests of its traces, and the framework's own.
// It needs @opentelemetry/sdk-trace-base, @opentelemetry/context-async-hooks and
// @opentelemetry/core, which only the tests of an application install (dev dependencies).

/**
 * Registers an OpenTelemetry SDK for the test process, as an application's setup file
 * loaded with `node --import` does (or @opentelemetry/sdk-node's NodeSDK): a tracer
 * provider whose spans are kept in memory, the W3C propagator and an AsyncLocalStorage
 * context manager. Importing this module registers them, for the rest of the process: a
 * simple processor exports each span as it ends and keeps no timer, so there is nothing
 * to flush or stop (and a root-level `after` would run before the suites a test file
 * declares after a top-level await). Import it dynamically in a test that must first see
 * a process without an SDK.
 */
export const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

/** The spans ended so far, in the order they ended. */
export function finishedSpans(): ReadableSpan[] {
  return exporter.getFinishedSpans();
}

/** The first ended span of that name; fails the test when there is none. */
export function spanNamed(name: string): ReadableSpan {
  const span = exporter.getFinishedSpans().find((each) => each.name === name);
  if (span === undefined) throw new Error(`No span "${name}" among: ${exporter.getFinishedSpans().map((each) => each.name).join(', ')}`);
  return span;
}

/** The span id of a span's parent, undefined for a root. */
export function parentIdOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}
