import { BaseUrlMatcher, type UrlMatcherOptions } from './base-url-matcher.ts';
import { MatchMisses } from './match-misses.ts';
import type { RequestContext } from './request-context.ts';
import type { RouteCollection } from './route-collection.ts';
import { Rejection, RouteEntry } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';

/**
 * The plain matcher: tests every route's regex in order. It states the matching rules
 * with nothing in the way, serves as the second implementation of the matcher contract,
 * and is what the traceable matcher builds on. The Router uses CompiledUrlMatcher.
 */
export class UrlMatcher extends BaseUrlMatcher {
  readonly routes: RouteCollection;
  protected readonly entries: readonly RouteEntry[];

  constructor(routes: RouteCollection, options: UrlMatcherOptions = {}) {
    super(options);
    this.routes = routes;
    this.entries = [...routes.all()].map(([name, route], index) => new RouteEntry(name, route, index));
  }

  protected doMatch(
    path: string,
    trimmed: string,
    context: RequestContext,
    request: unknown,
    canRedirect: boolean,
  ): RouteParameters | MatchMisses {
    let misses: MatchMisses | undefined;
    for (const entry of this.entries) {
      const match = entry.regex.exec(path);
      if (match === null) continue;
      const result = entry.evaluate(path, trimmed, match, 1, context, request, canRedirect);
      if (typeof result !== 'number') return result;
      if (result === Rejection.SLASH_REDIRECT) return MatchMisses.NONE;
      if (result === Rejection.METHOD || result === Rejection.SCHEME) (misses ??= new MatchMisses()).record(entry, result);
    }
    return misses ?? MatchMisses.NONE;
  }
}
