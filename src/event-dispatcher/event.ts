/** How many times any event's propagation has been stopped, for the dispatcher's loop. */
let stops = 0;

/**
 * The number of stopPropagation() calls so far, on any event. A dispatch compares it with
 * the count it started with, and reads the event's own flag only when the count moved:
 * that read sees every event class the application dispatches (seven kernel events per
 * request), which V8 answers through its slow, megamorphic path, once per listener.
 */
export function propagationStops(): number {
  return stops;
}

/**
 * Base of every dispatched event. Propagation is stopped through `stopPropagation()`,
 * which the dispatcher's loop notices without a call or a property read per listener.
 */
export class Event {
  /** False (the prototype's value) until a listener calls stopPropagation. */
  declare readonly propagationStopped: boolean;

  stopPropagation(): void {
    stops++;
    (this as { propagationStopped: boolean }).propagationStopped = true;
  }

  isPropagationStopped(): boolean {
    return this.propagationStopped;
  }
}

// On the prototype, not set by a constructor: every event class runs Event's constructor,
// and a property store that sees more than four classes goes through V8's slowest, generic
// path (see KernelEvent). An event gets a `propagationStopped` of its own once stopped.
(Event.prototype as { propagationStopped: boolean }).propagationStopped = false;
