import type { CompiledRoute } from './compiled-route.ts';
import { RouteEntry } from './route-entry.ts';
import { Route } from './route.ts';

export type TraceLevel = 'match' | 'partial' | 'none';

export interface PathMismatch {
  level: Exclude<TraceLevel, 'match'>;
  reason: string;
}

type SegmentDifference =
  | { kind: 'literal'; expected: string; found: string }
  | { kind: 'shape'; expected: string; found: string }
  | { kind: 'requirement'; name: string; requirement: string }
  | { kind: 'missing'; expected: string }
  | { kind: 'extra'; found: string };

/**
 * Says, for people, why a route's path regex rejects a path, and whether it is a near
 * miss ("partial"): the path fails one requirement only, or differs from the route in
 * one place while a literal segment of the route matched or the differing segment looks
 * like a typo ("/en/event/1" for "/{_locale}/events/{id}").
 *
 * It compiles throw-away routes, so it is for diagnostics only (404 pages, `router:match`).
 */
export function describePathMismatch(route: Route, compiled: CompiledRoute, path: string, trimmed: string): PathMismatch {
  const plain = `Path "${path}" does not match`;
  const requirement = failingRequirement(route, compiled, path);
  if (requirement !== undefined) return { level: 'partial', reason: requirement };
  if (spansSegments(route, compiled)) return { level: 'none', reason: plain };

  const { differences, literalMatches } = compareSegments(route, compiled, trimmed);
  const [difference] = differences;
  if (differences.length !== 1 || difference === undefined) return { level: 'none', reason: plain };
  const level = literalMatches > 0 ? 'partial' : 'none';
  switch (difference.kind) {
    case 'literal': {
      const { expected, found } = difference;
      const caseOnly = expected.toLowerCase() === found.toLowerCase();
      const reason = `${plain}: "${found}" should be "${expected}"${caseOnly ? ' (paths are case-sensitive)' : ''}`;
      return { level: caseOnly || isTypo(found, expected) ? 'partial' : level, reason };
    }
    case 'shape':
      return { level, reason: `${plain}: "${difference.found}" does not fit "${difference.expected}"` };
    case 'requirement':
      return { level: 'partial', reason: `Requirement for "${difference.name}" does not match (${difference.requirement})` };
    case 'missing':
      return { level, reason: `${plain}: "/${difference.expected}" is missing at the end` };
    case 'extra':
      return { level, reason: `${plain}: "/${difference.found}" is left over at the end` };
  }
}

/** When the path matches once requirements are ignored, the first requirement that fails on its own. */
function failingRequirement(route: Route, compiled: CompiledRoute, path: string): string | undefined {
  const requirements = Object.entries(route.requirements).filter(([name]) => compiled.pathVariables.includes(name));
  if (requirements.length === 0 || !matches(route, {}, path)) return undefined;
  for (const [name, requirement] of requirements) {
    if (!matches(route, { [name]: requirement }, path)) return `Requirement for "${name}" does not match (${requirement})`;
  }
  return `Requirements for "${requirements.map(([name]) => name).join('", "')}" do not match together`;
}

/**
 * The throw-away routes are compiled once per route and requirement set, then kept: a
 * debug 404 explains every route, and recompiling them all on each request made the
 * dev 404 fifty times slower than the prod one. Routes do not change once compiled.
 */
const variantRegexes = new WeakMap<Route, Map<string, RegExp>>();
const segmentRegexes = new Map<string, RegExp>();
const SEGMENT_CACHE_LIMIT = 4096;

function matches(route: Route, requirements: Record<string, string>, path: string): boolean {
  let byRequirements = variantRegexes.get(route);
  if (byRequirements === undefined) variantRegexes.set(route, (byRequirements = new Map()));
  const key = JSON.stringify(requirements);
  let regex = byRequirements.get(key);
  if (regex === undefined) {
    regex = new RouteEntry('', route.clone().setRequirements(requirements), 0).regex;
    byRequirements.set(key, regex);
  }
  return regex.test(path);
}

function segmentRegex(segment: string, requirements: Record<string, string>, route: Route): RegExp {
  const key = `${segment}\u0000${JSON.stringify(requirements)}\u0000${route.getOption('utf8') === true ? 'u' : ''}`;
  let regex = segmentRegexes.get(key);
  if (regex === undefined) {
    regex = new Route(`/${segment}`, { requirements, options: route.options }).compile().regex;
    if (segmentRegexes.size >= SEGMENT_CACHE_LIMIT) segmentRegexes.clear();
    segmentRegexes.set(key, regex);
  }
  return regex;
}

/** A requirement that accepts "/" (such as ".+") makes a segment-by-segment comparison meaningless. */
function spansSegments(route: Route, compiled: CompiledRoute): boolean {
  return compiled.pathVariables.some((name) => {
    const requirement = route.getRequirement(name);
    return requirement !== undefined && new RegExp(`^(?:${requirement})$`, 's').test('a/b');
  });
}

function compareSegments(route: Route, compiled: CompiledRoute, trimmed: string) {
  const pattern = compiled.tokens.map((t) => (t.kind === 'text' ? t.text : `${t.separator}{${t.name}}`)).join('');
  const expected = segments(pattern);
  const found = segments(trimmed);
  const differences: SegmentDifference[] = [];
  let literalMatches = 0;
  for (let i = 0; i < Math.min(expected.length, found.length); i++) {
    const want = expected[i] as string;
    const got = found[i] as string;
    if (!want.includes('{')) {
      if (want === got) literalMatches++;
      else differences.push({ kind: 'literal', expected: want, found: got });
    } else {
      const difference = compareVariableSegment(route, want, got);
      if (difference !== undefined) differences.push(difference);
    }
  }
  const missing = expected.slice(found.length);
  if (missing.length > 0 && !missing.every((segment) => isOptional(route, segment))) {
    differences.push({ kind: 'missing', expected: missing.join('/') });
  }
  if (found.length > expected.length) differences.push({ kind: 'extra', found: found.slice(expected.length).join('/') });
  return { differences, literalMatches };
}

function compareVariableSegment(route: Route, segment: string, value: string): SegmentDifference | undefined {
  const names = [...segment.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const requirements = Object.fromEntries(names.filter((n) => route.hasRequirement(n)).map((n) => [n, route.getRequirement(n) as string]));
  const test = (reqs: Record<string, string>): boolean => segmentRegex(segment, reqs, route).test(`/${value}`);
  if (test(requirements)) return undefined;
  if (!test({})) return { kind: 'shape', expected: segment, found: value };
  const name = names.find((n) => requirements[n] !== undefined && !test({ [n]: requirements[n] as string })) ?? (names[0] as string);
  return { kind: 'requirement', name, requirement: requirements[name] ?? '' };
}

function isOptional(route: Route, segment: string): boolean {
  const rest = segment.replace(/\{(\w+)\}/g, (all, name: string) => (route.hasDefault(name) ? '' : all));
  return !rest.includes('{') && /^[/,;.:\-_~+*=@|]*$/.test(rest);
}

function segments(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

/** A small edit distance for the length: "event" for "events", "evnets" for "events". */
function isTypo(found: string, expected: string): boolean {
  const limit = Math.max(1, Math.floor(Math.max(found.length, expected.length) / 4));
  return levenshtein(found.toLowerCase(), expected.toLowerCase()) <= limit;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
