/**
 * A context value worked out only when an entry is written or shown (`toJSON`,
 * `toString`, or the profiler's copy), then kept.
 *
 * Use it instead of a getter in the context literal: an object literal with a getter
 * gets a hidden class of its own, which pins the getter's closure, and with it the whole
 * request, through the next young-generation collections: each request's objects were
 * promoted to the old generation, and every scavenge had to walk them.
 */
export class LazyLogValue<T = unknown, A = undefined> {
  #compute: ((argument: A) => T) | undefined;
  /** The argument for `compute` until it ran, then its value: one field for both. */
  #value: T | A | undefined;

  /**
   * `compute` is called with `argument`: a function declared once (`(request) =>
   * request.getUri()` at module level) then needs no closure made per entry.
   */
  constructor(compute: (argument: A) => T, argument?: A) {
    this.#compute = compute;
    this.#value = argument;
  }

  get value(): T {
    const compute = this.#compute;
    if (compute !== undefined) {
      this.#value = compute(this.#value as A);
      this.#compute = undefined;
    }
    return this.#value as T;
  }

  toJSON(): T {
    return this.value;
  }

  toString(): string {
    return String(this.value);
  }
}
