import type { CompiledRoute } from './compiled-route.ts';
import { parameterBuilder, type ParameterBuilder } from './parameter-builder.ts';
import type { RouteParameters } from './route-matcher.ts';
import type { Route, RouteCondition } from './route.ts';
import type { MatchInput } from './match-input.ts';

/** Why a route whose path regex matched was still not chosen. */
export const Rejection = {
  HOST: 1,
  CONDITION: 2,
  /** The trailing slash differs; no redirect possible. */
  SLASH: 3,
  /** The trailing slash differs and a GET request may be redirected to the other form. */
  SLASH_REDIRECT: 4,
  SCHEME: 5,
  METHOD: 6,
} as const;
export type Rejection = (typeof Rejection)[keyof typeof Rejection];

/** Variable values from a match: a regex result, or the values a SegmentTrie sliced out. */
export type Captures = ArrayLike<string | undefined>;

/** The route a regex chunk found for a path, with its captures from index `offset` on. */
export interface RunMatch {
  entry: RouteEntry;
  captures: Captures;
  offset: number;
}

/**
 * One route prepared for matching: everything the checks after the path regex need,
 * computed once at boot. `evaluate()` holds the reference's per-candidate rules and is
 * shared by every matcher, so they cannot drift apart.
 */
export class RouteEntry {
  readonly name: string;
  /** Position in matching order, used to keep declaration order across buckets. */
  readonly index: number;
  readonly route: Route;
  readonly compiled: CompiledRoute;
  /** `_route`, or the canonical name of a localized route. */
  readonly routeName: string;
  readonly methods: readonly string[] | null;
  readonly schemes: readonly string[] | null;
  /** Lower-case host to compare with when the host pattern has no variables. */
  readonly staticHost: string | null;
  readonly hostRegex: RegExp | null;
  readonly condition: RouteCondition | undefined;
  readonly hasTrailingSlash: boolean;
  readonly hasTrailingVariable: boolean;
  readonly pathVariables: readonly string[];
  /** The path regex with the trailing slash made optional; the slash is judged by `evaluate()`. */
  readonly source: string;
  /** `^source$`, for matching this route on its own; its groups start at 1. */
  readonly regex: RegExp;
  readonly #build: ParameterBuilder;

  constructor(name: string, route: Route, index: number) {
    const compiled = route.compile();
    this.name = name;
    this.index = index;
    this.route = route;
    this.compiled = compiled;
    const { _canonical_route: canonical, ...defaults } = route.defaults;
    this.routeName = typeof canonical === 'string' ? canonical : name;
    this.#build = parameterBuilder(this.routeName, defaults, compiled.hostVariables, compiled.pathVariables);
    this.methods = route.methods.length > 0 ? route.methods : null;
    this.schemes = route.schemes.length > 0 ? route.schemes : null;
    const hostIsLiteral = route.host !== '' && compiled.hostVariables.length === 0;
    this.staticHost = hostIsLiteral ? route.host.toLowerCase() : null;
    this.hostRegex = hostIsLiteral ? null : (compiled.hostRegex ?? null);
    this.condition = route.condition;
    this.hasTrailingSlash = compiled.hasTrailingSlash;
    this.hasTrailingVariable = compiled.hasTrailingVariable;
    this.pathVariables = compiled.pathVariables;
    this.source = matchSource(compiled);
    this.regex = new RegExp(`^${this.source}$`, compiled.regex.flags);
  }

  /** Number of capture groups this route adds to a regex. */
  get groupCount(): number {
    return this.pathVariables.length;
  }

  /**
   * Applies the checks that follow a path match, in the reference's order: host,
   * condition, trailing slash, then scheme and method (a scheme mismatch wins over a
   * method mismatch). `match` holds the path captures from group `offset` on, or is
   * null for a route without path variables.
   */
  evaluate(input: MatchInput, match: Captures | null, offset: number): RouteParameters | Rejection {
    const { path, trimmed, context } = input;
    let hostMatch: RegExpExecArray | null = null;
    if (this.staticHost !== null) {
      if (this.staticHost !== context.host) return Rejection.HOST;
    } else if (this.hostRegex !== null) {
      hostMatch = this.hostRegex.exec(context.host);
      if (hostMatch === null) return Rejection.HOST;
    }
    if (this.condition !== undefined && !this.condition(context, input.request)) return Rejection.CONDITION;

    // A trailing variable may legitimately hold the trailing slash (a `.+` requirement);
    // otherwise the slash is judged like any other route's.
    let slashInVariable = this.hasTrailingVariable && match !== null && path !== trimmed;
    if (slashInVariable && (this.hasTrailingSlash || !endsWithSlash(match?.[offset + this.groupCount - 1]))) {
      const withoutSlash = this.regex.exec(trimmed);
      if (withoutSlash !== null) {
        if (this.hasTrailingSlash) {
          match = withoutSlash;
          offset = 1;
        } else {
          slashInVariable = false;
        }
      }
    }
    if (path !== '/' && !slashInVariable && this.hasTrailingSlash === (trimmed === path)) {
      const allowsGet = this.methods === null || this.methods.includes('GET');
      return input.canRedirect && allowsGet ? Rejection.SLASH_REDIRECT : Rejection.SLASH;
    }

    const hasScheme = this.schemes === null || this.schemes.includes(context.scheme);
    if (hasScheme && this.methods !== null && !this.allowsMethod(context.method)) return Rejection.METHOD;
    if (!hasScheme) return Rejection.SCHEME;
    return this.parameters(match, offset, hostMatch);
  }

  /** HEAD is accepted wherever GET is. */
  allowsMethod(method: string): boolean {
    if (this.methods === null || this.methods.includes(method)) return true;
    return method === 'HEAD' && this.methods.includes('GET');
  }

  /** `_route`, the defaults, then host and path variables (overriding defaults). */
  parameters(match: Captures | null, offset: number, hostMatch: RegExpExecArray | null): RouteParameters {
    return this.#build(match, offset, hostMatch?.groups);
  }
}

function endsWithSlash(value: string | undefined): boolean {
  return value === undefined ? false : value === '' || value.endsWith('/');
}

/**
 * The route's pattern with its trailing slash made optional ("/foo/{id}/" and
 * "/foo/{id}" both become "/foo/{id}/?"), as the reference's dumper does; the slash is
 * then judged by `evaluate()`. A route without variables accepts any number of trailing
 * slashes ("/foo/" and "/foo//" become "/foo/*"): the compiled matcher finds such routes
 * by the path without its trailing slashes, and every matcher must see the same
 * candidates.
 */
function matchSource(compiled: CompiledRoute): string {
  const pattern = compiled.pattern;
  if (compiled.pathVariables.length === 0) return `${pattern.replace(/\/+$/, '')}/*`;
  return `${compiled.hasTrailingSlash ? pattern.slice(0, -1) : pattern}/?`;
}
