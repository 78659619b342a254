/**
 * Base of every dispatched event. Propagation is a plain field so the dispatcher's loop
 * checks it without a call.
 */
export class Event {
  propagationStopped = false;

  stopPropagation(): void {
    this.propagationStopped = true;
  }

  isPropagationStopped(): boolean {
    return this.propagationStopped;
  }
}
