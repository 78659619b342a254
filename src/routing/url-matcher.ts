import { BaseUrlMatcher, type UrlMatcherOptions } from './base-url-matcher.ts';
import type { MatchMisses } from './match-misses.ts';
import type { MatchInput } from './match-input.ts';
import type { RouteCollection } from './route-collection.ts';
import { RouteEntry } from './route-entry.ts';
import { firstAccepted } from './first-accepted.ts';
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

  protected doMatch(input: MatchInput): RouteParameters | MatchMisses {
    return firstAccepted(this.entries, input, undefined);
  }
}
