import type { CompiledRoute } from './compiled-route.ts';
import { RouteEntry } from './route-entry.ts';
import { trimTrailingSlashes } from './path-info.ts';
import { Route } from './route.ts';

/** Separator characters a missing segment may consist of and still be optional. */
const OPTIONAL_REST = /^[/,;.:\-_~+*=@|]*$/;
const VARIABLE = /\{(\w+)\}/g;

/**
 * What explaining a route's path mismatches needs of the route, worked out once: its
 * pattern split into segments, the throw-away regexes that ignore some of its
 * requirements (each compiled on first use, then kept), and the answers that depend on
 * the route alone. A debug 404 explains every route for every request; building these
 * per request (with the JSON keys that looked them up) was most of the page's cost.
 *
 * Kept per compiled route: a route that changes compiles anew (see `Route#compile`), so
 * its diagnostics are made again from its new state.
 */
export class RouteDiagnostics {
  /** The route's requirements on path variables, in the route's order. */
  readonly requirements: readonly (readonly [name: string, requirement: string])[];
  /** A requirement accepts "/" (such as ".+"): comparing segment by segment means nothing then. */
  readonly spansSegments: boolean;
  /** The pattern's segments (`{name}` for variables), without the leading "/". */
  readonly expected: readonly string[];
  /** Per expected segment: undefined for a literal one. */
  readonly variableSegments: readonly (VariableSegment | undefined)[];
  /** `optionalFrom[i]`: every expected segment from `i` on may be left out. */
  readonly #optionalFrom: readonly boolean[];
  readonly #route: Route;
  #withoutRequirements: RegExp | undefined;
  readonly #withOneRequirement: (RegExp | undefined)[] = [];

  constructor(route: Route, compiled: CompiledRoute) {
    this.#route = route;
    const pathVariables = compiled.pathVariables;
    this.requirements = Object.entries(route.requirements).filter(([name]) => pathVariables.includes(name));
    this.spansSegments = pathVariables.some((name) => {
      const requirement = route.getRequirement(name);
      return requirement !== undefined && new RegExp(`^(?:${requirement})$`, 's').test('a/b');
    });
    const pattern = compiled.tokens.map((t) => (t.kind === 'text' ? t.text : `${t.separator}{${t.name}}`)).join('');
    this.expected = pathSegments(pattern);
    this.variableSegments = this.expected.map((segment) => (segment.includes('{') ? new VariableSegment(segment, route) : undefined));
    const optionalFrom: boolean[] = [];
    optionalFrom[this.expected.length] = true;
    for (let i = this.expected.length - 1; i >= 0; i--) optionalFrom[i] = optionalFrom[i + 1]! && isOptional(route, this.expected[i]!);
    this.#optionalFrom = optionalFrom;
  }

  /** The route's diagnostics, made once per compiled form of the route. */
  static of(route: Route, compiled: CompiledRoute): RouteDiagnostics {
    const known = byCompiledRoute.get(compiled);
    if (known !== undefined && known.#route === route) return known;
    const diagnostics = new RouteDiagnostics(route, compiled);
    // A route changed since `compiled` was made (a matcher holds its old form): its current
    // state is described, as before, but nothing is kept for a form that is gone.
    if (isCurrent(route, compiled)) byCompiledRoute.set(compiled, diagnostics);
    return diagnostics;
  }

  /** Whether the path matches the route once all its requirements are ignored. */
  matchesWithoutRequirements(path: string): boolean {
    this.#withoutRequirements ??= routeRegex(this.#route, {});
    return this.#withoutRequirements.test(path);
  }

  /** Whether the path matches the route with only its `index`th requirement (of `requirements`). */
  matchesWithRequirement(index: number, path: string): boolean {
    let regex = this.#withOneRequirement[index];
    if (regex === undefined) {
      const [name, requirement] = this.requirements[index]!;
      regex = this.#withOneRequirement[index] = routeRegex(this.#route, { [name]: requirement });
    }
    return regex.test(path);
  }

  /** Whether the expected segments from `index` on may all be left out (variables with defaults, separators). */
  optionalFrom(index: number): boolean {
    return this.#optionalFrom[index] ?? true;
  }
}

/** A segment of a route's pattern that holds variables (`{id}`, `{page}.{_format}`). */
export class VariableSegment {
  readonly text: string;
  readonly names: readonly string[];
  /** The requirements of its variables, by name. */
  readonly requirements: Readonly<Record<string, string>>;
  readonly #options: Readonly<Record<string, unknown>>;
  #withRequirements: RegExp | undefined;
  #withoutRequirements: RegExp | undefined;
  readonly #withOne = new Map<string, RegExp>();

  constructor(text: string, route: Route) {
    this.text = text;
    this.names = [...text.matchAll(VARIABLE)].map((m) => m[1] as string);
    this.requirements = Object.fromEntries(this.names.filter((n) => route.hasRequirement(n)).map((n) => [n, route.getRequirement(n) as string]));
    this.#options = route.options;
  }

  /** Whether `/value` fits the segment with all its requirements. */
  accepts(value: string): boolean {
    this.#withRequirements ??= this.#regex(this.requirements);
    return this.#withRequirements.test(`/${value}`);
  }

  /** Whether `/value` fits the segment's shape, its requirements ignored. */
  fitsShape(value: string): boolean {
    this.#withoutRequirements ??= this.#regex({});
    return this.#withoutRequirements.test(`/${value}`);
  }

  /** Whether `/value` fits the segment with only the requirement of `name`. */
  acceptsFor(name: string, value: string): boolean {
    let regex = this.#withOne.get(name);
    if (regex === undefined) {
      regex = this.#regex({ [name]: this.requirements[name] as string });
      this.#withOne.set(name, regex);
    }
    return regex.test(`/${value}`);
  }

  #regex(requirements: Record<string, string>): RegExp {
    return new Route(`/${this.text}`, { requirements, options: this.#options }).compile().regex;
  }
}

const byCompiledRoute = new WeakMap<CompiledRoute, RouteDiagnostics>();

function isCurrent(route: Route, compiled: CompiledRoute): boolean {
  try {
    return route.compile() === compiled;
  } catch {
    // changed into a route that does not compile: certainly not `compiled`
    return false;
  }
}

/** The regex a matcher would use for the route with these requirements instead of its own. */
function routeRegex(route: Route, requirements: Record<string, string>): RegExp {
  return new RouteEntry('', route.clone().setRequirements(requirements), 0).regex;
}

function isOptional(route: Route, segment: string): boolean {
  const rest = segment.replace(VARIABLE, (all, name: string) => (route.hasDefault(name) ? '' : all));
  return !rest.includes('{') && OPTIONAL_REST.test(rest);
}

/** A path's segments, trailing slashes left out: "/a/b/" gives ["a", "b"], "/" none. */
export function pathSegments(path: string): string[] {
  const trimmed = trimTrailingSlashes(path);
  return trimmed === '' || trimmed === '/' ? [] : trimmed.slice(1).split('/');
}
