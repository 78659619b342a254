import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

/** A main request answered outside the kernel's events (a health check). */
export type DirectRoute = (request: Request) => MaybePromise<Response>;

/**
 * The kernel's direct routes: a Map from raw path to route that also counts its paths by
 * length. Every main request's path is looked up here, and a Map lookup first hashes the
 * whole path, a fresh string each request; a path whose length no direct route has (a
 * long asset path that ends in a 404, say) is turned away by that count, unhashed.
 */
export class DirectRoutes extends Map<string, DirectRoute> {
  /** How many paths of each length are keys; holes filled with 0, so reads stay in bounds. */
  #byLength: number[] = [];

  // No entries here: Map's constructor would call `set` before the count exists.
  constructor() {
    super();
  }

  override set(path: string, route: DirectRoute): this {
    if (!this.has(path)) {
      const counts = this.#byLength;
      while (counts.length <= path.length) counts.push(0);
      counts[path.length]!++;
    }
    return super.set(path, route);
  }

  override delete(path: string): boolean {
    if (!super.delete(path)) return false;
    this.#byLength[path.length]!--;
    return true;
  }

  override clear(): void {
    super.clear();
    this.#byLength = [];
  }

  /** The route of `path`, if any: `get`, without hashing a path of no route's length. */
  find(path: string): DirectRoute | undefined {
    const counts = this.#byLength;
    const length = path.length;
    return length < counts.length && counts[length] !== 0 ? this.get(path) : undefined;
  }
}
