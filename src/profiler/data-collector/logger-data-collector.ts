import type { Request } from '../../http/request.ts';
import { isDeprecation } from '../../error-handler/deprecation-error.ts';
import { interpolate } from '../../log/interpolate.ts';
import { LogLevel } from '../../log/level.ts';
import type { LogRecord } from '../../log/log-record.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';
import { toJsonSafe } from '../../log/normalize.ts';

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

  lateCollect({ request, isMain }: LateCollectContext): LogsData {
    const records = this.#records(request, isMain);
    const entries = records.map((record): LogEntryData => ({
      level: record.level,
      levelValue: record.levelValue,
      time: record.time,
      channel: record.channel,
      message: interpolate(record.message, record.context),
      context: toJsonSafe(record.context),
      tab: tabOf(record),
    }));
    return { entries, counts: countsOf(records), channels: [...new Set(records.map((record) => record.channel))].sort() };
  }

  #records(request: Request, isMain: boolean): LogRecord[] {
    return [...(isMain ? this.#logs.getTreeLogs(request) : this.#logs.getLogs(request))];
  }
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
