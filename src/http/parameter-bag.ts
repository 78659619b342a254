/**
 * A keyed bag of values (request attributes, query, form fields). A thin typed layer over
 * a Map: reading a missing key gives `undefined` or the given default, never throws.
 */
export class ParameterBag<V = unknown> {
  /**
   * Made on the first write: many bags are never written (the attributes of a request no
   * route matched, the form of a GET), and an empty Map costs its hash table.
   */
  #map: Map<string, V> | undefined;

  constructor(entries?: Iterable<readonly [string, V]> | Record<string, V>) {
    if (entries === undefined) this.#map = undefined;
    else if (Symbol.iterator in Object(entries)) this.#map = new Map(entries as Iterable<[string, V]>);
    else {
      // key by key: Object.entries would make a pair array per key only to take it apart
      const record = entries as Record<string, V>;
      const map = new Map<string, V>();
      for (const key of Object.keys(record)) map.set(key, record[key]!);
      this.#map = map;
    }
  }

  /**
   * The map, made when first written. A method, not a private getter: V8 reads a private
   * getter through a call into its runtime at every write, where it inlines a method.
   */
  #writable(): Map<string, V> {
    return (this.#map ??= new Map());
  }

  get<T extends V = V>(key: string): T | undefined;
  get<T extends V = V>(key: string, fallback: T): T;
  get(key: string, fallback?: V): V | undefined {
    const value = this.#map?.get(key);
    return value === undefined ? fallback : value;
  }

  /** A value as a string, for query and form fields: arrays give their first item. */
  getString(key: string, fallback = ''): string {
    const value: unknown = this.#map?.get(key);
    if (value === undefined || value === null) return fallback;
    if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : fallback;
    return String(value);
  }

  getInt(key: string, fallback = 0): number {
    const parsed = Number.parseInt(this.getString(key), 10);
    return Number.isNaN(parsed) ? fallback : parsed;
  }

  getBoolean(key: string, fallback = false): boolean {
    const value = this.getString(key).toLowerCase();
    if (value === '') return fallback;
    return value === '1' || value === 'true' || value === 'on' || value === 'yes';
  }

  set(key: string, value: V): this {
    this.#writable().set(key, value);
    return this;
  }

  has(key: string): boolean {
    return this.#map !== undefined && this.#map.has(key);
  }

  remove(key: string): void {
    this.#map?.delete(key);
  }

  /** Replaces every value. */
  replace(entries: Record<string, V>): void {
    this.#map?.clear();
    this.add(entries);
  }

  add(entries: Record<string, V>): void {
    const map = this.#writable();
    for (const key of Object.keys(entries)) map.set(key, entries[key] as V);
  }

  keys(): string[] {
    return this.#map === undefined ? [] : [...this.#map.keys()];
  }

  all(): Record<string, V> {
    // Key by key rather than Object.fromEntries, which goes through the iterator protocol and a pair per entry.
    const result: Record<string, V> = {};
    if (this.#map === undefined) return result;
    for (const [key, value] of this.#map) {
      // as an own property, as fromEntries makes it, not the prototype
      if (key === '__proto__') Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
      else result[key] = value;
    }
    return result;
  }

  get size(): number {
    return this.#map === undefined ? 0 : this.#map.size;
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return (this.#map ?? noEntries)[Symbol.iterator]() as IterableIterator<[string, V]>;
  }
}

/** What an unwritten bag iterates over; never written to. */
const noEntries: ReadonlyMap<string, never> = new Map<string, never>();
