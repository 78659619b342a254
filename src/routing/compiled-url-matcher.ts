import { BaseUrlMatcher, type UrlMatcherOptions } from './base-url-matcher.ts';
import { MatchMisses } from './match-misses.ts';
import { trimTrailingSlashes } from './path-info.ts';
import { PathTable } from './path-table.ts';
import type { RouteCollection } from './route-collection.ts';
import { Rejection, RouteEntry } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';
import { RouteTree } from './route-tree.ts';
import type { MatchInput } from './match-input.ts';

/**
 * The matcher the Router uses: routes are compiled once, in the constructor, into
 *
 * - a table from path (without trailing slash) to the routes without variables, looked
 *   up exactly and case-sensitively;
 * - a RouteTree for the routes with variables: a trie of segments for those made of
 *   whole segments (SegmentTrie, no regex run), combined regexes (RegexChunk) in a tree
 *   of leading literal segments for the others.
 *
 * A lookup builds no regex and allocates little beyond its result. Semantics are the
 * reference's compiled matcher (§8 `doMatch` / `match`), shared with UrlMatcher through
 * BaseUrlMatcher and RouteEntry; a randomized test checks that both answer alike.
 * `lookup()` answers undefined rather than throwing, for callers that handle a miss
 * themselves (a thrown exception pays for capturing its stack trace).
 */
export class CompiledUrlMatcher extends BaseUrlMatcher {
  readonly routes: RouteCollection;
  readonly #staticRoutes: PathTable<RouteEntry[]>;
  readonly #tree: RouteTree;

  constructor(routes: RouteCollection, options: UrlMatcherOptions = {}) {
    super(options);
    this.routes = routes;
    const dynamic: RouteEntry[] = [];
    const statics = new Map<string, RouteEntry[]>();
    let index = 0;
    for (const [name, route] of routes.all()) {
      const entry = new RouteEntry(name, route, index++);
      if (entry.pathVariables.length > 0 || isShadowed(entry, dynamic)) {
        dynamic.push(entry);
      } else {
        const key = staticKey(entry);
        const entries = statics.get(key);
        if (entries === undefined) statics.set(key, [entry]);
        else entries.push(entry);
      }
    }
    this.#staticRoutes = new PathTable(statics);
    this.#tree = new RouteTree(dynamic);
  }

  protected doMatch(input: MatchInput): RouteParameters | MatchMisses {
    let misses: MatchMisses | undefined;
    const candidates = this.#staticRoutes.get(input.trimmed);
    if (candidates !== undefined) {
      for (const entry of candidates) {
        const result = entry.evaluate(input, null, 0);
        if (typeof result !== 'number') return result;
        if (result === Rejection.SLASH_REDIRECT) return MatchMisses.NONE;
        if (result === Rejection.METHOD || result === Rejection.SCHEME) (misses ??= new MatchMisses()).record(entry, result);
      }
    }
    const result = this.#tree.match(input, misses);
    // UNRELATED lets the caller skip the toggled-slash retry; that only holds when no
    // static route has this path either and no route is sensitive to slashes.
    if (result === MatchMisses.UNRELATED && (candidates !== undefined || this.#tree.slashSensitive)) return MatchMisses.NONE;
    return result;
  }
}

/** "/blog/" and "/blog" share the key "/blog"; the trailing slash is judged per route. */
function staticKey(entry: RouteEntry): string {
  return trimTrailingSlashes((entry.compiled.tokens[0] as { text: string }).text);
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
    // A path may carry any number of trailing slashes; a variable that can hold "/" may
    // match such a path even though it matches neither "url" nor "url/".
    if (!other.regex.test(url) && !other.regex.test(`${url}/`) && !other.regex.test(`${url}//`)) return false;
    return host === null || other.compiled.hostRegex === undefined || other.compiled.hostRegex.test(host);
  });
}
