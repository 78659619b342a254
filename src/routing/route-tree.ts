import { CharIndex } from './char-index.ts';
import { MatchMisses } from './match-misses.ts';
import { charCodes, equalAt, trimTrailingSlashes } from './path-info.ts';
import { RegexChunk } from './regex-chunk.ts';
import { Rejection, type Captures, type RouteEntry } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';
import { SegmentTrie } from './segment-trie.ts';
import { firstAccepted } from './first-accepted.ts';
import { slashCounts } from './slash-count.ts';
import type { MatchInput } from './match-input.ts';

/** Larger chunks mean fewer regex runs but longer result arrays and marker scans. */
const MAX_CHUNK_SIZE = 24;
const SLASH = 47;

class RouteTreeNode {
  /** Children by the first character of their segment ("/" for an empty segment). */
  children: CharIndex<RouteTreeNode> | null = null;
  readonly codes: Uint16Array;
  /** Every route of the node, segment routes included, for the slow path. */
  readonly entries: RouteEntry[] = [];
  /** Regex chunks of the routes not made of whole segments, by the path's number of slashes; the last list serves every larger number. */
  buckets: RegexChunk[][] = [];

  constructor(
    readonly prefix: string,
    readonly segment: string,
    readonly depth: number,
  ) {
    this.codes = charCodes(segment);
  }

  /** The child whose segment is the path's segment starting at `start`. */
  find(path: string, start: number): RouteTreeNode | undefined {
    const siblings = (this.children as CharIndex<RouteTreeNode>).get(start < path.length ? path.charCodeAt(start) : SLASH);
    if (siblings === undefined) return undefined;
    for (let i = 0; i < siblings.length; i++) {
      const child = siblings[i] as RouteTreeNode;
      const end = start + child.codes.length;
      // The first character chose the siblings, so the comparison starts at the second.
      if ((end === path.length || path.charCodeAt(end) === SLASH) && equalAt(path, start, child.codes, 1)) return child;
    }
    return undefined;
  }

  child(segment: string): RouteTreeNode {
    this.children ??= new CharIndex();
    const key = segment === '' ? SLASH : segment.charCodeAt(0);
    let child = this.children.get(key)?.find((node) => node.segment === segment);
    if (child === undefined) {
      child = new RouteTreeNode(`${this.prefix}/${segment}`, segment, this.depth + 1);
      this.children.add(key, child);
    }
    return child;
  }
}

/**
 * The routes that have variables. Those made of whole segments (most of them) form one
 * SegmentTrie, searched segment by segment from the root. The others sit in a tree of the
 * whole path segments their pattern starts with ("/api/{page}.{_format}" in the node
 * "/api"): a path can only match routes of the nodes along its own segments, so a
 * lookup walks down the tree comparing characters (each read once, no substring built)
 * and runs the combined regexes (RegexChunk) of those nodes, only for the routes that
 * can match a path with as many slashes as this one.
 *
 * Declaration order still decides: the trie and each node yield their first match in
 * matching order, and the lowest index among them wins. If that route is then rejected (by
 * method, scheme, host, condition or trailing slash), the remaining candidates after it
 * are tried one by one with their own regexes: a rare case that only costs time.
 */
export class RouteTree {
  readonly #root = new RouteTreeNode('', '', 0);
  /** The routes made of whole segments, in one trie from the root. */
  readonly #segments: SegmentTrie | null;
  /** Whether any node has regex chunks; without, a lookup need not walk the tree. */
  readonly #hasRegexRoutes: boolean;
  /**
   * Whether some route can match a path only once its trailing slash is added or removed
   * even though it matched neither form's other parts: a variable that may hold "/" or
   * be empty, or "//" in the pattern. Without such routes, a path that no route came
   * near cannot match with its trailing slash toggled either.
   */
  readonly slashSensitive: boolean;

