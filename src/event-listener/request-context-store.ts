import { RequestContext } from '../routing/request-context.ts';
import { RequestSlot } from '../http/request-slot.ts';
import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import { BoundedCache } from '../support/bounded-cache.ts';

/** One frozen `{ _locale }` per locale, shared by the contexts (freezing is a runtime call). */
const parametersByLocale = new BoundedCache<string, Readonly<Record<string, string>>>(100);

function localeParameters(locale: string): Readonly<Record<string, string>> {
  return parametersByLocale.get(locale) ?? parametersByLocale.remember(locale, Object.freeze({ _locale: locale }));
}

/**
 * The routing context of each request being handled. Contexts are immutable and kept per
 * request (not one mutable context on the router, as in PHP), so concurrent requests
 * never see each other's host or locale. The URL generator reads the current request's.
 */
export class RequestContextStore {
  readonly #contexts = new RequestSlot<RequestContext>('routing context');
  readonly #requestStack: RequestStack<Request>;
  readonly #fallback: RequestContext;

  constructor(requestStack: RequestStack<Request>, fallback: RequestContext = new RequestContext()) {
    this.#requestStack = requestStack;
    this.#fallback = fallback;
  }

  /** The request's context, built from the request on first use. */
  get(request: Request): RequestContext {
    let context = this.#contexts.get(request);
    if (context === undefined) {
      context = RequestContextStore.fromRequest(request);
      this.#contexts.set(request, context);
    }
    return context;
  }

  /** The request's context if one was built or set, without building it. */
  peek(request: Request): RequestContext | undefined {
    return this.#contexts.get(request);
  }

  set(request: Request, context: RequestContext): void {
    this.#contexts.set(request, context);
  }

  delete(request: Request): void {
    this.#contexts.delete(request);
  }

  /** The context of the request being handled now, or the configured default outside requests. */
  current(): RequestContext {
    const request = this.#requestStack.getCurrentRequest();
    return request === undefined ? this.#fallback : this.get(request);
  }

  /** The request's context; host, scheme and ports are read from the request only when first needed. */
  static fromRequest(request: Request): RequestContext {
    return RequestContext.deferred(request.method, request.rawPath, localeParameters(request.getLocale()), () => {
      const scheme = request.scheme;
      const port = request.port;
      return {
        host: request.host,
        scheme,
        httpPort: scheme === 'http' ? port : 80,
        httpsPort: scheme === 'https' ? port : 443,
        queryString: request.queryString,
      };
    });
  }
}
