import { MatchMisses } from './match-misses.ts';
import { RegexChunk } from './regex-chunk.ts';
import type { RequestContext } from './request-context.ts';
import { Rejection, type RouteEntry } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';
import { countSlashes, slashCounts } from './slash-count.ts';

const NO_CHUNKS: readonly RegexChunk[] = [];

/** Larger chunks mean fewer regex runs but longer result arrays and marker scans. */
const MAX_CHUNK_SIZE = 24;

class RouteTreeNode {
  /** Children by segment length and first character, so that no substring is built to find one. */
  children: Map<number, RouteTreeNode[]> | null = null;
  /** Regex chunks by the path's number of slashes; the last list serves every larger number. */
  buckets: RegexChunk[][] = [];
  readonly entries: RouteEntry[] = [];

  constructor(
    readonly prefix: string,
    readonly segment: string,
  ) {}

  child(segment: string): RouteTreeNode {
    this.children ??= new Map();
    const key = childKey(segment.length, segment.charCodeAt(0));
    const siblings = this.children.get(key) ?? [];
    let child = siblings.find((node) => node.segment === segment);
    if (child === undefined) {
      child = new RouteTreeNode(`${this.prefix}/${segment}`, segment);
      siblings.push(child);
      this.children.set(key, siblings);
    }
    return child;
  }

  /** The child for the path segment between `start` and `end`. */
  find(path: string, start: number, end: number): RouteTreeNode | undefined {
    const siblings = (this.children as Map<number, RouteTreeNode[]>).get(childKey(end - start, path.charCodeAt(start)));
    if (siblings === undefined) return undefined;
    for (const node of siblings) if (path.startsWith(node.segment, start)) return node;
    return undefined;
  }

  chunksFor(slashes: number): RegexChunk[] {
    const buckets = this.buckets;
    return buckets[Math.min(slashes, buckets.length - 1)] as RegexChunk[];
  }
}

/** NaN (empty segment) becomes 0 through the bitwise or. */
function childKey(length: number, firstChar: number): number {
  return length * 65536 + (firstChar | 0);
}

/**
 * The routes that have variables, bucketed by the whole path segments their pattern
 * starts with: "/api/v1/users/{id}" lives under api → v1 → users. A path can only match
 * routes of the nodes along its own segments, so a lookup walks those few nodes and runs
 * each one's combined regexes (a few dozen routes each) instead of testing every route.
 *
 * Declaration order still decides across buckets: each node yields its first match, and
 * the lowest matching-order index among them wins. If that route is then rejected (by
 * method, scheme, host, condition or trailing slash), the remaining candidates after it
 * are tried one by one with their own regexes, a rare path that only costs time.
 */
export class RouteTree {
  readonly #root = new RouteTreeNode('', '');

  constructor(entries: readonly RouteEntry[]) {
    for (const entry of entries) {
      let node = this.#root;
      for (const segment of leadingSegments(entry)) node = node.child(segment);
      node.entries.push(entry);
    }
    build(this.#root);
  }

  match(
    path: string,
    trimmed: string,
    context: RequestContext,
    request: unknown,
    canRedirect: boolean,
    misses: MatchMisses | undefined,
  ): RouteParameters | MatchMisses {
    let best: RouteEntry | undefined;
    let bestMatch: RegExpExecArray | null = null;
    let bestOffset = 0;
    let node: RouteTreeNode | undefined = this.#root;
    let start = 1;
    let slashes = -1;
    while (node !== undefined) {
      if (node.buckets.length > 0 && slashes === -1) slashes = countSlashes(trimmed);
      for (const chunk of node.buckets.length > 0 ? node.chunksFor(slashes) : NO_CHUNKS) {
        if (best !== undefined && chunk.firstIndex > best.index) break;
        const match = chunk.regex.exec(path);
        if (match === null) continue;
        const at = chunk.matchedAt(match);
        const entry = chunk.entries[at] as RouteEntry;
        if (best === undefined || entry.index < best.index) {
          best = entry;
          bestMatch = match;
          bestOffset = chunk.offsets[at] as number;
        }
        break;
      }
      if (node.children === null || start > path.length) break;
      let end = path.indexOf('/', start);
      if (end === -1) end = path.length;
      node = node.find(path, start, end);
      start = end + 1;
    }
    if (best === undefined) return misses ?? MatchMisses.NONE;

    const result = best.evaluate(path, trimmed, bestMatch, bestOffset, context, request, canRedirect);
    if (typeof result !== 'number') return result;
    if (result === Rejection.SLASH_REDIRECT) return MatchMisses.NONE;
    if (result === Rejection.METHOD || result === Rejection.SCHEME) (misses ??= new MatchMisses()).record(best, result);
    return this.#matchAfter(best.index, path, trimmed, context, request, canRedirect, misses);
  }

  /** The slow path: every candidate after a rejected one, in matching order. */
  #matchAfter(
    after: number,
    path: string,
    trimmed: string,
    context: RequestContext,
    request: unknown,
    canRedirect: boolean,
    misses: MatchMisses | undefined,
  ): RouteParameters | MatchMisses {
    for (const entry of this.#candidates(path, after)) {
      const match = entry.regex.exec(path);
      if (match === null) continue;
      const result = entry.evaluate(path, trimmed, match, 1, context, request, canRedirect);
      if (typeof result !== 'number') return result;
      if (result === Rejection.SLASH_REDIRECT) return MatchMisses.NONE;
      if (result === Rejection.METHOD || result === Rejection.SCHEME) (misses ??= new MatchMisses()).record(entry, result);
    }
    return misses ?? MatchMisses.NONE;
  }

  #candidates(path: string, after: number): RouteEntry[] {
    const candidates: RouteEntry[] = [];
    let node: RouteTreeNode | undefined = this.#root;
    let start = 1;
    while (node !== undefined) {
      for (const entry of node.entries) if (entry.index > after) candidates.push(entry);
      if (node.children === null || start > path.length) break;
      let end = path.indexOf('/', start);
      if (end === -1) end = path.length;
      node = node.find(path, start, end);
      start = end + 1;
    }
    return candidates.sort((a, b) => a.index - b.index);
  }
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
  if (first?.kind === 'text') literal = first.text + (second?.kind === 'variable' ? second.separator : '');
  else if (first?.kind === 'variable') literal = first.separator;
  return literal.split('/').slice(1, -1);
}

/** Splits each node's routes by slash count, then into chunks of one regex each. */
function build(node: RouteTreeNode): void {
  if (node.entries.length > 0) {
    const counts = node.entries.map((entry) => slashCounts(entry.compiled));
    const largest = Math.max(-1, ...counts.flatMap((count) => count ?? []));
    for (let slashes = 0; slashes <= largest + 1; slashes++) {
      const fits = (count: number[] | undefined): boolean => count === undefined || (slashes <= largest && count.includes(slashes));
      node.buckets.push(chunks(node.prefix, node.entries.filter((_, i) => fits(counts[i]))));
    }
  }
  if (node.children !== null) for (const siblings of node.children.values()) siblings.forEach(build);
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
