import { CharIndex } from './char-index.ts';
import { charCodes, equalAt } from './path-info.ts';
import type { RouteEntry } from './route-entry.ts';
import { isSegmentBound } from './slash-count.ts';

/** A path segment of a route: literal text, or a variable with the regex its value must pass (null: any non-empty value). */
type Part = string | { readonly test: RegExp | null; readonly source: string };

/** The default pattern of a variable that fills a whole segment. */
const WHOLE_SEGMENT = '[^/]+';
/** Until a route is found; never written to. */
const NO_CAPTURES: string[] = [];
/**
 * Start and end of each variable segment of the branch a lookup follows, reused by every
 * lookup (one runs at a time and calls out to no other code; the captures it answers
 * with are slices of the path), so that none allocates and grows its own array.
 */
const scratchPositions: number[] = new Array<number>(32).fill(0);

class TrieNode {
  /** Literal children by first character; `codes` tells siblings apart. */
  literals: CharIndex<TrieNode> | null = null;
  codes: Uint16Array = new Uint16Array(0);
  /** The child for a variable of the default pattern (any non-empty segment). */
  variable: TrieNode | null = null;
  /** Children for variables with a requirement, one per requirement. */
  readonly tested: Array<{ test: RegExp; source: string; node: TrieNode }> = [];
  /** Routes whose segments end here, in matching order. */
  readonly routes: RouteEntry[] = [];
  /** The lowest matching-order index in this subtree, to skip subtrees that cannot win. */
  minIndex = Number.POSITIVE_INFINITY;
  /**
   * For a literal child: the nodes of its parent's variables with a requirement that its
   * own text meets (`{_locale}` of "en|fr" beside the literal "en"). A segment equal to
   * the literal meets the same requirements, known once the trie is built.
   */
  alsoTested: readonly TrieNode[] = NO_NODES;
}

const NO_NODES: readonly TrieNode[] = [];

/**
 * Routes made of whole segments, matched without a regex.
 *
 * Most routes are made of literal segments and variables that fill a segment
 * ("/api/v1/users/{id}/posts/{postId}"). They form a trie of segments (after the first
 * `depth` ones, which the caller has matched; the RouteTree uses one trie from the
 * root), and a lookup reads the path once, segment by segment, following literal and
 * variable branches. Declaration order still decides: the search keeps the route with
 * the lowest matching-order index and skips every subtree whose routes all come later.
 * Measured, a regex run's fixed cost dominated dynamic lookups; this runs none (except
 * a variable's own requirement, such as `\d+`).
 */
export class SegmentTrie {
  readonly #root = new TrieNode();

  constructor(entries: readonly RouteEntry[], depth: number) {
    for (const entry of entries) this.#add(entry, (segmentParts(entry) as Part[]).slice(depth));
    markTestedLiterals(this.#root);
  }

  /** Whether a route can be matched segment by segment (see the class comment). */
  static accepts(entry: RouteEntry): boolean {
    return segmentParts(entry) !== undefined;
  }

  /**
   * The route with the lowest index below `limit` whose segments are those of `path` (the
   * trimmed path, which had `trailingSlashes` more in the request) after `end` (the
   * position of the slash before the first segment to compare).
   */
  exec(path: string, end: number, trailingSlashes: number, limit: number): TrieMatch | null {
    // Segments that leave no choice (a literal child only, or a variable child only) are
    // followed without a search: most paths go all the way, or fail on the way.
    let node = this.#root;
    let from = end >= path.length ? -1 : end + 1;
    const positions = scratchPositions;
    let top = 0;
    while (from !== -1) {
      if (node.minIndex >= limit) return null;
      const literal = literalAt(node, path, from);
      if (literal !== undefined) {
        // The segment is the literal's text: whether a variable beside it could take it too
        // is known without reading the segment again or running a requirement.
        if (node.variable !== null || anyBefore(literal.alsoTested, limit)) break;
        const after = from + literal.codes.length;
        node = literal;
        from = after === path.length ? -1 : after + 1;
        continue;
      }
      // No literal: a variable with a requirement is a choice only if the segment meets
      // several; the one branch left is followed here, a choice of two is left to the search.
      let variable = node.variable;
      let to = from;
      if (variable !== null || node.tested.length > 0) {
        while (to < path.length && path.charCodeAt(to) !== 47) to++;
        if (node.tested.length > 0 && to > from) {
          if (variable !== null) break;
          variable = testedBranch(node, path, from, to, limit);
          if (variable === MANY) break;
        }
      }
      if (variable !== null) {
        if (to === from) return null;
        positions[top] = from;
        positions[top + 1] = to;
        top += 2;
        node = variable;
        from = to === path.length ? -1 : to + 1;
      } else {
        return null;
      }
    }
    if (from === -1) return terminalMatch(node, path, trailingSlashes, limit, positions, top);
    const search = new Search(path, trailingSlashes, limit, positions);
    search.visit(node, from, top);
    return search.best === null ? null : search;
  }

  #add(entry: RouteEntry, parts: readonly Part[]): void {
    let node = this.#root;
    node.minIndex = Math.min(node.minIndex, entry.index);
    for (const part of parts) {
      node = typeof part === 'string' ? literalChild(node, part) : variableChild(node, part);
      node.minIndex = Math.min(node.minIndex, entry.index);
    }
    node.routes.push(entry);
  }
}

