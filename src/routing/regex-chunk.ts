import { escapeRegex } from './regex-source.ts';
import type { RouteEntry, RunMatch } from './route-entry.ts';

/**
 * Up to a few dozen routes that share a literal prefix, combined into one regex of
 * ordered alternatives: `^/prefix(?:alt1$()|alt2$()|...)`. JavaScript has neither PCRE's
 * branch-reset groups nor MARK verbs, so each alternative ends with an empty "marker"
 * group: the one that is set names the route, and `offsets` says where that route's
 * variables start among the groups. Alternatives are tried in order, so the first route
 * that matches is the one declared first.
 */
export class RegexChunk {
  readonly regex: RegExp;
  readonly entries: readonly RouteEntry[];
  /** Index of each route's first variable group. */
  readonly offsets: Int32Array;
  /** Index of each route's marker group. */
  readonly markers: Int32Array;
  /** Matching-order index of the first route, to skip chunks that cannot win. */
  readonly firstIndex: number;

  constructor(prefix: string, entries: readonly RouteEntry[], flags: string) {
    this.entries = entries;
    this.offsets = new Int32Array(entries.length);
    this.markers = new Int32Array(entries.length);
    this.firstIndex = (entries[0] as RouteEntry).index;
    const escapedPrefix = escapeRegex(prefix);
    const alternatives: string[] = [];
    let group = 1;
    entries.forEach((entry, i) => {
      if (!entry.source.startsWith(escapedPrefix)) {
        throw new Error(`Route "${entry.name}" does not start with its bucket prefix "${prefix}".`);
      }
      alternatives.push(`${entry.source.slice(escapedPrefix.length)}$()`);
      this.offsets[i] = group;
      group += entry.groupCount;
      this.markers[i] = group;
      group += 1;
    });
    this.regex = new RegExp(`^${escapedPrefix}(?:${alternatives.join('|')})`, flags);
  }

  /** The first route of the chunk whose regex matches the path. */
  exec(path: string): RunMatch | null {
    const match = this.regex.exec(path);
    if (match === null) return null;
    const markers = this.markers;
    let at = 0;
    while (at < markers.length - 1 && match[markers[at] as number] === undefined) at++;
    return { entry: this.entries[at] as RouteEntry, captures: match, offset: this.offsets[at] as number };
  }
}
