import type { Route, RouteCondition } from './route.ts';

/**
 * Named routes in matching order: higher priority first, then declaration order.
 * Adding a name that exists replaces that route and moves it to the end, as a later
 * declaration overrides an earlier one.
 */
export class RouteCollection implements Iterable<[string, Route]> {
  #routes = new Map<string, Route>();
  #priorities = new Map<string, number>();
  #sorted: Map<string, Route> | undefined;
  /** Every name some route's name extends with a dot (`blog` for `blog.fr`), worked out when first asked. */
  #dotted: Set<string> | undefined;

  /** `priority` defaults to the route's own `priority`. */
  add(name: string, route: Route, priority: number = route.priority): this {
    this.#routes.delete(name);
    this.#priorities.delete(name);
    this.#routes.set(name, route);
    if (priority !== 0) this.#priorities.set(name, priority);
    return this.#changed();
  }

  /** Every route in matching order. */
  all(): ReadonlyMap<string, Route> {
    if (this.#sorted !== undefined) return this.#sorted;
    if (this.#priorities.size === 0) return (this.#sorted = new Map(this.#routes));
    // Array.prototype.sort is stable, so equal priorities keep declaration order.
    const entries = [...this.#routes].sort(([a], [b]) => this.getPriority(b) - this.getPriority(a));
    return (this.#sorted = new Map(entries));
  }

  [Symbol.iterator](): Iterator<[string, Route]> {
    return this.all()[Symbol.iterator]();
  }

  get(name: string): Route | undefined {
    return this.#routes.get(name);
  }

  has(name: string): boolean {
    return this.#routes.has(name);
  }

  /** Whether some route is named `name.<something>`, as localized routes are (`blog.fr`). */
  hasDottedNames(name: string): boolean {
    let dotted = this.#dotted;
    if (dotted === undefined) {
      dotted = new Set();
      for (const other of this.#routes.keys()) {
        for (let dot = other.indexOf('.'); dot !== -1; dot = other.indexOf('.', dot + 1)) dotted.add(other.slice(0, dot));
      }
      this.#dotted = dotted;
    }
    return dotted.has(name);
  }

  getPriority(name: string): number {
    return this.#priorities.get(name) ?? 0;
  }

  count(): number {
    return this.#routes.size;
  }

  remove(names: string | readonly string[]): this {
    for (const name of typeof names === 'string' ? [names] : names) {
      this.#routes.delete(name);
      this.#priorities.delete(name);
    }
    return this.#changed();
  }

  /** Appends (or moves to the end) every route of `collection`, keeping its priorities. */
  addCollection(collection: RouteCollection): this {
    for (const [name, route] of collection.#routes) this.add(name, route, collection.getPriority(name));
    return this;
  }

  /** Prepends `prefix` to every path and adds defaults and requirements (e.g. for `{_locale}` in the prefix). */
  addPrefix(prefix: string, defaults: Readonly<Record<string, unknown>> = {}, requirements: Readonly<Record<string, string | RegExp>> = {}): this {
    const trimmed = prefix.trim().replace(/^\/+|\/+$/g, '');
    if (trimmed === '') return this;
    for (const route of this.#routes.values()) {
      route.setPath(`/${trimmed}${route.path}`).addDefaults(defaults).addRequirements(requirements);
    }
    return this.#changed();
  }

  /** Renames every route `prefix + name`, and keeps localized routes pointing at their renamed canonical route. */
  addNamePrefix(prefix: string): this {
    const renamed = new Map<string, Route>();
    const priorities = new Map<string, number>();
    for (const [name, route] of this.#routes) {
      renamed.set(prefix + name, route);
      const priority = this.#priorities.get(name);
      if (priority !== undefined) priorities.set(prefix + name, priority);
      const canonical = route.getDefault('_canonical_route');
      if (typeof canonical === 'string') route.setDefault('_canonical_route', prefix + canonical);
    }
    this.#routes = renamed;
    this.#priorities = priorities;
    return this.#changed();
  }

  setHost(pattern: string, defaults: Readonly<Record<string, unknown>> = {}, requirements: Readonly<Record<string, string | RegExp>> = {}): this {
    return this.#each((route) => route.setHost(pattern).addDefaults(defaults).addRequirements(requirements));
  }

  setCondition(condition: RouteCondition | undefined): this {
    return this.#each((route) => route.setCondition(condition));
  }

  addDefaults(defaults: Readonly<Record<string, unknown>>): this {
    return this.#each((route) => route.addDefaults(defaults));
  }

  addRequirements(requirements: Readonly<Record<string, string | RegExp>>): this {
    return this.#each((route) => route.addRequirements(requirements));
  }

  addOptions(options: Readonly<Record<string, unknown>>): this {
    return this.#each((route) => route.addOptions(options));
  }

  setSchemes(schemes: string | readonly string[]): this {
    return this.#each((route) => route.setSchemes(schemes));
  }

  setMethods(methods: string | readonly string[]): this {
    return this.#each((route) => route.setMethods(methods));
  }

  /** A deep copy: the routes are cloned too, so compiling or changing one copy leaves the other alone. */
  clone(): RouteCollection {
    const copy = new RouteCollection();
    for (const [name, route] of this.#routes) copy.add(name, route.clone(), this.getPriority(name));
    return copy;
  }

  #each(change: (route: Route) => void): this {
    for (const route of this.#routes.values()) change(route);
    return this;
  }

  #changed(): this {
    this.#sorted = undefined;
    this.#dotted = undefined;
    return this;
  }
}
