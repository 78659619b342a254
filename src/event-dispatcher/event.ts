/**
 * Base of every dispatched event. Propagation is a plain field so the dispatcher's loop
 * checks it without a call.
 */
export class Event {
  /** False (the prototype's value) until a listener calls stopPropagation. */
  declare propagationStopped: boolean;

  stopPropagation(): void {
    this.propagationStopped = true;
  }

  isPropagationStopped(): boolean {
    return this.propagationStopped;
  }
}

// On the prototype, not set by a constructor: every event class runs Event's constructor,
// and a property store that sees more than four classes goes through V8's slowest, generic
// path (see KernelEvent). An event gets a `propagationStopped` of its own once stopped.
Event.prototype.propagationStopped = false;
