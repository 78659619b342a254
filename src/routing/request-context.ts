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

/**
 * What the matcher and the generator need to know about the current request: method,
 * host, scheme, ports, base URL and path, plus parameters the generator reuses (such as
 * `_locale`).
 *
 * A context is immutable. Node serves many requests at once, so one shared, mutable
 * context (as in the reference, where the router's context is updated per request)
 * would leak one request's host or locale into another. Each request builds its own
 * context, and `with()` / `withParameter()` return changed copies.
 */
export class RequestContext {
  readonly baseUrl: string;
  /** Upper case, as HTTP methods are compared case-insensitively. */
  readonly method: string;
  /** Lower case: host names are case-insensitive. */
  readonly host: string;
  /** Lower case. */
  readonly scheme: string;
  readonly httpPort: number;
  readonly httpsPort: number;
  readonly pathInfo: string;
  readonly queryString: string;
  readonly parameters: Readonly<Record<string, string>>;

  constructor(init: RequestContextInit = {}) {
    this.baseUrl = init.baseUrl ?? '';
    this.method = (init.method ?? 'GET').toUpperCase();
    this.host = (init.host ?? 'localhost').toLowerCase();
    this.scheme = (init.scheme ?? 'http').toLowerCase();
    this.httpPort = init.httpPort ?? 80;
    this.httpsPort = init.httpsPort ?? 443;
    this.pathInfo = init.pathInfo ?? '/';
    this.queryString = init.queryString ?? '';
    this.parameters = Object.freeze({ ...init.parameters });
    // A subclass adds its own fields after this constructor returns, so only a plain
    // context is frozen here.
    if (new.target === RequestContext) Object.freeze(this);
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
    return this.with({ parameters: { ...this.parameters, [name]: value } });
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
