import type { RequestContext } from './request-context.ts';

/**
 * What one pass over the routes matches against, built once per pass and handed to
 * every step of it (the matcher, the route tree, each route's checks).
 */
export interface MatchInput {
  /** The decoded path. */
  readonly path: string;
  /** The same path without its trailing slashes: how a trailing slash is judged per route. */
  readonly trimmed: string;
  /** Host, scheme, method and ports of the request. */
  readonly context: RequestContext;
  /** The request a route's condition may read; unknown to the router itself. */
  readonly request: unknown;
  /** A GET or HEAD request to a redirectable matcher: a trailing-slash miss may redirect. */
  readonly canRedirect: boolean;
}
