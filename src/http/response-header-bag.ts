import { Cookie, type CookieOptions } from './cookie.ts';
import type { HeaderInput } from './header-bag.ts';
import { headerKey } from './header-name.ts';

/**
 * Response headers: case-insensitive lookup that keeps the name as written, the cookies
 * to set, and Cache-Control held as directives so listeners can add one without
 * re-parsing. The sent Cache-Control follows the reference: `no-cache, private` when the
 * response says nothing about caching, `private` added unless it is public or shared.
 */
export class ResponseHeaderBag {
  /**
   * The headers in the order set, found by a scan of their lowercase keys: a response has
   * a handful, and a Map, made with room for four, grows (a new table, every entry
   * rehashed) when a JSON response gets its fifth. Past INDEXED_AT headers, a Map by key
   * keeps the lookups short.
   */
  readonly #headers: Array<Header | undefined> = new Array<Header | undefined>(INITIAL_ROOM);
  /** How many of #headers's slots hold a header: the array is made with room for a JSON response's, not grown from empty. */
  #size = 0;
  /** Each header's position in #headers by its key, made once there are INDEXED_AT headers. */
  #index: Map<string, number> | undefined;
  /**
   * The lengths of the keys held, one bit per length (modulo the bits of a number): most
   * lookups are for a header the response does not have (a default, Vary, Content-Encoding),
   * and a key whose length no held key has is known absent without a scan.
   */
  #lengths = 0;
  // Most responses set no cookie; the maps are made on first use.
  #cookieMap: Map<string, Cookie> | undefined;
  #cacheControlMap: Map<string, string | true> | undefined;
  /**
   * Cache-Control was removed: none is sent until a caching header (Cache-Control, ETag,
   * Last-Modified, Expires) is set again, as the reference's header bag (its permanent
   * redirect is sent so).
   */
  #cacheControlRemoved = false;

  get #cookies(): Map<string, Cookie> {
    return (this.#cookieMap ??= new Map());
  }

  get #cacheControl(): Map<string, string | true> {
    return (this.#cacheControlMap ??= new Map());
  }

  constructor(headers?: HeaderInput) {
    if (headers !== undefined) {
      // for-in with its guard reads each field in place, with no array of the keys made (Object.keys)
      for (const name in headers) {
        if (!Object.prototype.hasOwnProperty.call(headers, name)) continue;
        const value = headers[name];
        if (value !== undefined) this.set(name, value);
      }
    }
  }

  get(name: string): string | undefined {
    const key = headerKey(name);
    if (key === 'cache-control') return this.#cacheControlRemoved ? undefined : this.cacheControlValue();
    return this.#first(key);
  }

  all(name: string): readonly string[] {
    const key = headerKey(name);
    if (key === 'cache-control') return this.#cacheControlRemoved ? [] : [this.cacheControlValue()];
    if (key === 'set-cookie') return this.getCookies().map(String);
    const header = this.#find(key);
    if (header === undefined) return [];
    const value = header.value;
    return typeof value === 'string' ? [value] : value;
  }

