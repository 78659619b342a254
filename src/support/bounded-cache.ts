/**
 * A Map that stops growing at `limit` entries, for values worked out from what clients
 * send (header names, Accept values), from a route table, or from the code itself (log
 * message templates, source files and their maps): the first keys seen, the hot ones,
 * stay; ever new keys get answers worked out afresh, and cannot grow the table.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `value` for `key` while there is room, and gives it back. */
  remember(key: K, value: V): V {
    if (this.#entries.size < this.#limit) this.#entries.set(key, value);
    return value;
  }
}