/** One lookup's state: the best route so far and the variable segments on the way to it. */
/** The route a trie search found and the values of its variables. */
export interface TrieMatch {
  readonly best: RouteEntry | null;
  readonly captures: string[];
}

class Search implements TrieMatch {
  best: RouteEntry | null = null;
  captures: string[] = NO_CAPTURES;
  constructor(
    readonly path: string,
    readonly trailingSlashes: number,
    public limit: number,
    /** Start and end of each variable segment on the current branch, up to `top`. */
    readonly positions: number[],
  ) {}

  /**
   * `from` is where the node's segment starts in the path, or -1 past the last segment;
   * `top` is how many positions of variable segments the branch has so far. The last
   * branch of each node is followed in the loop, the others (rare: a literal and a
   * variable that both fit) recursively.
   */
  visit(start: TrieNode, startFrom: number, startTop: number): void {
    const path = this.path;
    const positions = this.positions;
    let node = start;
    let from = startFrom;
    let top = startTop;
    for (;;) {
      if (node.minIndex >= this.limit) return;
      if (from === -1) {
        const route = terminalRoute(node, this.trailingSlashes, this.limit);
        if (route !== undefined) this.#choose(route, top);
        return;
      }
      let next: TrieNode | null = null;
      let nextFrom = 0;
      let nextTop = top;
      // At most one literal child can equal the segment.
      const literal = literalAt(node, path, from);
      if (literal !== undefined) {
        const end = from + literal.codes.length;
        next = literal;
        nextFrom = end === path.length ? -1 : end + 1;
      }
      if (node.variable !== null || node.tested.length > 0) {
        let to = from;
        while (to < path.length && path.charCodeAt(to) !== 47) to++;
        if (to > from) {
          const after = to === path.length ? -1 : to + 1;
          if (node.variable !== null) {
            if (next !== null) this.visit(next, nextFrom, nextTop);
            next = node.variable;
            nextFrom = after;
            nextTop = top + 2;
          }
          const tested = node.tested;
          for (let i = 0; i < tested.length; i++) {
            const branch = tested[i] as TrieNode['tested'][number];
            if (branch.node.minIndex >= this.limit || !branch.test.test(path.slice(from, to))) continue;
            if (next !== null) {
              positions[top] = from;
              positions[top + 1] = to;
              this.visit(next, nextFrom, nextTop);
            }
            next = branch.node;
            nextFrom = after;
            nextTop = top + 2;
          }
          // Every variable branch of this node captures the same segment.
          positions[top] = from;
          positions[top + 1] = to;
        }
      }
      if (next === null) return;
      node = next;
      from = nextFrom;
      top = nextTop;
    }
  }

  #choose(route: RouteEntry, top: number): void {
    this.best = route;
    this.limit = route.index;
    this.captures = slices(this.path, this.positions, top);
  }
}

/** Whether some node has routes that come before `limit`. */
function anyBefore(nodes: readonly TrieNode[], limit: number): boolean {
  for (let i = 0; i < nodes.length; i++) if ((nodes[i] as TrieNode).minIndex < limit) return true;
  return false;
}

/** Sets `alsoTested` on every literal child whose text its parent's requirements accept. */
function markTestedLiterals(node: TrieNode): void {
  const literals = node.literals?.values() ?? [];
  for (const child of literals) {
    if (node.tested.length > 0) {
      const text = String.fromCharCode(...child.codes);
      child.alsoTested = node.tested.filter((branch) => branch.test.test(text)).map((branch) => branch.node);
    }
    markTestedLiterals(child);
  }
  if (node.variable !== null) markTestedLiterals(node.variable);
  for (const branch of node.tested) markTestedLiterals(branch.node);
}

/** testedBranch's answer when more than one requirement is met. */
const MANY = new TrieNode();

/**
 * The node of the one variable with a requirement that the segment from `from` to `to`
 * meets and whose routes may come before `limit`, null if none does, MANY if several do.
 */
