import type { Kernel } from '../kernel/kernel.ts';
import { TracingEventDispatcher, type TracingOptions } from './tracing-event-dispatcher.ts';
import { SluiceError } from '../exception/sluice-error.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    'tracing.event_dispatcher': TracingEventDispatcher;
  }
}

/**
 * Decorates a debug kernel's dispatcher with tracing (spans and `Server-Timing`). Call it
 * while bundles build: the HttpKernel takes `event_dispatcher` once they all did. Returns
 * undefined outside debug, where there is no TraceableEventDispatcher to read from.
 */
export function installTracing(kernel: Kernel, options: TracingOptions = {}): TracingEventDispatcher | undefined {
  if (kernel.booted) throw new SluiceError('SLUICE_TRACING_AFTER_BOOT', {});
  const traceable = kernel.container.find('debug.event_dispatcher');
  if (traceable === undefined) return undefined;
  const tracing = new TracingEventDispatcher(traceable, options);
  kernel.container.set('tracing.event_dispatcher', tracing);
  kernel.container.set('event_dispatcher', tracing);
  return tracing;
}
