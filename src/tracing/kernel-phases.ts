import type { ListenerCall } from '../event-dispatcher/traceable-event-dispatcher.ts';

/** One dispatch of a kernel event: when its first listener started and its last one ended. */
export interface KernelPhase {
  readonly event: string;
  /** performance.now() milliseconds. */
  readonly start: number;
  readonly end: number;
  /** The listeners called, in call order. */
  readonly calls: readonly ListenerCall[];
}

/**
 * The phases of one request, in the order they started, from the TraceableEventDispatcher's
 * calls for that request. A dispatch's calls are recorded together, so a run of calls of
 * one event is one dispatch, unless a listener comes back (the same event dispatched twice).
 */
export function phasesOf(calls: readonly ListenerCall[]): KernelPhase[] {
  const phases: KernelPhase[] = [];
  let current: ListenerCall[] = [];
  let seen = new Set<string>();
  const close = (): void => {
    const called = current.filter((call) => call.called);
    if (called.length > 0) {
      const start = Math.min(...called.map((call) => call.start));
      const end = Math.max(...called.map((call) => call.start + call.duration));
      phases.push({ event: called[0]!.event, start, end, calls: called });
    }
    current = [];
    seen = new Set();
  };
  for (const call of calls) {
    if (current.length > 0 && (call.event !== current[0]!.event || seen.has(call.listener))) close();
    current.push(call);
    seen.add(call.listener);
  }
  close();
  return phases.sort((a, b) => a.start - b.start);
}

/** Milliseconds since the epoch for a performance.now() reading. */
export function epochOf(performanceTime: number): number {
  return performance.timeOrigin + performanceTime;
}
