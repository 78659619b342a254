import type { ListenerCall, TraceableEventDispatcher } from '../event-dispatcher/traceable-event-dispatcher.ts';
import { observeDispatches } from '../tracing/dispatch-observers.ts';

interface TracedCall {
  readonly call: ListenerCall;
  /** `main`, `sub` (a sub-request such as the error page) or `none` (kernel.terminate, after the request). */
  readonly request: 'main' | 'sub' | 'none';
}

/**
 * Records every listener call while one request runs, for `request --trace`: the same
 * TraceableEventDispatcher data the profiler and the tracing read.
 */
export class RequestTrace {
  readonly #calls: TracedCall[] = [];
  readonly #stop: () => void;

  constructor(dispatcher: TraceableEventDispatcher, main: object) {
    this.#stop = observeDispatches(dispatcher, (calls, request) => {
      const kind = request === undefined ? 'none' : request === main ? 'main' : 'sub';
      for (const call of calls) if (call.called) this.#calls.push({ call, request: kind });
    });
  }

  stop(): void {
    this.#stop();
  }

  /** Calls in the order they started (a sub-request's inside the kernel.exception listener that ran it). */
  get calls(): readonly TracedCall[] {
    return [...this.#calls].sort((a, b) => a.call.start - b.call.start);
  }

  format(format: 'text' | 'jsonl'): string {
    if (format === 'jsonl') {
      return this.calls.map(({ call, request }) => `${JSON.stringify({ event: call.event, listener: call.listener, priority: call.priority, duration: Number(call.duration.toFixed(3)), request })}\n`).join('');
    }
    const lines = this.calls.map(({ call, request }) => {
      const where = request === 'main' ? '' : request === 'sub' ? '  [sub] ' : '  [after] ';
      const stopped = call.stoppedPropagation ? '  (stopped propagation)' : '';
      return `${call.duration.toFixed(3).padStart(9)} ms ${where}${call.event} (${call.priority}) ${call.listener}${stopped}\n`;
    });
    const total = this.#calls.reduce((sum, { call }) => sum + call.duration, 0);
    return `Listener calls, in call order:\n${lines.join('')}${total.toFixed(3).padStart(9)} ms in ${lines.length} listener calls\n`;
  }
}