  constructor(entries: readonly RouteEntry[]) {
    const all = [this.#root];
    let slashSensitive = false;
    for (const entry of entries) {
      let node = this.#root;
      for (const segment of leadingSegments(entry)) {
        const child = node.child(segment);
        if (!all.includes(child)) all.push(child);
        node = child;
      }
      node.entries.push(entry);
      slashSensitive ||= slashCounts(entry.compiled) === undefined || entry.route.path.includes('//');
    }
    const segmentRoutes = entries.filter((entry) => SegmentTrie.accepts(entry));
    this.#segments = segmentRoutes.length > 0 ? new SegmentTrie(segmentRoutes, 0) : null;
    for (const node of all) if (node.entries.length > 0) build(node);
    this.#hasRegexRoutes = all.some((node) => node.buckets.length > 0);
    this.slashSensitive = slashSensitive;
  }

  /**
   * The first route in matching order that accepts the path, or the misses
   * (MatchMisses.UNRELATED when no route's path matched).
   */
  match(input: MatchInput, misses: MatchMisses | undefined): RouteParameters | MatchMisses {
    const { path, trimmed } = input;
    let best: RouteEntry | undefined;
    let bestMatch: Captures | null = null;
    let bestOffset = 0;
    const trailingSlashes = path.length - trimmed.length;
    if (this.#segments !== null && trimmed.charCodeAt(0) === SLASH) {
      const found = this.#segments.exec(trimmed, 0, trailingSlashes, Number.POSITIVE_INFINITY);
      if (found !== null) {
        best = found.best as RouteEntry;
        bestMatch = found.captures;
      }
    }
    let count = -1;
    // The walk finds the nodes along the path that hold regex routes. `end` is where the
    // node's prefix ends: at the slash before the next segment, or at the end of the path.
    let node: RouteTreeNode | undefined = this.#hasRegexRoutes ? this.#root : undefined;
    let end = 0;
    while (node !== undefined) {
      const buckets = node.buckets;
      if (buckets.length > 0) {
        if (count === -1) count = countSlashes(trimmed);
        for (const chunk of buckets[Math.min(count, buckets.length - 1)] as RegexChunk[]) {
          if (best !== undefined && chunk.firstIndex > best.index) break;
          const found = chunk.exec(path);
          if (found === null) continue;
          if (best === undefined || found.entry.index < best.index) {
            best = found.entry;
            bestMatch = found.captures;
            bestOffset = found.offset;
          }
          break;
        }
      }
      if (node.children === null || end >= path.length || path.charCodeAt(end) !== SLASH) break;
      node = node.find(path, end + 1);
      if (node !== undefined) end += 1 + node.codes.length;
    }
    if (best === undefined) return misses ?? MatchMisses.UNRELATED;

    const result = best.evaluate(input, bestMatch, bestOffset);
    if (typeof result !== 'number') return result;
    if (result === Rejection.SLASH_REDIRECT) return MatchMisses.NONE;
    if (result === Rejection.METHOD || result === Rejection.SCHEME) (misses ??= new MatchMisses()).record(best, result);
    return this.#matchAfter(best.index, input, misses);
  }

  /** The slow path: every candidate after a rejected one, in matching order. */
  #matchAfter(after: number, input: MatchInput, misses: MatchMisses | undefined): RouteParameters | MatchMisses {
    return firstAccepted(this.#candidates(input.path, after), input, misses);
  }

  #candidates(path: string, after: number): RouteEntry[] {
    const candidates: RouteEntry[] = [];
    let node: RouteTreeNode | undefined = this.#root;
    let end = 0;
    while (node !== undefined) {
      for (const entry of node.entries) if (entry.index > after) candidates.push(entry);
      if (node.children === null || end >= path.length || path.charCodeAt(end) !== SLASH) break;
      node = node.find(path, end + 1);
      if (node !== undefined) end += 1 + node.codes.length;
    }
    return candidates.sort((a, b) => a.index - b.index);
  }
}

function countSlashes(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === SLASH) count++;
  return count;
}

/**
 * The complete path segments before the route's first variable: for "/api/v1/users/{id}"
 * api, v1 and users; for "/blog-{slug}" none, since "blog-" is only part of a segment.
 * A variable's separator counts as literal: when the variable is optional the path may
 * end right before it, and then its last segment still leads to this node.
 */
function leadingSegments(entry: RouteEntry): string[] {
  const [first, second] = entry.compiled.tokens;
  let literal = '';
  if (first?.kind === 'variable') literal = first.separator;
  else if (second?.kind === 'variable') literal = (first?.text ?? '') + second.separator;
  // A route without variables matches its path with any number of trailing slashes.
  else if (first !== undefined) literal = trimTrailingSlashes(first.text);
  return literal.split('/').slice(1, -1);
}

/** The node's routes that are not segment routes, by slash count (see slashCounts), in chunks. */
function build(node: RouteTreeNode): void {
  const others = node.entries.filter((entry) => !SegmentTrie.accepts(entry));
  if (others.length === 0) return;
  const counts = others.map((entry) => slashCounts(entry.compiled));
  const largest = Math.max(-1, ...counts.flatMap((count) => count ?? []));
  for (let slashes = 0; slashes <= largest + 1; slashes++) {
    const fits = (count: number[] | undefined): boolean => count === undefined || (slashes <= largest && count.includes(slashes));
    node.buckets.push(chunks(node.prefix, others.filter((_, i) => fits(counts[i]))));
  }
}

/** Consecutive routes with the same regex flags, at most MAX_CHUNK_SIZE per chunk. */
function chunks(prefix: string, entries: readonly RouteEntry[]): RegexChunk[] {
  const result: RegexChunk[] = [];
  let chunk: RouteEntry[] = [];
  let flags = '';
  for (const entry of entries) {
    if (entry.regex.flags !== flags || chunk.length === MAX_CHUNK_SIZE) {
      if (chunk.length > 0) result.push(new RegexChunk(prefix, chunk, flags));
      chunk = [];
      flags = entry.regex.flags;
    }
    chunk.push(entry);
  }
  if (chunk.length > 0) result.push(new RegexChunk(prefix, chunk, flags));
  return result;
}
