import { SluiceError } from '../exception/sluice-error.ts';
/**
 * Services of a booted kernel, by id. Packages declare their ids and types by merging
 * into this interface, so `container.get('router')` is typed without a cast.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ServiceMap {}

type Id = keyof ServiceMap & string;

/**
 * A small service locator: a value, or a factory run once on first `get`. Enough for
 * bundles to share services without a dependency-injection framework; listeners and
 * controllers receive what they need in their constructors.
 */
export class Container {
  readonly #values = new Map<string, unknown>();
  readonly #factories = new Map<string, (container: Container) => unknown>();
  readonly #building = new Set<string>();

  set<K extends Id>(id: K, value: ServiceMap[K]): this {
    this.#values.set(id, value);
    this.#factories.delete(id);
    return this;
  }

  factory<K extends Id>(id: K, factory: (container: Container) => ServiceMap[K]): this {
    this.#values.delete(id);
    this.#factories.set(id, factory);
    return this;
  }

  has(id: string): boolean {
    return this.#values.has(id) || this.#factories.has(id);
  }

  get<K extends Id>(id: K): ServiceMap[K] {
    if (this.#values.has(id)) return this.#values.get(id) as ServiceMap[K];
    const factory = this.#factories.get(id);
    if (factory === undefined) {
      throw new SluiceError('SLUICE_UNKNOWN_SERVICE', { id, known: this.ids().join(', ') });
    }
    if (this.#building.has(id)) throw new SluiceError('SLUICE_CIRCULAR_SERVICE', { id, path: [...this.#building, id].join(' -> ') });
    this.#building.add(id);
    try {
      const value = factory(this);
      this.#values.set(id, value);
      this.#factories.delete(id);
      return value as ServiceMap[K];
    } finally {
      this.#building.delete(id);
    }
  }

  /** The service if it is defined, else undefined. */
  find<K extends Id>(id: K): ServiceMap[K] | undefined {
    return this.has(id) ? this.get(id) : undefined;
  }

  ids(): string[] {
    return [...new Set([...this.#values.keys(), ...this.#factories.keys()])].sort();
  }
}
