import { headerKey } from './header-name.ts';
export type HeaderInput = Record<string, string | number | readonly string[] | undefined>;

/**
 * HTTP headers, case-insensitive. Stores lowercase names (as node:http gives them) with
 * every value; `get` returns the first value, `all` the list.
 *
 * A bag made by `fromLowercase` reads node's own headers object until something changes
 * or lists the headers: most requests only ever read two or three headers, so copying
 * every header into arrays up front would be wasted work on the hot path.
 */
export class HeaderBag {
  #map: Map<string, string[]> | undefined;
  #raw: Readonly<Record<string, string | readonly string[] | undefined>> | undefined;

  constructor(headers?: HeaderInput) {
    if (headers !== undefined) {
      const map = this.#materialize();
      for (const name of Object.keys(headers)) {
        const value = headers[name];
        if (value !== undefined) map.set(name.toLowerCase(), Array.isArray(value) ? value.map(String) : [String(value)]);
      }
    }
  }

  /** A bag over headers whose names are already lowercase (node's `IncomingMessage.headers`); not copied. */
  static fromLowercase(headers: Readonly<Record<string, string | readonly string[] | undefined>>): HeaderBag {
    const bag = new HeaderBag();
    bag.#raw = headers;
    return bag;
  }

  get(name: string): string | undefined;
  get(name: string, fallback: string): string;
  get(name: string, fallback?: string): string | undefined {
    const key = headerKey(name);
    if (this.#map === undefined) {
      const value = this.#raw?.[key];
      if (value === undefined) return fallback;
      return typeof value === 'string' ? value : (value[0] ?? fallback);
    }
    const values = this.#map.get(key);
    return values === undefined || values.length === 0 ? fallback : values[0];
  }

  all(name: string): readonly string[] {
    const key = headerKey(name);
    if (this.#map === undefined) {
      const value = this.#raw?.[key];
      return value === undefined ? [] : typeof value === 'string' ? [value] : value;
    }
    return this.#map.get(key) ?? [];
  }

  has(name: string): boolean {
    const key = headerKey(name);
    return this.#map === undefined ? this.#raw?.[key] !== undefined : this.#map.has(key);
  }

  /** Whether the header's comma-separated values contain `token` (case-insensitive). */
  contains(name: string, token: string): boolean {
    const wanted = token.toLowerCase();
    return this.all(name).some((value) => value.toLowerCase().split(',').some((part) => part.trim() === wanted));
  }

  set(name: string, value: string | number | readonly string[], replace = true): this {
    const map = this.#materialize();
    const key = headerKey(name);
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (replace || !map.has(key)) map.set(key, values);
    else map.get(key)!.push(...values);
    return this;
  }

  remove(name: string): void {
    this.#materialize().delete(headerKey(name));
  }

  clone(): HeaderBag {
    const copy = new HeaderBag();
    if (this.#map === undefined) copy.#raw = this.#raw;
    else {
      const map = copy.#materialize();
      for (const [name, values] of this.#map) map.set(name, [...values]);
    }
    return copy;
  }

  names(): string[] {
    return [...this.#materialize().keys()];
  }

  /** Every header as `name: first value` (multi-valued headers joined with `, `). */
  toObject(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, values] of this.#materialize()) out[name] = values.join(', ');
    return out;
  }

  [Symbol.iterator](): IterableIterator<[string, string[]]> {
    return this.#materialize()[Symbol.iterator]();
  }

  /** The headers as a map of its own, copied from node's object on first need. */
  #materialize(): Map<string, string[]> {
    if (this.#map === undefined) {
      const map = new Map<string, string[]>();
      const raw = this.#raw;
      if (raw !== undefined) {
        for (const name of Object.keys(raw)) {
          const value = raw[name];
          if (value !== undefined) map.set(name, typeof value === 'string' ? [value] : [...value]);
        }
      }
      this.#map = map;
      this.#raw = undefined;
    }
    return this.#map;
  }
}
