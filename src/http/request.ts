import type { Readable } from 'node:stream';
import { parse as parseCookieHeader } from 'cookie';
import { HeaderBag, type HeaderInput } from './header-bag.ts';
import { ParameterBag } from './parameter-bag.ts';
import { rawUrlDecode } from './raw-url-decode.ts';
import { SuspiciousOperationException } from './exception/suspicious-operation-exception.ts';
import { formatOf, mimeTypeOf } from './mime-types.ts';
import { parseAcceptHeader } from './accept-header.ts';
import { BoundedCache } from '../support/bounded-cache.ts';
import { upperCaseMethod } from '../support/upper-case-method.ts';

/**
 * What a trusted reverse proxy says about the client, as decided by a TrustPolicy (see
 * event-listener/validate-request-listener.ts). Without a policy the connection is the truth.
 */
export interface ProxyResolution {
  clientIps: readonly string[];
  scheme?: string;
  host?: string;
  port?: number;
}

export interface TrustPolicy {
  /** Forwarded values, or undefined when the peer is not a trusted proxy. May throw a RequestException. */
  resolve(request: Request): ProxyResolution | undefined;
  /** Host patterns a request may name; empty means any well-formed host. */
  readonly trustedHosts: readonly RegExp[];
}

/** Attributes the framework itself sets; applications add theirs by declaration merging. */
export interface RequestAttributes {
  _controller?: unknown;
  _route?: string;
  _route_params?: Record<string, unknown>;
  _locale?: string;
  _format?: string;
  exception?: unknown;
  logger?: unknown;
}

export interface RequestInit {
  method?: string;
  /** The request target as received: raw path and query, e.g. `/a%20b?x=1`. */
  url?: string;
  headers?: HeaderInput | HeaderBag;
  remoteAddress?: string;
  /** Whether the connection itself is TLS. */
  secure?: boolean;
  /** The port the server listens on; used when the Host header names none. */
  serverPort?: number;
  attributes?: Record<string, unknown>;
  /** The body stream (node:http's IncomingMessage) or content already read. */
  body?: Readable | Buffer | string;
  trust?: TrustPolicy;
}

const hostPattern = /^[-a-zA-Z0-9_:[\].]+$/;
/** The last Host value found valid, with the trusted-host patterns it was checked against. */
const lastHost: { raw: string | undefined; trusted: readonly RegExp[] | undefined; host: string } = { raw: undefined, trusted: undefined, host: '' };
let nextId = 0;
/** The format each Accept value prefers ('' for none known), for getPreferredFormat. */
const preferredFormats = new BoundedCache<string, string>(100);

/** The format of an Accept value's best type that maps to a known format, '' when none does. */
function preferredFormatOf(accept: string): string {
  for (const item of parseAcceptHeader(accept)) {
    const format = formatOf(item.value);
    if (format !== undefined) return format;
  }
  return '';
}

/** Where a request and its duplicates keep their session, or how to make it. */
interface SessionSlot {
  value: unknown;
  factory: (() => unknown) | undefined;
}

export class Request {
  method: string;
  readonly headers: HeaderBag;
  attributes: ParameterBag<unknown>;
  readonly remoteAddress: string;
  readonly body: Readable | Buffer | string | undefined;
  trust: TrustPolicy | undefined;
  locale: string | undefined;
  defaultLocale = 'en';

  readonly #url: string;
  readonly #secure: boolean;
  readonly #serverPort: number;
  #rawPath: string | undefined;
  #queryString: string | undefined;
  #pathInfo: string | undefined;
  #query: ParameterBag<string | string[]> | undefined;
  #cookies: ParameterBag<string> | undefined;
  #proxy: ProxyResolution | null | undefined;
  #host: string | undefined;
  #format: string | undefined;
  #form: ParameterBag<string | string[]> | undefined;
  #files: ParameterBag<unknown> | undefined;
  readonly #serial: number;
  /** Per-request values of services (RequestSlot); a field, so every request keeps one shape. */
  #slots: unknown[] | undefined;
  /**
   * Shared with the request's duplicates, so a sub-request sees the same session. Made
   * when a session, its factory or a duplicate needs it: most requests need none.
   */
  #sessionSlot: SessionSlot | undefined = undefined;

  constructor(init: RequestInit = {}) {
    this.#serial = ++nextId;
    this.method = upperCaseMethod(init.method ?? 'GET');
    this.#url = init.url ?? '/';
    this.headers = init.headers instanceof HeaderBag ? init.headers : new HeaderBag(init.headers);
    this.attributes = new ParameterBag(init.attributes);
    this.remoteAddress = init.remoteAddress ?? '127.0.0.1';
    this.#secure = init.secure ?? false;
    this.#serverPort = init.serverPort ?? (this.#secure ? 443 : 80);
    this.body = init.body;
    this.trust = init.trust;
  }

