import { CompiledUrlMatcher } from './compiled-url-matcher.ts';
import { ReferenceType } from './reference-type.ts';
import { RequestContext } from './request-context.ts';
import type { RouteCollection } from './route-collection.ts';
import type { RouteMatcher, RouteParameters } from './route-matcher.ts';
import type { MatchFailure } from './match-failure.ts';
import { TraceableUrlMatcher, type RouteTrace } from './traceable-url-matcher.ts';
import { UrlGenerator, type GeneratorLogger } from './url-generator.ts';

/** Produces the application's routes; called once, when the router first needs them. */
export type RouteCollectionLoader = () => RouteCollection;

export interface RouterOptions {
  /** Makes matching redirectable (trailing slash, scheme) with this controller; see UrlMatcherOptions. */
  redirectController?: string;
  /** See UrlGeneratorOptions: true (default), false or null. */
  strictRequirements?: boolean | null;
  defaultLocale?: string;
  /** The default context, for calls that pass none. */
  context?: RequestContext;
  logger?: GeneratorLogger;
}

/**
 * The routing facade: one route collection, matched with a CompiledUrlMatcher and used by
 * a UrlGenerator, both built once on first use (or by `warmUp()` at boot).
 *
 * Every method takes the request's context as an argument; the router's own context is
 * only the default for calls without one (console commands, tests), so one router serves
 * concurrent requests. Changing the collection after the first match has no effect.
 */
export class Router implements RouteMatcher {
  readonly #explained = new WeakMap<object, { key: string; traces: RouteTrace[] }>();
  readonly #source: RouteCollection | RouteCollectionLoader;
  readonly #options: RouterOptions;
  #context: RequestContext;
  #collection: RouteCollection | undefined;
  #matcher: CompiledUrlMatcher | undefined;
  #generator: UrlGenerator | undefined;
  #traceable: TraceableUrlMatcher | undefined;

  constructor(routes: RouteCollection | RouteCollectionLoader, options: RouterOptions = {}) {
    this.#source = routes;
    this.#options = options;
    this.#context = options.context ?? new RequestContext();
  }

  getRouteCollection(): RouteCollection {
    return (this.#collection ??= typeof this.#source === 'function' ? this.#source() : this.#source);
  }

  getContext(): RequestContext {
    return this.#context;
  }

  /** Sets the default context. Per-request code passes its own context to each call instead. */
  setContext(context: RequestContext): void {
    this.#context = context;
  }

  getMatcher(): CompiledUrlMatcher {
    return (this.#matcher ??= new CompiledUrlMatcher(this.getRouteCollection(), {
      redirectController: this.#options.redirectController,
      context: this.#context,
    }));
  }

  getGenerator(): UrlGenerator {
    const options = this.#options;
    return (this.#generator ??= new UrlGenerator(this.getRouteCollection(), this.#context, {
      strictRequirements: options.strictRequirements,
      ...(options.defaultLocale !== undefined && { defaultLocale: options.defaultLocale }),
      ...(options.logger !== undefined && { logger: options.logger }),
    }));
  }

  /** Compiles every route now, so that the first request does not pay for it and route errors show at boot. */
  warmUp(): this {
    this.getMatcher();
    this.getGenerator();
    return this;
  }

  match(pathinfo: string, context: RequestContext = this.#context, request?: unknown): RouteParameters {
    return this.getMatcher().match(pathinfo, context, request);
  }

  /** `match()` for a request: `request` reaches the routes' conditions. */
  matchRequest(pathinfo: string, context: RequestContext = this.#context, request?: unknown): RouteParameters {
    return this.getMatcher().match(pathinfo, context, request);
  }

  lookup(pathinfo: string, context: RequestContext = this.#context, request?: unknown): RouteParameters | undefined {
    return this.getMatcher().lookup(pathinfo, context, request);
  }

  /**
   * `matchRequest()` that answers a failure as a value instead of throwing it: the
   * RouterListener turns it into the 404 or 405 itself (each throw costs a walk of the
   * stack, and the router's would only be caught and replaced).
   */
  resolveRequest(pathinfo: string, context: RequestContext = this.#context, request?: unknown): RouteParameters | MatchFailure {
    return this.getMatcher().resolve(pathinfo, context, request);
  }

  generate(
    name: string,
    parameters: Readonly<Record<string, unknown>> = {},
    referenceType: ReferenceType = ReferenceType.ABSOLUTE_PATH,
    context: RequestContext = this.#context,
  ): string {
    return this.getGenerator().generate(name, parameters, referenceType, context);
  }

  /**
   * Why each route does or does not match (for 404 pages and `router:match`); slow, never
   * on the hot path. The answer for a request object is kept for
   * that request (a WeakMap entry): the debug 404 page and the profiler both ask for the
   * same request, and each answer judges every route, twice for a GET (slash retry).
   */
  explain(pathinfo: string, context: RequestContext = this.#context, request?: unknown): RouteTrace[] {
    this.#traceable ??= new TraceableUrlMatcher(this.getRouteCollection(), {
      redirectController: this.#options.redirectController,
      context: this.#context,
    });
    if (typeof request !== 'object' || request === null) return this.#traceable.explain(pathinfo, context, request);
    const key = `${context.method} ${context.scheme}://${context.host} ${pathinfo}`;
    const cached = this.#explained.get(request);
    if (cached?.key === key) return cached.traces;
    const traces = this.#traceable.explain(pathinfo, context, request);
    this.#explained.set(request, { key, traces });
    return traces;
  }
}
