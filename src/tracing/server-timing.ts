import type { ListenerCall } from '../event-dispatcher/traceable-event-dispatcher.ts';
import { phasesOf } from './kernel-phases.ts';

/**
 * A `Server-Timing` value for a request's kernel phases so far: one metric per event (its
 * dispatches added up), then `total` since the first listener started. Browsers show it
 * in their network panel.
 */
export function serverTimingOf(calls: readonly ListenerCall[], now = performance.now()): string {
  const phases = phasesOf(calls);
  if (phases.length === 0) return '';
  const byEvent = new Map<string, number>();
  for (const phase of phases) byEvent.set(phase.event, (byEvent.get(phase.event) ?? 0) + (phase.end - phase.start));
  const metrics = [...byEvent].map(([event, duration]) => `${event};dur=${duration.toFixed(2)}`);
  metrics.push(`total;dur=${(now - phases[0]!.start).toFixed(2)}`);
  return metrics.join(', ');
}
