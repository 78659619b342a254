import { MatchFailure } from './match-failure.ts';
import { MatchMisses } from './match-misses.ts';
import { decodePathInfo, trimTrailingSlashes } from './path-info.ts';
import { RequestContext } from './request-context.ts';
import type { MatchInput } from './match-input.ts';
import type { RouteMatcher, RouteParameters } from './route-matcher.ts';

export interface UrlMatcherOptions {
  /**
   * When set, the matcher is redirectable: a GET or HEAD request that misses only by its
   * trailing slash or its scheme matches, with this controller and the redirect target
   * (see the reference §8, `match`).
   */
  redirectController?: string | undefined;
  /** The context used when a call passes none. */
  context?: RequestContext;
}

/**
 * The part of matching that every matcher shares (the reference's `match()`): one pass
 * over the routes, then the choice between a 405, a redirect and a 404. Subclasses
 * supply the pass (`doMatch`), i.e. how candidate routes are found.
 */
export abstract class BaseUrlMatcher implements RouteMatcher {
  readonly redirectController: string | undefined;
  readonly context: RequestContext;

  constructor(options: UrlMatcherOptions = {}) {
    this.redirectController = options.redirectController;
    this.context = options.context ?? new RequestContext();
  }

  match(pathinfo: string, context: RequestContext = this.context, request?: unknown): RouteParameters {
    const result = this.resolve(pathinfo, context, request);
    if (result instanceof MatchFailure) throw result.toException();
    return result;
  }

  lookup(pathinfo: string, context: RequestContext = this.context, request?: unknown): RouteParameters | undefined {
    const result = this.#resolve(pathinfo, context, request, false);
    return result instanceof MatchFailure ? undefined : result;
  }

  /**
   * One pass over the routes for a decoded path: the parameters of the first route that
   * matches, or the near misses. A pass returns MatchMisses.NONE as soon as a route
   * misses only by a trailing slash that may be redirected (`canRedirect`).
   */
  protected abstract doMatch(input: MatchInput): RouteParameters | MatchMisses;

  /** The match, or why there is none, without throwing. */
  resolve(pathinfo: string, context: RequestContext, request: unknown): RouteParameters | MatchFailure {
    return this.#resolve(pathinfo, context, request, true);
  }

  /** `needsReason`: false when the caller only needs to know that there is no match, not why. */
  #resolve(pathinfo: string, context: RequestContext, request: unknown, needsReason: boolean): RouteParameters | MatchFailure {
    const decoded = decodePathInfo(pathinfo);
    const first = this.#pass(decoded, pathinfo, context, request);
    if (!(first instanceof MatchMisses)) return first;
    if (first.allow.length > 0) return MatchFailure.methodNotAllowed(pathinfo, first.allow);
    const controller = this.redirectController;
    if (controller === undefined || (context.method !== 'GET' && context.method !== 'HEAD')) {
      return MatchFailure.notFound(pathinfo);
    }

    let path = pathinfo;
    let schemes = first.allowSchemes;
    if (schemes.length === 0) {
      const trimmed = trimTrailingSlashes(pathinfo);
      if (trimmed === '/') return MatchFailure.notFound(pathinfo);
      // No route came near a path that has at most one trailing slash and needed no
      // decoding: adding or removing that slash cannot make one match.
      const slashToggleCannotMatch = first === MatchMisses.UNRELATED && decoded === pathinfo && pathinfo.length - trimmed.length <= 1;
      if (slashToggleCannotMatch && !needsReason) return MatchFailure.QUIET;
      path = trimmed === pathinfo ? pathinfo + '/' : trimmed;
      if (slashToggleCannotMatch) return MatchFailure.notFound(path);
      const toggled = this.#pass(decodePathInfo(path), path, context, request);
      if (toggled instanceof MatchFailure) return toggled;
      if (!(toggled instanceof MatchMisses)) return redirect(controller, path, null, context, toggled);
      if (toggled.allowSchemes.length === 0) return MatchFailure.notFound(path);
      schemes = toggled.allowSchemes;
    }

    const scheme = schemes[0] as string;
    const secure = this.#pass(decodePathInfo(path), path, context.with({ scheme }), request);
    if (secure instanceof MatchMisses) return MatchFailure.notFound(path);
    return secure instanceof MatchFailure ? secure : redirect(controller, path, scheme, context, secure);
  }

  /** One pass for the decoded `path` of `pathinfo`. */
  #pass(path: string, pathinfo: string, context: RequestContext, request: unknown): RouteParameters | MatchMisses | MatchFailure {
    const canRedirect = this.redirectController !== undefined && (context.method === 'GET' || context.method === 'HEAD');
    const result = this.doMatch({ path, trimmed: trimTrailingSlashes(path), context, request, canRedirect });
    if (path === '/' && result instanceof MatchMisses && result.isEmpty) return MatchFailure.noConfiguration(pathinfo);
    return result;
  }
}

/**
 * The redirect's own keys come first and win over the route's (the reference's array
 * union): a route default named `path` or `scheme`, its `_controller` and `_route` are
 * dropped, the other route parameters follow.
 */
function redirect(
  controller: string,
  path: string,
  scheme: string | null,
  context: RequestContext,
  parameters: RouteParameters,
): RouteParameters {
  const result: RouteParameters = {
    _controller: controller,
    path,
    permanent: true,
    scheme,
    httpPort: context.httpPort,
    httpsPort: context.httpsPort,
    _route: parameters._route,
  };
  for (const key of Object.keys(parameters)) {
    if (!Object.hasOwn(result, key)) result[key] = parameters[key];
  }
  return result;
}
