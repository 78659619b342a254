import { upperCaseMethod } from '../support/upper-case-method.ts';

/**
 * The parameters last found frozen. Every request's context is made with its locale's one
 * frozen object (see RequestContextStore), and `Object.isFrozen` is a call into the
 * runtime; an object once frozen stays frozen, so the answer kept for it cannot go stale.
 */
let lastFrozen: object | undefined;

function isFrozen(parameters: object): boolean {
  if (parameters === lastFrozen) return true;
  if (!Object.isFrozen(parameters)) return false;
  lastFrozen = parameters;
  return true;
}

/** The fields of a {@link RequestContext}; every one is optional when building one. */
export interface RequestContextInit {
  baseUrl?: string;
  method?: string;
  host?: string;
  scheme?: string;
  httpPort?: number;
  httpsPort?: number;
  pathInfo?: string;
  queryString?: string;
  parameters?: Readonly<Record<string, string>>;
}

/** The parts of a context that cost something to work out (trusted proxies, Host parsing). */
export type DeferredContextFields = Pick<RequestContextInit, 'host' | 'scheme' | 'httpPort' | 'httpsPort' | 'queryString'>;

/**
 * What the matcher and the generator need to know about the current request: method,
 * host, scheme, ports, base URL and path, plus parameters the generator reuses (such as
 * `_locale`).
 *
 * A context is immutable. Node serves many requests at once, so one shared, mutable
 * context (as in the reference, where the router's context is updated per request)
 * would leak one request's host or locale into another. Each request builds its own
 * context, and `with()` / `withParameter()` return changed copies.
 *
 * A context made for a request ({@link RequestContext.deferred}) works out host, scheme,
 * ports and query string only when one of them is first read: most matches need the
 * method and the path alone.
 */
export class RequestContext {
  #method: string;
  #pathInfo: string;
  #parameters: Readonly<Record<string, string>>;
  #resolve: (() => DeferredContextFields) | undefined;
  // set by #assign
  #baseUrl!: string;
  #host!: string;
  #scheme!: string;
  #httpPort!: number;
  #httpsPort!: number;
  #queryString!: string;

  constructor(init: RequestContextInit = {}) {
    this.#method = upperCaseMethod(init.method ?? 'GET');
    this.#pathInfo = init.pathInfo ?? '/';
    // parameters already frozen (a deferred context's, a copy's) are shared, not copied again
    const parameters = init.parameters;
    this.#parameters = parameters !== undefined && isFrozen(parameters) ? parameters : Object.freeze({ ...parameters });
    this.#resolve = undefined;
    this.#assign(init);
  }

  /**
   * A context whose method, path, parameters and base URL are known now and whose other
   * fields come from `resolve`, called once, on first read (a path a URL is generated for
   * needs the base URL alone).
   */
  static deferred(method: string, pathInfo: string, parameters: Readonly<Record<string, string>>, resolve: () => DeferredContextFields, baseUrl = ''): RequestContext {
    const context = new RequestContext({ method, pathInfo, parameters, baseUrl });
    context.#resolve = resolve;
    return context;
  }

  #assign(fields: RequestContextInit): void {
    this.#baseUrl = fields.baseUrl ?? '';
    // the defaults are lower case already: a deferred context is made with none given, per request
    this.#host = fields.host === undefined ? 'localhost' : fields.host.toLowerCase();
    this.#scheme = fields.scheme === undefined ? 'http' : fields.scheme.toLowerCase();
    this.#httpPort = fields.httpPort ?? 80;
    this.#httpsPort = fields.httpsPort ?? 443;
    this.#queryString = fields.queryString ?? '';
  }

  #settle(): void {
    const resolve = this.#resolve;
    if (resolve === undefined) return;
    this.#resolve = undefined;
    this.#assign({ ...resolve(), baseUrl: this.#baseUrl });
  }

  /** Upper case, as HTTP methods are compared case-insensitively. */
  get method(): string {
    return this.#method;
  }

  get pathInfo(): string {
    return this.#pathInfo;
  }

  get parameters(): Readonly<Record<string, string>> {
    return this.#parameters;
  }

  get baseUrl(): string {
    return this.#baseUrl;
  }

  /** Lower case: host names are case-insensitive. */
  get host(): string {
    this.#settle();
    return this.#host;
  }

  /** Lower case. */
  get scheme(): string {
    this.#settle();
    return this.#scheme;
  }

  get httpPort(): number {
    this.#settle();
    return this.#httpPort;
  }

  get httpsPort(): number {
    this.#settle();
    return this.#httpsPort;
  }

  get queryString(): string {
    this.#settle();
    return this.#queryString;
  }

  /**
   * A context for an absolute URL, e.g. `RequestContext.fromUrl('https://example.com:8443/blog?page=2', 'POST')`.
   * `baseUrl` is the part of the URL's path where the application is mounted (a front
   * controller or a sub-directory); the rest of the path becomes `pathInfo`.
   */
  static fromUrl(url: string | URL, method = 'GET', baseUrl = ''): RequestContext {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    const scheme = parsed.protocol.slice(0, -1);
    const port = parsed.port === '' ? undefined : Number(parsed.port);
    const path = parsed.pathname.startsWith(baseUrl) ? parsed.pathname.slice(baseUrl.length) : parsed.pathname;
    return new RequestContext({
      baseUrl,
      method,
      host: parsed.hostname,
      scheme,
      httpPort: scheme === 'http' && port !== undefined ? port : 80,
      httpsPort: scheme === 'https' && port !== undefined ? port : 443,
      pathInfo: path === '' ? '/' : path,
      queryString: parsed.search.slice(1),
    });
  }

  /** A copy with some fields replaced. */
  with(changes: RequestContextInit): RequestContext {
    return new RequestContext({ ...this.toJSON(), ...changes });
  }

  /** A copy with one parameter set. */
  withParameter(name: string, value: string): RequestContext {
    const parameters = Object.freeze({ ...this.#parameters, [name]: value });
    const resolve = this.#resolve;
    if (resolve !== undefined) return RequestContext.deferred(this.#method, this.#pathInfo, parameters, resolve, this.#baseUrl);
    return this.with({ parameters });
  }

  getParameter(name: string): string | undefined {
    return Object.hasOwn(this.parameters, name) ? this.parameters[name] : undefined;
  }

  hasParameter(name: string): boolean {
    return Object.hasOwn(this.parameters, name);
  }

  toJSON(): Required<RequestContextInit> {
    return {
      baseUrl: this.baseUrl,
      method: this.method,
      host: this.host,
      scheme: this.scheme,
      httpPort: this.httpPort,
      httpsPort: this.httpsPort,
      pathInfo: this.pathInfo,
      queryString: this.queryString,
      parameters: this.parameters,
    };
  }
}
