/**
 * A value a service keeps per request, stored on the request object itself under a
 * private symbol. It is what a `WeakMap<Request, T>` would give, without the ephemeron
 * table insert (and its collection cost) for every request on the hot path. Every request
 * gains the same one property, so they keep sharing one shape.
 */
export class RequestSlot<T> {
  readonly #key: symbol;

  constructor(description: string) {
    this.#key = Symbol(description);
  }

  get(request: object): T | undefined {
    return (request as Record<symbol, T | undefined>)[this.#key];
  }

  set(request: object, value: T): void {
    (request as Record<symbol, T | undefined>)[this.#key] = value;
  }

  /** Forgets the value (kept as an undefined property: deleting would cost the object its fast shape). */
  delete(request: object): void {
    const slots = request as Record<symbol, T | undefined>;
    if (slots[this.#key] !== undefined) slots[this.#key] = undefined;
  }
}
