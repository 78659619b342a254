import { Request } from './request.ts';

let nextIndex = 0;

/**
 * A value a service keeps per request, stored in the request itself. It is what a
 * `WeakMap<Request, T>` would give, without the ephemeron table insert (and its
 * collection cost) for every request on the hot path, and without adding properties to
 * requests (every request keeps one shape). Objects that are not Requests (a test's
 * stand-in) fall back to a WeakMap.
 */
export class RequestSlot<T> {
  readonly #index = nextIndex++;
  readonly #others = new WeakMap<object, T>();
  readonly description: string;

  constructor(description: string) {
    this.description = description;
  }

  get(request: object): T | undefined {
    if (request instanceof Request) return Request.readSlot(request, this.#index) as T | undefined;
    return this.#others.get(request);
  }

  set(request: object, value: T): void {
    if (request instanceof Request) Request.writeSlot(request, this.#index, value);
    else this.#others.set(request, value);
  }

  delete(request: object): void {
    if (request instanceof Request) {
      if (Request.readSlot(request, this.#index) !== undefined) Request.writeSlot(request, this.#index, undefined);
    } else {
      this.#others.delete(request);
    }
  }
}