  has(name: string): boolean {
    const key = headerKey(name);
    if (key === 'cache-control') return (this.#cacheControlMap?.size ?? 0) > 0;
    return this.#find(key) !== undefined;
  }

  set(name: string, value: string | number | readonly string[], replace = true): this {
    const key = headerKey(name);
    // one value is held as itself, not in an array of one: what nearly every header has
    const held = typeof value === 'string' ? value : Array.isArray(value) ? heldValues(value) : String(value);
    if (this.#cacheControlRemoved && isCachingKey(key)) this.#cacheControlRemoved = false;
    if (key === 'cache-control') {
      if (replace) this.#cacheControl.clear();
      if (typeof held === 'string') parseCacheControl(held, this.#cacheControl);
      else for (const v of held) parseCacheControl(v, this.#cacheControl);
      return this;
    }
    const existing = this.#find(key);
    if (existing === undefined) this.#add(key, name, held);
    else if (replace) {
      // a Map's set keeps an existing key's place, and so does this
      existing.name = name;
      existing.value = held;
    } else {
      const before = existing.value;
      const list = typeof before === 'string' ? [before] : before;
      if (typeof held === 'string') list.push(held);
      else list.push(...held);
      existing.value = list.length === 1 ? list[0]! : list;
    }
    return this;
  }

  /**
   * Sets a header the response does not have yet, and says whether it did: what a default
   * (a security header, a Content-Type) needs, in one lookup of the name instead of the
   * two of `has` then `set`.
   */
  setDefault(name: string, value: string): boolean {
    const key = headerKey(name);
    if (isCachingKey(key)) {
      if (this.has(name)) return false;
      this.set(name, value);
      return true;
    }
    if (this.#find(key) !== undefined) return false;
    this.#add(key, name, value);
    return true;
  }

  /** `get` of a name worked out once (knownHeader): no `headerKey`, and no Cache-Control case to test for. */
  getKnown(header: KnownHeader): string | undefined {
    return this.#first(header.key);
  }

  /** The first value of the header of `key`, what `get` answers for any name but Cache-Control. */
  #first(key: string): string | undefined {
    const header = this.#find(key);
    if (header === undefined) return undefined;
    const value = header.value;
    return typeof value === 'string' ? value : value[0];
  }

  /** `has` of a name worked out once (knownHeader). */
  hasKnown(header: KnownHeader): boolean {
    return this.#position(header.key) >= 0;
  }

  /** `set` of a name worked out once (knownHeader) to one value, replacing the header in its place if there is one. */
  setKnown(header: KnownHeader, value: string): void {
    const key = header.key;
    const at = this.#position(key);
    if (at < 0) {
      this.#add(key, header.name, value);
      return;
    }
    const existing = this.#headers[at]!;
    existing.name = header.name;
    existing.value = value;
  }

  /** `setDefault` of a name worked out once (knownHeader). */
  setDefaultKnown(header: KnownHeader, value: string): boolean {
    const key = header.key;
    if (this.#position(key) >= 0) return false;
    this.#add(key, header.name, value);
    return true;
  }

  remove(name: string): void {
    const key = headerKey(name);
    if (key === 'cache-control') {
      this.#cacheControlMap?.clear();
      this.#cacheControlRemoved = true;
      return;
    }
    const at = this.#position(key);
    if (at < 0) return;
    const headers = this.#headers;
    const size = this.#size - 1;
    const index = this.#index;
    index?.delete(key);
    let lengths = 0;
    for (let i = 0; i < size; i++) {
      if (i >= at) {
        headers[i] = headers[i + 1];
        index?.set(headers[i]!.key, i);
      }
      lengths |= lengthBit(headers[i]!.key);
    }
    headers[size] = undefined;
    this.#size = size;
    this.#lengths = lengths;
  }

  /** Where the header of `key` is in #headers, or -1. */
  #position(key: string): number {
    if ((this.#lengths & lengthBit(key)) === 0) return -1;
    if (this.#index !== undefined) return this.#index.get(key) ?? -1;
    const headers = this.#headers;
    const size = this.#size;
    // lengths first: two keys of different lengths are told apart without a call to compare strings
    const length = key.length;
    for (let i = 0; i < size; i++) {
      const held = headers[i]!.key;
      if (held.length === length && held === key) return i;
    }
    return -1;
  }

  #find(key: string): Header | undefined {
    const at = this.#position(key);
    return at < 0 ? undefined : this.#headers[at];
  }

  /** Whether Last-Modified or Expires is set. */
  #hasExpiry(): boolean {
    return this.#position('last-modified') >= 0 || this.#position('expires') >= 0;
  }

  #add(key: string, name: string, value: string | string[]): void {
    const header: Header = { key, name, value };
    const headers = this.#headers;
    const size = this.#size;
    headers[size] = header;
    this.#size = size + 1;
    this.#lengths |= lengthBit(key);
    if (this.#index !== undefined) this.#index.set(key, size);
    else if (size + 1 === INDEXED_AT) this.#index = new Map(headers.slice(0, INDEXED_AT).map((each, i) => [each!.key, i]));
  }

  addCacheControlDirective(directive: string, value: string | number | true = true): void {
    this.#cacheControlRemoved = false;
    this.#cacheControl.set(directive.toLowerCase(), value === true ? true : String(value));
  }

  getCacheControlDirective(directive: string): string | true | undefined {
    return this.#cacheControlMap?.get(directive.toLowerCase());
  }

  hasCacheControlDirective(directive: string): boolean {
    return this.#cacheControlMap?.has(directive.toLowerCase()) ?? false;
  }

  removeCacheControlDirective(directive: string): void {
    this.#cacheControlMap?.delete(directive.toLowerCase());
  }

  setCookie(cookie: Cookie): void {
    this.#cookies.set(`${cookie.options.domain ?? ''};${cookie.options.path ?? '/'};${cookie.name}`, cookie);
  }

  /** Tells the client to drop a cookie. */
  clearCookie(name: string, options: CookieOptions = {}): void {
    this.setCookie(Cookie.expired(name, options));
  }

  removeCookie(name: string, path = '/', domain = ''): void {
    this.#cookieMap?.delete(`${domain};${path};${name}`);
  }

  getCookies(): Cookie[] {
    return this.#cookieMap === undefined ? [] : [...this.#cookieMap.values()];
  }

  /** The Cache-Control value that will be sent. */
  cacheControlValue(): string {
    const cc = this.#cacheControlMap;
    if (cc === undefined || cc.size === 0) {
      return this.#hasExpiry() ? 'private, must-revalidate' : 'no-cache, private';
    }
    const text = [...cc.keys()].sort().map((key) => {
      const value = cc.get(key)!;
      return value === true ? key : `${key}=${/[\s,;"]/.test(value) ? `"${value}"` : value}`;
    }).join(', ');
    if (cc.has('public') || cc.has('private') || cc.has('s-maxage')) return text;
    return `${text}, private`;
  }

  /** Headers in node:http's shape, names as written, Cache-Control and cookies computed. */
  toNodeHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    const list = this.toNodeHeaderList();
    for (let i = 0; i < list.length; i += 2) out[list[i] as string] = list[i + 1]!;
    return out;
  }

  /**
   * The headers as a flat `[name, value, name, value, ...]` list, the shape `writeHead`
   * takes without walking an object's keys (what the server sends).
   */
  toNodeHeaderList(): Array<string | string[]> {
    const cookies = this.#cookieMap !== undefined && this.#cookieMap.size > 0;
    // sized once: pushing one pair at a time grows the array several times per response
    const headers = this.#headers;
    const size = this.#size;
    const out = new Array<string | string[]>(2 * size + (this.#cacheControlRemoved ? 0 : 2) + (cookies ? 2 : 0));
    let i = 0;
    for (let h = 0; h < size; h++) {
      const header = headers[h]!;
      out[i++] = header.name;
      out[i++] = header.value;
    }
    if (!this.#cacheControlRemoved) {
      out[i++] = 'Cache-Control';
      out[i++] = this.cacheControlValue();
    }
    if (cookies) {
      out[i++] = 'Set-Cookie';
      out[i++] = this.all('set-cookie') as string[];
    }
    return out;
  }

  /** Every header (lowercase name, values) including the computed ones, for display. */
  allPreserveCase(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(this.toNodeHeaders())) out[name] = Array.isArray(value) ? value : [value];
    return out;
  }
}

/**
 * A header name as a listener that sets it on every response holds it: the name as it is
 * sent and its key, worked out once, so that the bag's `...Known` methods skip `headerKey`
 * and the cases of Cache-Control and of the headers that bring it back, which such a name
 * is not (knownHeader refuses them).
 */
export interface KnownHeader {
  readonly name: string;
  readonly key: string;
}

/** Whether the bag treats a key apart: Cache-Control is held as directives, the others bring a removed one back. */
function isCachingKey(key: string): boolean {
  return key === 'cache-control' || key === 'etag' || key === 'last-modified' || key === 'expires';
}

/** A header name worked out once, for ResponseHeaderBag's `...Known` methods; not Cache-Control, ETag, Last-Modified or Expires. */
export function knownHeader(name: string): KnownHeader {
  const key = headerKey(name);
  if (isCachingKey(key)) throw new TypeError(`"${name}" is a caching header: the header bag treats it apart, so it cannot be a KnownHeader.`);
  return { name, key };
}

/**
 * A header as set: its lowercase key, the name as written, its value, or its values when
 * there are none or several (an array of its own, never one of the caller's).
 */
interface Header {
  readonly key: string;
  name: string;
  value: string | string[];
}

/** The values given as an array, held as ResponseHeaderBag holds them: one as itself, else a copy. */
function heldValues(values: readonly unknown[]): string | string[] {
  return values.length === 1 ? String(values[0]) : values.map(String);
}

/** The number of headers from which lookups go through a Map. */
const INDEXED_AT = 16;
/** Room for the headers of most responses (a JSON one has six), before the array must grow. */
const INITIAL_ROOM = 8;

/** A key's bit in ResponseHeaderBag's set of held lengths. */
function lengthBit(key: string): number {
  return 1 << (key.length & 31);
}

function parseCacheControl(header: string, into: Map<string, string | true>): void {
  for (const match of header.matchAll(/([a-zA-Z][a-zA-Z_-]*)\s*(?:=(?:"([^"]*)"|([^ \t",;]*)))?/g)) {
    into.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? true);
  }
}
