import type { RequestContext } from './request-context.ts';

/**
 * What a successful match returns: `_route` (the route's name, or its canonical name for
 * a localized route), the route's defaults (such as `_controller`), host and path
 * variables (overriding defaults), in that order.
 */
export interface RouteParameters {
  _route: string;
  [name: string]: unknown;
}

/**
 * Finds the route for a path. Implementations: CompiledUrlMatcher (the fast one the
 * Router uses) and UrlMatcher (a plain walk over the routes); both pass the contract in
 * `route-matcher.contract.ts`.
 *
 * The context is an argument of every call, never state of the matcher, so one matcher
 * serves concurrent requests.
 */
export interface RouteMatcher {
  /**
   * Throws ResourceNotFoundException, MethodNotAllowedException or
   * NoConfigurationException when no route matches. `request` is passed to route conditions.
   */
  match(pathinfo: string, context?: RequestContext, request?: unknown): RouteParameters;

  /** Like `match()`, but answers undefined instead of throwing when no route matches. */
  lookup(pathinfo: string, context?: RequestContext, request?: unknown): RouteParameters | undefined;
}