  /**
   * The session, once SessionListener has installed one. It is made on first use: most
   * requests never touch it, and building one for each was measurable work.
   */
  get session(): unknown {
    const slot = this.#sessionSlot;
    if (slot === undefined) return undefined;
    if (slot.value === undefined && slot.factory !== undefined) {
      slot.value = slot.factory();
      slot.factory = undefined;
    }
    return slot.value;
  }

  set session(session: unknown) {
    const slot = this.#slot();
    slot.value = session;
    slot.factory = undefined;
  }

  /** Installs how to make the session when something first asks for it. */
  setSessionFactory(factory: () => unknown): void {
    this.#slot().factory = factory;
  }

  /** The session if one was made or given, without making it. */
  peekSession(): unknown {
    return this.#sessionSlot?.value;
  }

  /** Whether a session was given or can be made. */
  hasSession(): boolean {
    const slot = this.#sessionSlot;
    return slot !== undefined && (slot.value !== undefined || slot.factory !== undefined);
  }

  #slot(): SessionSlot {
    return (this.#sessionSlot ??= { value: undefined, factory: undefined });
  }

  /** The value a RequestSlot keeps at `index` for this request (see request-slot.ts). */
  static readSlot(request: Request, index: number): unknown {
    return request.#slots?.[index];
  }

