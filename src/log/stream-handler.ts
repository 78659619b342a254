import { channelFilter, type ChannelFilter } from './channel-filter.ts';
import { LogLevel, toLevelValue, type LevelLike } from './level.ts';
import { formatLine } from './line-formatter.ts';
import { LogDestination, type LogRotation } from './log-destination.ts';
import type { LogHandler, LogRecord } from './log-record.ts';

export interface StreamHandlerOptions {
  /** The lowest level written; DEBUG by default. */
  readonly level?: LevelLike;
  /** Monolog's syntax: `['!event']` writes every channel but `event`, `['request']` only `request`. */
  readonly channels?: readonly string[];
  /** For a file: set it aside by size or day, keeping N old files (see LogRotation). */
  readonly rotate?: LogRotation;
  /** Turns a record into the text written, newline included; the reference's line format by default. */
  readonly format?: (record: LogRecord) => string;
}

/** Writes one formatted line per record to a file (`var/log/dev.log`) or a stream. */
export class StreamHandler implements LogHandler {
  readonly #destination: LogDestination;
  readonly #level: number;
  readonly #accepts: ChannelFilter;
  readonly #format: (record: LogRecord) => string;

  constructor(destination: string | NodeJS.WritableStream, options: StreamHandlerOptions = {}) {
    this.#level = toLevelValue(options.level ?? LogLevel.DEBUG);
    this.#accepts = channelFilter(options.channels);
    this.#format = options.format ?? formatLine;
    this.#destination = new LogDestination(destination, options.rotate);
  }

  isHandling(level: number): boolean {
    return level >= this.#level;
  }

  handle(record: LogRecord): void {
    if (!this.#accepts(record.channel)) return;
    this.#destination.write(this.#format(record));
  }

  flushSync(): void {
    this.#destination.flushSync();
  }

  close(): Promise<void> {
    return this.#destination.close();
  }
}