function testedBranch(node: TrieNode, path: string, from: number, to: number, limit: number): TrieNode | null {
  let found: TrieNode | null = null;
  const tested = node.tested;
  for (let i = 0; i < tested.length; i++) {
    const branch = tested[i] as TrieNode['tested'][number];
    if (branch.node.minIndex >= limit || !branch.test.test(path.slice(from, to))) continue;
    if (found !== null) return MANY;
    found = branch.node;
  }
  return found;
}

/** The first route ending at `node` that the path may take: before `limit`, and with a trailing slash it accepts. */
function terminalRoute(node: TrieNode, trailingSlashes: number, limit: number): RouteEntry | undefined {
  for (const route of node.routes) {
    // A route with variables accepts one trailing slash at most (see RouteEntry.source).
    if (route.index >= limit) return undefined;
    if (trailingSlashes <= 1 || route.pathVariables.length === 0) return route;
  }
  return undefined;
}

function terminalMatch(node: TrieNode, path: string, trailingSlashes: number, limit: number, positions: number[], top: number): TrieMatch | null {
  const route = terminalRoute(node, trailingSlashes, limit);
  return route === undefined ? null : { best: route, captures: slices(path, positions, top) };
}

function slices(path: string, positions: readonly number[], top: number): string[] {
  // one variable, the most common: a literal of one, where pushing would grow an empty array
  if (top === 2) return [path.slice(positions[0], positions[1])];
  const values: string[] = [];
  for (let i = 0; i < top; i += 2) values.push(path.slice(positions[i], positions[i + 1]));
  return values;
}

/** The literal child equal to the segment at `from`: compared in place, then followed by "/" or the end. */
function literalAt(node: TrieNode, path: string, from: number): TrieNode | undefined {
  const siblings = node.literals?.get(path.charCodeAt(from));
  if (siblings === undefined) return undefined;
  for (let i = 0; i < siblings.length; i++) {
    const child = siblings[i] as TrieNode;
    const end = from + child.codes.length;
    if ((end === path.length || path.charCodeAt(end) === 47) && equalAt(path, from, child.codes, 1)) return child;
  }
  return undefined;
}

function literalChild(node: TrieNode, segment: string): TrieNode {
  node.literals ??= new CharIndex();
  const key = segment.charCodeAt(0);
  let child = node.literals.get(key)?.find((sibling) => String.fromCharCode(...sibling.codes) === segment);
  if (child === undefined) {
    child = new TrieNode();
    child.codes = charCodes(segment);
    node.literals.add(key, child);
  }
  return child;
}

function variableChild(node: TrieNode, part: { test: RegExp | null; source: string }): TrieNode {
  if (part.test === null) return (node.variable ??= new TrieNode());
  let branch = node.tested.find((tested) => tested.source === part.source);
  if (branch === undefined) node.tested.push((branch = { test: part.test, source: part.source, node: new TrieNode() }));
  return branch.node;
}

const partsCache = new WeakMap<RouteEntry, Part[] | null>();

/** The route's segments, or undefined when it is not made of whole segments only. */
function segmentParts(entry: RouteEntry): Part[] | undefined {
  let parts = partsCache.get(entry);
  if (parts === undefined) partsCache.set(entry, (parts = computeParts(entry) ?? null));
  return parts ?? undefined;
}

function computeParts(entry: RouteEntry): Part[] | undefined {
  const { compiled, route } = entry;
  if (compiled.firstOptional !== Number.POSITIVE_INFINITY || route.path === '/' || route.path.includes('//')) return undefined;
  const variables = compiled.tokens.filter((token) => token.kind === 'variable');
  if (variables.some((token) => token.separator !== '/')) return undefined;
  // Each variable becomes "/\0"; a variable that shares its segment with text then shows.
  let shape = compiled.tokens.map((token) => (token.kind === 'text' ? token.text : '/\u0000')).join('');
  if (compiled.hasTrailingSlash) shape = shape.slice(0, -1);

  const parts: Part[] = [];
  let variable = 0;
  for (const segment of shape.slice(1).split('/')) {
    if (segment !== '\u0000') {
      if (segment.includes('\u0000') || segment === '') return undefined;
      parts.push(segment);
      continue;
    }
    const pattern = (variables[variable++] as { pattern: string }).pattern;
    const flags = compiled.regex.flags;
    if (pattern === WHOLE_SEGMENT) parts.push({ test: null, source: pattern });
    else if (isSegmentBound(pattern, compiled.utf8)) parts.push({ test: new RegExp(`^(?:${pattern})$`, flags), source: `${flags}:${pattern}` });
    else return undefined;
  }
  return parts;
}
