export type HeaderInput = Record<string, string | number | readonly string[] | undefined>;

/**
 * HTTP headers, case-insensitive. Stores lowercase names (as node:http gives them) with
 * every value; `get` returns the first value, `all` the list.
 */
export class HeaderBag {
  protected readonly map = new Map<string, string[]>();

  constructor(headers?: HeaderInput) {
    if (headers !== undefined) for (const name of Object.keys(headers)) this.setRaw(name, headers[name]);
  }

  get(name: string): string | undefined;
  get(name: string, fallback: string): string;
  get(name: string, fallback?: string): string | undefined {
    const values = this.map.get(name.toLowerCase());
    return values === undefined || values.length === 0 ? fallback : values[0];
  }

  all(name: string): readonly string[] {
    return this.map.get(name.toLowerCase()) ?? [];
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  /** Whether the header's comma-separated values contain `token` (case-insensitive). */
  contains(name: string, token: string): boolean {
    const wanted = token.toLowerCase();
    return this.all(name).some((value) => value.toLowerCase().split(',').some((part) => part.trim() === wanted));
  }

  set(name: string, value: string | number | readonly string[], replace = true): this {
    const key = name.toLowerCase();
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (replace || !this.map.has(key)) this.map.set(key, values);
    else this.map.get(key)!.push(...values);
    return this;
  }

  remove(name: string): void {
    this.map.delete(name.toLowerCase());
  }

  clone(): HeaderBag {
    const copy = new HeaderBag();
    for (const [name, values] of this.map) copy.map.set(name, [...values]);
    return copy;
  }

  names(): string[] {
    return [...this.map.keys()];
  }

  /** Every header as `name: first value` (multi-valued headers joined with `, `). */
  toObject(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, values] of this.map) out[name] = values.join(', ');
    return out;
  }

  [Symbol.iterator](): IterableIterator<[string, string[]]> {
    return this.map[Symbol.iterator]();
  }

  private setRaw(name: string, value: string | number | readonly string[] | undefined): void {
    if (value === undefined) return;
    this.map.set(name.toLowerCase(), Array.isArray(value) ? value.map(String) : [String(value)]);
  }
}
