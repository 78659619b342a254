import type { Request } from '../../http/request.ts';
import { isDeprecation } from '../../error-handler/deprecation-error.ts';
import { interpolate } from '../../log/interpolate.ts';
import { LogLevel } from '../../log/level.ts';
import type { LogRecord } from '../../log/log-record.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';
import { toJsonSafe } from '../../log/normalize.ts';
import { calledCallAt, calledCallFinder } from './event-data-collector.ts';

/** What the collector reads: the DebugLogger's per-request groups. */
export interface DebugLogSource {
  getLogs(request?: object): readonly LogRecord[];
  getTreeLogs(mainRequest: object): readonly LogRecord[];
}

/** The Logs panel's tabs: what each entry belongs to. */
export type LogTab = 'info-errors' | 'deprecations' | 'debug';

export interface LogEntryData {
  readonly level: string;
  readonly levelValue: number;
  /** Epoch milliseconds. */
  readonly time: number;
  readonly channel: string;
  /** Placeholders filled. */
  readonly message: string;
  readonly context: unknown;
  readonly tab: LogTab;
}

export interface LogCounts {
  /** ERROR and above. */
  readonly errors: number;
  readonly warnings: number;
  readonly deprecations: number;
  /** Entries of the Debug tab. */
  readonly debug: number;
  readonly total: number;
}

export interface LogsData {
  /** In the DebugLogger's order: for a main request, its own entries first, then each sub-request's. */
  readonly entries: readonly LogEntryData[];
  readonly counts: LogCounts;
  readonly channels: readonly string[];
}

/**
 * The log entries of a request. For a main request: those of its whole tree (its own,
 * then the sub-requests'), as the error page's Logs tab reads them; for a sub-request,
 * its own. Read at kernel.terminate, before the DebugLogger releases them (-2048);
 * `collect` gives the toolbar the counts so far.
 */
export class LoggerDataCollector implements DataCollector {
  readonly name = 'logs';
  readonly #logs: DebugLogSource;

  constructor(logs: DebugLogSource) {
    this.#logs = logs;
  }

  collect({ request, isMain }: CollectContext): LogsData {
    return { entries: [], counts: countsOf(this.#records(request, isMain)), channels: [] };
  }

  /** The entries as a profile keeps them: the event dispatcher's lines shortened (see `expand`). */
  lateCollect({ request, isMain, profile }: LateCollectContext): StoredLogsData {
    const records = this.#records(request, isMain);
    const find = calledCallFinder(profile.collectors.get('events'));
    const entries = records.map((record): StoredLogEntry => listenerLineOf(record, find) ?? {
      level: record.level,
      levelValue: record.levelValue,
      time: record.time,
      channel: record.channel,
      message: interpolate(record.message, record.context),
      context: toJsonSafe(record.context),
      tab: tabOf(record),
    });
    return { entries, counts: countsOf(records), channels: [...new Set(records.map((record) => record.channel))].sort() };
  }

  /**
   * The entries as they were logged. The event dispatcher's lines, most of a debug
   * request's entries, are kept as `[time, message, event, listener]`: their message
   * filled and their context copied anew made each a few times longer, and storing them
   * a good part of what storing a profile cost. A line of a listener the events
   * collector's data lists as called is kept as `[time, message, request, index]`, where
   * that data lists it: the same two names are not kept twice.
   */
  expand(stored: unknown, collectors: Readonly<Record<string, unknown>> = {}): unknown {
    // a collector's failure ({ error }), kept as it is
    if (!Array.isArray((stored as Partial<StoredLogsData> | undefined)?.entries)) return stored;
    const data = stored as StoredLogsData;
    const events = collectors['events'];
    return { ...data, entries: data.entries.map((entry) => (Array.isArray(entry) ? listenerEntry(entry as ListenerLine | SharedListenerLine, events) : (entry as LogEntryData))) };
  }

  #records(request: Request, isMain: boolean): LogRecord[] {
    return [...(isMain ? this.#logs.getTreeLogs(request) : this.#logs.getLogs(request))];
  }
}

/**
 * The messages of the event dispatcher's lines (TraceableEventDispatcher), each logged at
 * DEBUG on the `event` channel with `{ event, listener }`. Another message, or the same
 * one with any other context, is kept whole.
 */
const listenerMessages = [
  'Notified event "{event}" to listener "{listener}".',
  'Listener "{listener}" stopped propagation of the event "{event}".',
  'Listener "{listener}" was not called for event "{event}".',
] as const;

/** An event dispatcher's line as a profile keeps it: its time, which message, the event and the listener. */
type ListenerLine = readonly [time: number, message: number, event: string, listener: string];

/** An event dispatcher's line whose listener the events collector's data lists as called: its time, which message, and where that data lists the call. */
type SharedListenerLine = readonly [time: number, message: number, request: number, index: number];

type StoredLogEntry = LogEntryData | ListenerLine | SharedListenerLine;

/** LogsData as a profile keeps it (see LoggerDataCollector#expand). */
export interface StoredLogsData extends Omit<LogsData, 'entries'> {
  readonly entries: readonly StoredLogEntry[];
}

function listenerLineOf(record: LogRecord, find: ReturnType<typeof calledCallFinder>): ListenerLine | SharedListenerLine | undefined {
  if (record.channel !== 'event' || record.levelValue !== LogLevel.DEBUG || record.level !== 'DEBUG') return undefined;
  const message = listenerMessages.indexOf(record.message as (typeof listenerMessages)[number]);
  if (message === -1) return undefined;
  // exactly { event, listener }, in that order: the copy `expand` makes is the same
  let keys = 0;
  for (const key in record.context) {
    if (!Object.hasOwn(record.context, key)) continue;
    if (key !== (keys === 0 ? 'event' : 'listener') || keys === 2) return undefined;
    keys++;
  }
  const { event, listener } = record.context;
  if (keys !== 2 || typeof event !== 'string' || typeof listener !== 'string') return undefined;
  const place = find?.(event, listener);
  return place === undefined ? [record.time, message, event, listener] : [record.time, message, place[0], place[1]];
}

function listenerEntry(line: ListenerLine | SharedListenerLine, events: unknown): LogEntryData {
  const [time, message] = line;
  let event: string;
  let listener: string;
  if (typeof line[2] === 'string') {
    [, , event, listener] = line as ListenerLine;
  } else {
    const call = calledCallAt(events, line[2], line[3] as number);
    event = call?.event ?? '';
    listener = call?.listener ?? '';
  }
  const context = { event, listener };
  return { level: 'DEBUG', levelValue: LogLevel.DEBUG, time, channel: 'event', message: interpolate(listenerMessages[message]!, context), context, tab: 'debug' };
}

function tabOf(record: LogRecord): LogTab {
  if (isDeprecation(record.context.exception)) return 'deprecations';
  return record.levelValue === LogLevel.DEBUG ? 'debug' : 'info-errors';
}

function countsOf(records: readonly LogRecord[]): LogCounts {
  let errors = 0;
  let warnings = 0;
  let deprecations = 0;
  let debug = 0;
  for (const record of records) {
    if (record.levelValue >= LogLevel.ERROR) errors++;
    else if (record.levelValue >= LogLevel.WARNING) warnings++;
    const tab = tabOf(record);
    if (tab === 'deprecations') deprecations++;
    else if (tab === 'debug') debug++;
  }
  return { errors, warnings, deprecations, debug, total: records.length };
}
