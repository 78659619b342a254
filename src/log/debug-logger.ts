import type { RequestStack } from '../http/request-stack.ts';
import { LogLevel, toLevelValue, type LevelLike } from './level.ts';
import type { LogHandler, LogRecord } from './log-record.ts';

export interface DebugLoggerOptions {
  /** The lowest level kept; DEBUG by default. */
  readonly level?: LevelLike;
  /** Main-request trees kept when nobody clears them; the oldest goes first. 50 by default. */
  readonly maxTrees?: number;
  /** Records kept from outside any request (boot, timers); the oldest goes first. 500 by default. */
  readonly maxRecordsOutsideRequests?: number;
}

/** A main request's groups: one record list per request, the main request's own first. */
type Tree = Map<object, LogRecord[]>;

/**
 * Keeps each record under the request that was current when it was logged, for the debug
 * error page's Logs tab and the profiler. Records are kept as given, templates unfilled.
 *
 * Requests overlap in Node, so groups are gathered per main request ("tree"): reading
 * the logs during one request never shows another's.
 */
export class DebugLogger implements LogHandler {
  readonly #requestStack: RequestStack;
  readonly #level: number;
  readonly #maxTrees: number;
  readonly #maxOutside: number;
  readonly #trees = new Map<object, Tree>();
  readonly #groups = new WeakMap<object, LogRecord[]>();
  // A record can arrive after its main request was cleared (a timer it started); it must
  // not bring the tree back, or nothing would ever release it.
  readonly #cleared = new WeakSet<object>();
  #outside: LogRecord[] = [];
  /**
   * The request the last record went to, and its group: a request logs its lines one
   * after the other, and a request belongs to one main request's tree, so the next record
   * of the same request goes to the same group without the lookups. Forgotten when that
   * tree is released.
   */
  #lastRequest: object | undefined;
  #lastGroup: LogRecord[] | undefined;

  constructor(requestStack: RequestStack, options: DebugLoggerOptions = {}) {
    this.#requestStack = requestStack;
    this.#level = toLevelValue(options.level ?? LogLevel.DEBUG);
    this.#maxTrees = options.maxTrees ?? 50;
    this.#maxOutside = options.maxRecordsOutsideRequests ?? 500;
  }

  isHandling(level: number): boolean {
    return level >= this.#level;
  }

  handle(record: LogRecord): void {
    const current = this.#requestStack.getCurrentRequest();
    if (current !== undefined && current === this.#lastRequest) {
      this.#lastGroup!.push(record);
      return;
    }
    const main = this.#requestStack.getMainRequest();
    if (main === undefined) {
      this.#outside.push(record);
      if (this.#outside.length > this.#maxOutside) this.#outside.shift();
      return;
    }
    if (this.#cleared.has(main)) return;
    const request = current ?? main;
    const group = this.#groups.get(request) ?? this.#openGroup(main, request);
    group.push(record);
    this.#lastRequest = request;
    this.#lastGroup = group;
  }

  /**
   * A request's own records; without one, every record of the current main request's
   * tree: the main request's group first, then each sub-request's in the order they
   * first logged. Outside any request, the records logged outside requests.
   */
  getLogs(request?: object): LogRecord[] {
    if (request !== undefined) return [...(this.#groups.get(request) ?? [])];
    const main = this.#requestStack.getMainRequest();
    return main === undefined ? [...this.#outside] : this.getTreeLogs(main);
  }

  /** Every record of a main request's tree, as getLogs() shows it inside that request. */
  getTreeLogs(mainRequest: object): LogRecord[] {
    const records: LogRecord[] = [];
    const tree = this.#trees.get(mainRequest);
    if (tree === undefined) return records;
    // A loop rather than `flat()`, which took longer than the rest of a Logs tab's reading.
    for (const group of tree.values()) for (const record of group) records.push(record);
    return records;
  }

  countErrors(request?: object): number {
    let count = 0;
    for (const record of this.getLogs(request)) if (record.levelValue >= LogLevel.ERROR) count++;
    return count;
  }

  /** Releases a finished main request's records; records it logs later are dropped. */
  clear(mainRequest: object): void {
    this.#cleared.add(mainRequest);
    this.#drop(mainRequest);
  }

  #openGroup(main: object, current: object): LogRecord[] {
    let tree = this.#trees.get(main);
    if (tree === undefined) {
      // The main group is opened first even when a sub-request logs before the main
      // request does, so it always comes first.
      tree = new Map([[main, []]]);
      this.#groups.set(main, tree.get(main)!);
      this.#trees.set(main, tree);
      if (this.#trees.size > this.#maxTrees) this.#drop(this.#trees.keys().next().value!);
    }
    const group: LogRecord[] = tree.get(current) ?? [];
    tree.set(current, group);
    this.#groups.set(current, group);
    return group;
  }

  #drop(main: object): void {
    const tree = this.#trees.get(main);
    if (tree === undefined) return;
    if (this.#lastRequest !== undefined && tree.has(this.#lastRequest)) {
      this.#lastRequest = undefined;
      this.#lastGroup = undefined;
    }
    for (const request of tree.keys()) this.#groups.delete(request);
    this.#trees.delete(main);
  }
}