  static writeSlot(request: Request, index: number, value: unknown): void {
    (request.#slots ??= [])[index] = value;
  }

  /** A short per-process id, for log correlation. */
  get id(): string {
    return this.#serial.toString(36);
  }

  /** Form fields of a parsed body (see server/body-parser.ts); made on first use. */
  get form(): ParameterBag<string | string[]> {
    return (this.#form ??= new ParameterBag());
  }

  /** Uploaded files of a parsed multipart body; made on first use. */
  get files(): ParameterBag<unknown> {
    return (this.#files ??= new ParameterBag());
  }

  /** Builds a request from an absolute or relative URL, for tests and sub-requests. */
  static create(uri: string, method = 'GET', init: Omit<RequestInit, 'url' | 'method'> = {}): Request {
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(uri);
    const url = new URL(uri, 'http://localhost');
    const headers: HeaderInput = { ...init.headers };
    const hasHost = Object.keys(headers).some((name) => name.toLowerCase() === 'host');
    if (!hasHost) headers.host = absolute ? url.host : 'localhost';
    const secure = init.secure ?? url.protocol === 'https:';
    const rawPath = absolute ? uri.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/#.*$/, '') || '/' : uri;
    return new Request({ ...init, method, headers, secure, url: rawPath.startsWith('/') ? rawPath : `/${rawPath}` });
  }

  /** The path as received, still percent-encoded, without the query string. */
  get rawPath(): string {
    if (this.#rawPath === undefined) this.#splitUrl();
    return this.#rawPath!;
  }

  get queryString(): string {
    if (this.#queryString === undefined) this.#splitUrl();
    return this.#queryString!;
  }

  /** The decoded path. A malformed percent-encoding throws a MalformedUriException (400). */
  get pathInfo(): string {
    return (this.#pathInfo ??= rawUrlDecode(this.rawPath));
  }

  get query(): ParameterBag<string | string[]> {
    return (this.#query ??= parseQuery(this.queryString));
  }

  get cookies(): ParameterBag<string> {
    if (this.#cookies === undefined) {
      const header = this.headers.get('cookie');
      const parsed = header === undefined ? {} : parseCookieHeader(header);
      const bag = new ParameterBag<string>();
      for (const name of Object.keys(parsed)) if (parsed[name] !== undefined) bag.set(name, parsed[name]);
      this.#cookies = bag;
    }
    return this.#cookies;
  }

  get isSecure(): boolean {
    return this.scheme === 'https';
  }

  get scheme(): string {
    return this.#proxyResolution()?.scheme ?? (this.#secure ? 'https' : 'http');
  }

  /**
   * The host, lowercased and without port, checked like the reference's Request::getHost:
   * a malformed host is "Invalid Host", one outside the trusted patterns "Untrusted Host".
   */
  get host(): string {
    if (this.#host !== undefined) return this.#host;
    const raw = this.#proxyResolution()?.host ?? this.headers.get('host') ?? '';
    const trusted = this.trust?.trustedHosts;
    // Nearly every request of a server names the same host: the last valid answer is kept.
    if (raw === lastHost.raw && trusted === lastHost.trusted) return (this.#host = lastHost.host);
    const host = raw.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    // Reported once, as the reference does: later reads (the error page) see an empty host.
    if (host !== '' && !hostPattern.test(host)) {
      this.#host = '';
      throw new SuspiciousOperationException(`Invalid Host "${host}".`);
    }
    if (trusted !== undefined && trusted.length > 0 && !trusted.some((pattern) => pattern.test(host))) {
      this.#host = '';
      throw new SuspiciousOperationException(`Untrusted Host "${host}".`);
    }
    lastHost.raw = raw;
    lastHost.trusted = trusted;
    lastHost.host = host;
    return (this.#host = host);
  }

  get port(): number {
    const forwarded = this.#proxyResolution();
    if (forwarded?.port !== undefined) return forwarded.port;
    const hostHeader = forwarded?.host ?? this.headers.get('host') ?? '';
    const match = /:(\d+)$/.exec(hostHeader);
    if (match !== null && !hostHeader.endsWith(']')) return Number(match[1]);
    if (forwarded?.scheme !== undefined || forwarded?.host !== undefined) return this.scheme === 'https' ? 443 : 80;
    return hostHeader === '' ? this.#serverPort : this.scheme === 'https' ? 443 : 80;
  }

  /** `host` or `host:port` when the port is not the scheme's default. */
  get httpHost(): string {
    const port = this.port;
    const scheme = this.scheme;
    return (scheme === 'http' && port === 80) || (scheme === 'https' && port === 443) ? this.host : `${this.host}:${port}`;
  }

  get schemeAndHttpHost(): string {
    return `${this.scheme}://${this.httpHost}`;
  }

  /** The client IPs, nearest proxy last removed: the first is the client. */
  get clientIps(): readonly string[] {
    return this.#proxyResolution()?.clientIps ?? [this.remoteAddress];
  }

  get clientIp(): string {
    return this.clientIps[0] ?? this.remoteAddress;
  }

  /** The full URI with a normalized query string (keys sorted), as the reference's getUri. */
  getUri(): string {
    const query = normalizeQueryString(this.queryString);
    return `${this.schemeAndHttpHost}${this.rawPath}${query === '' ? '' : `?${query}`}`;
  }

  getUriForPath(path: string): string {
    return `${this.schemeAndHttpHost}${path}`;
  }

  /** The request format: one set explicitly, else the `_format` attribute, else `fallback` (null: none). */
  getRequestFormat(fallback: string | null = 'html'): string | undefined {
    this.#format ??= this.attributes.get('_format') as string | undefined;
    return this.#format ?? fallback ?? undefined;
  }

  setRequestFormat(format: string): void {
    this.#format = format;
  }

  /** The format of the body, from Content-Type. */
  getContentTypeFormat(): string | undefined {
    const type = this.headers.get('content-type');
    return type === undefined ? undefined : formatOf(type);
  }

  getMimeType(format: string): string | undefined {
    return mimeTypeOf(format);
  }

  /** The MIME types of Accept, best first. */
  getAcceptableContentTypes(): string[] {
    return parseAcceptHeader(this.headers.get('accept')).map((item) => item.value);
  }

  /**
   * The format the client prefers: the request format when one was set, else the first
   * Accept type that maps to a known format, else `fallback`.
   */
  getPreferredFormat(fallback = 'html'): string {
    const set = this.getRequestFormat(null);
    if (set !== undefined) return set;
    const accept = this.headers.get('accept');
    if (accept === undefined) return fallback;
    // Clients send the same few Accept values over and over: each is parsed once.
    const format = preferredFormats.get(accept) ?? preferredFormats.remember(accept, preferredFormatOf(accept));
    return format === '' ? fallback : format;
  }

  /** The languages of Accept-Language, best first, `fr-FR` written `fr_FR`. */
  getLanguages(): string[] {
    return parseAcceptHeader(this.headers.get('accept-language')).map((item) => {
      const [lang, ...rest] = item.value.split('-');
      return rest.length === 0 ? lang!.toLowerCase() : `${lang!.toLowerCase()}_${rest.join('_').toUpperCase()}`;
    });
  }

  /**
   * The best of `locales` for the client's Accept-Language (q-values respected): an exact
   * match first, then a language match (`fr_CA` for `fr`); without a match, the first of
   * `locales`.
   */
  getPreferredLanguage(locales?: readonly string[]): string | undefined {
    const wanted = this.getLanguages();
    if (locales === undefined || locales.length === 0) return wanted[0];
    for (const lang of wanted) {
      if (locales.includes(lang)) return lang;
      const base = lang.split('_')[0]!;
      const byBase = locales.find((locale) => locale === base || locale.split('_')[0] === base);
      if (byBase !== undefined && base !== '*') return byBase;
    }
    return locales[0];
  }

  getLocale(): string {
    return this.locale ?? this.defaultLocale;
  }

  isMethod(method: string): boolean {
    return this.method === method.toUpperCase();
  }

  isMethodSafe(): boolean {
    return this.method === 'GET' || this.method === 'HEAD' || this.method === 'OPTIONS' || this.method === 'TRACE';
  }

  isXmlHttpRequest(): boolean {
    return this.headers.get('x-requested-with') === 'XMLHttpRequest';
  }

  /**
   * A copy for a sub-request: same target, headers, cookies, body, session and locales,
   * with `attributes` REPLACING the attribute bag when given, and the cached format
   * negotiation cleared except an explicit `_format`, as the reference's duplicate().
   */
  duplicate(query?: Record<string, string | string[]>, attributes?: Record<string, unknown>): Request {
    const copy = new Request({
      method: this.method,
      url: query === undefined ? this.#url : `${this.rawPath}${stringifyQuery(query)}`,
      headers: this.headers.clone(),
      remoteAddress: this.remoteAddress,
      secure: this.#secure,
      serverPort: this.#serverPort,
      body: this.body,
      trust: this.trust,
    });
    // The copy's own attribute bag, empty, takes the given record: a second bag would be made only to replace it.
    if (attributes === undefined) copy.attributes = new ParameterBag(this.attributes.all());
    else fillAttributes(copy.attributes, attributes);
    if (this.#form !== undefined) for (const [key, value] of this.#form) copy.form.set(key, value);
    if (this.#files !== undefined) for (const [key, value] of this.#files) copy.files.set(key, value);
    if (this.#cookies !== undefined) copy.#cookies = this.#cookies;
    copy.#proxy = this.#proxy;
    copy.#host = this.#host;
    copy.#sessionSlot = this.#slot();
    copy.locale = this.locale;
    copy.defaultLocale = this.defaultLocale;
    const format = this.attributes.get('_format');
    if (format !== undefined && !copy.attributes.has('_format')) copy.attributes.set('_format', format);
    if (this.#format !== undefined) copy.#format = this.#format;
    return copy;
  }

  #proxyResolution(): ProxyResolution | undefined {
    if (this.#proxy === undefined) {
      // Conflicting forwarded headers are reported once; afterwards the connection is the truth.
      this.#proxy = null;
      this.#proxy = this.trust?.resolve(this) ?? null;
    }
    return this.#proxy ?? undefined;
  }

  #splitUrl(): void {
    const q = this.#url.indexOf('?');
    const hash = this.#url.indexOf('#');
    const end = hash === -1 ? this.#url.length : hash;
    this.#rawPath = q === -1 || q > end ? this.#url.slice(0, end) : this.#url.slice(0, q);
    this.#queryString = q === -1 || q > end ? '' : this.#url.slice(q + 1, end);
    if (this.#rawPath === '') this.#rawPath = '/';
  }
}

/**
 * Puts the record its caller gave into a duplicate's (empty) attribute bag. Its own loop
 * rather than ParameterBag's: there every caller's records meet, so reading their values
 * goes through V8's generic lookup, where here the few shapes of the error listener's
 * records are read by a walk V8 answers from the record's own layout.
 */
function fillAttributes(bag: ParameterBag<unknown>, record: Record<string, unknown>): void {
  for (const key in record) if (Object.prototype.hasOwnProperty.call(record, key)) bag.set(key, record[key]);
}

/** `a=1&a=2` gives `a: ['1','2']`; `b[]=1` gives `b: ['1']`. */
function parseQuery(queryString: string): ParameterBag<string | string[]> {
  const bag = new ParameterBag<string | string[]>();
  if (queryString === '') return bag;
  for (const [rawKey, value] of new URLSearchParams(queryString)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const existing = bag.get(key);
    if (existing === undefined) bag.set(key, isList ? [value] : value);
    else bag.set(key, Array.isArray(existing) ? [...existing, value] : [existing, value]);
  }
  return bag;
}

function stringifyQuery(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, item);
    else params.append(key, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Sorts the pairs and re-encodes them (RFC 3986), so equal queries give equal URIs. */
function normalizeQueryString(queryString: string): string {
  if (queryString === '') return '';
  const pairs = queryString.split('&').filter((pair) => pair !== '');
  const encoded = pairs.map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? undefined : pair.slice(eq + 1);
    const recode = (part: string): string => {
      try {
        return encodeURIComponent(decodeURIComponent(part.replace(/\+/g, ' ')));
      } catch {
        return part;
      }
    };
    return value === undefined ? recode(key) : `${recode(key)}=${recode(value)}`;
  });
  return encoded.sort().join('&');
}
