import type { CompiledRoute } from './compiled-route.ts';
import { pathSegments, RouteDiagnostics, type VariableSegment } from './route-diagnostics.ts';
import type { Route } from './route.ts';

export type TraceLevel = 'match' | 'partial' | 'none';

export interface PathMismatch {
  level: Exclude<TraceLevel, 'match'>;
  reason: string;
}

/** A path being explained, split once for all the routes it is compared with. */
export interface ExplainedPath {
  /** The decoded path. */
  readonly path: string;
  /** The same without its trailing slashes. */
  readonly trimmed: string;
  /** The segments of `trimmed`, without the leading "/". */
  readonly segments: readonly string[];
  /** `Path "…" does not match`: the reason for most routes, and how most reasons start. */
  readonly plain: string;
}

export function explainedPath(path: string, trimmed: string): ExplainedPath {
  return { path, trimmed, segments: pathSegments(trimmed), plain: `Path "${path}" does not match` };
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
 * It compiles throw-away routes (once per route, see RouteDiagnostics), so it is for
 * diagnostics only (404 pages, `router:match`).
 */
export function describePathMismatch(route: Route, compiled: CompiledRoute, target: ExplainedPath): PathMismatch {
  const diagnostics = RouteDiagnostics.of(route, compiled);
  const plain = target.plain;
  const requirement = failingRequirement(diagnostics, target.path);
  if (requirement !== undefined) return { level: 'partial', reason: requirement };
  if (diagnostics.spansSegments) return { level: 'none', reason: plain };

  const comparison = compareSegments(diagnostics, target.segments);
  if (comparison === undefined) return { level: 'none', reason: plain };
  const { difference, literalMatches } = comparison;
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
function failingRequirement(diagnostics: RouteDiagnostics, path: string): string | undefined {
  const requirements = diagnostics.requirements;
  if (requirements.length === 0 || !diagnostics.matchesWithoutRequirements(path)) return undefined;
  for (let i = 0; i < requirements.length; i++) {
    const [name, requirement] = requirements[i]!;
    if (!diagnostics.matchesWithRequirement(i, path)) return `Requirement for "${name}" does not match (${requirement})`;
  }
  return `Requirements for "${requirements.map(([name]) => name).join('", "')}" do not match together`;
}

/**
 * The one place where the path differs from the route's pattern, segment by segment, and
 * how many literal segments matched; undefined when it differs in none or in several
 * (the comparison stops at the second difference).
 */
function compareSegments(diagnostics: RouteDiagnostics, found: readonly string[]): { difference: SegmentDifference; literalMatches: number } | undefined {
  const expected = diagnostics.expected;
  let difference: SegmentDifference | undefined;
  let literalMatches = 0;
  const common = Math.min(expected.length, found.length);
  for (let i = 0; i < common; i++) {
    const got = found[i]!;
    const variable = diagnostics.variableSegments[i];
    let differs: SegmentDifference | undefined;
    if (variable === undefined) {
      const want = expected[i]!;
      if (want === got) literalMatches++;
      else differs = { kind: 'literal', expected: want, found: got };
    } else {
      differs = compareVariableSegment(variable, got);
    }
    if (differs === undefined) continue;
    if (difference !== undefined) return undefined;
    difference = differs;
  }
  if (found.length < expected.length && !diagnostics.optionalFrom(found.length)) {
    if (difference !== undefined) return undefined;
    difference = { kind: 'missing', expected: expected.slice(found.length).join('/') };
  }
  if (found.length > expected.length) {
    if (difference !== undefined) return undefined;
    difference = { kind: 'extra', found: found.slice(expected.length).join('/') };
  }
  return difference === undefined ? undefined : { difference, literalMatches };
}

function compareVariableSegment(segment: VariableSegment, value: string): SegmentDifference | undefined {
  if (segment.accepts(value)) return undefined;
  if (!segment.fitsShape(value)) return { kind: 'shape', expected: segment.text, found: value };
  const { names, requirements } = segment;
  const name = names.find((n) => requirements[n] !== undefined && !segment.acceptsFor(n, value)) ?? (names[0] as string);
  return { kind: 'requirement', name, requirement: requirements[name] ?? '' };
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
