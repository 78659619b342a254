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
  // The current run of calls: its event, the listeners seen in it, and those called.
  let event: string | undefined;
  const seen = new Set<string>();
  let called: ListenerCall[] = [];
  const close = (): void => {
    if (called.length > 0) {
      let start = Number.POSITIVE_INFINITY;
      let end = Number.NEGATIVE_INFINITY;
      for (const call of called) {
        if (call.start < start) start = call.start;
        if (call.start + call.duration > end) end = call.start + call.duration;
      }
      phases.push({ event: called[0]!.event, start, end, calls: called });
      called = [];
    }
    seen.clear();
  };
  for (const call of calls) {
    if (event !== undefined && (call.event !== event || seen.has(call.listener))) close();
    event = call.event;
    seen.add(call.listener);
    if (call.called) called.push(call);
  }
  close();
  return phases.sort((a, b) => a.start - b.start);
}

/** Milliseconds since the epoch for a performance.now() reading. */
export function epochOf(performanceTime: number): number {
  return performance.timeOrigin + performanceTime;
}
