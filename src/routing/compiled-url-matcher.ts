import { BaseUrlMatcher, type UrlMatcherOptions } from './base-url-matcher.ts';
import { MatchMisses } from './match-misses.ts';
import type { RequestContext } from './request-context.ts';
import type { RouteCollection } from './route-collection.ts';
import { Rejection, RouteEntry } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';
import { RouteTree } from './route-tree.ts';

/**
 * The matcher the Router uses: routes are compiled once, in the constructor, into
 *
 * - a Map from path (without trailing slash) to the routes without variables, looked up
 *   exactly and case-sensitively;
 * - a RouteTree of combined regexes for the routes with variables.
 *
 * A lookup builds no regex and allocates little beyond its result. Semantics are the
 * reference's compiled matcher (§8 `doMatch` / `match`), shared with UrlMatcher through
 * BaseUrlMatcher and RouteEntry.
 */
export class CompiledUrlMatcher extends BaseUrlMatcher {
  readonly routes: RouteCollection;
  readonly #staticRoutes = new Map<string, RouteEntry[]>();
  readonly #tree: RouteTree;

  constructor(routes: RouteCollection, options: UrlMatcherOptions = {}) {
    super(options);
    this.routes = routes;
    const dynamic: RouteEntry[] = [];
    let index = 0;
    for (const [name, route] of routes.all()) {
      const entry = new RouteEntry(name, route, index++);
      if (entry.pathVariables.length > 0 || isShadowed(entry, dynamic)) {
        dynamic.push(entry);
      } else {
        const key = staticKey(entry);
        const entries = this.#staticRoutes.get(key);
        if (entries === undefined) this.#staticRoutes.set(key, [entry]);
        else entries.push(entry);
      }
    }
    this.#tree = new RouteTree(dynamic);
  }

  protected doMatch(
    path: string,
    trimmed: string,
    context: RequestContext,
    request: unknown,
    canRedirect: boolean,
  ): RouteParameters | MatchMisses {
    let misses: MatchMisses | undefined;
    const candidates = this.#staticRoutes.get(trimmed);
    if (candidates !== undefined) {
      for (const entry of candidates) {
        const result = entry.evaluate(path, trimmed, null, 0, context, request, canRedirect);
        if (typeof result !== 'number') return result;
        if (result === Rejection.SLASH_REDIRECT) return MatchMisses.NONE;
        if (result === Rejection.METHOD || result === Rejection.SCHEME) (misses ??= new MatchMisses()).record(entry, result);
      }
    }
    return this.#tree.match(path, trimmed, context, request, canRedirect, misses);
  }
}

/** "/blog/" and "/blog" share the key "/blog"; the trailing slash is judged per route. */
function staticKey(entry: RouteEntry): string {
  const path = (entry.compiled.tokens[0] as { text: string }).text;
  return entry.hasTrailingSlash ? path.slice(0, -1) : path;
}

/**
 * Static routes are tried before dynamic ones. That keeps declaration order only if no
 * earlier dynamic route could match the same path, so a static route that an earlier
 * dynamic route matches (e.g. "/blog/new" after "/blog/{slug}") joins the dynamic ones.
 */
function isShadowed(entry: RouteEntry, earlier: readonly RouteEntry[]): boolean {
  const url = staticKey(entry);
  const host = entry.staticHost;
  return earlier.some((other) => {
    const prefix = other.compiled.staticPrefix.replace(/\/+$/, '');
    if (prefix !== '' && !url.startsWith(prefix)) return false;
    if (!other.regex.test(url) && !other.regex.test(url + '/')) return false;
    return host === null || other.compiled.hostRegex === undefined || other.compiled.hostRegex.test(host);
  });
}
