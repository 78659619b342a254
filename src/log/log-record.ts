import type { LevelName, LevelValue } from './level.ts';

export type LogContext = Record<string, unknown>;

/**
 * One log entry. `message` is a template whose `{key}` placeholders are filled from
 * `context` only when the entry is shown; `time` is epoch milliseconds.
 */
export interface LogRecord {
  readonly level: LevelName;
  readonly levelValue: LevelValue;
  readonly time: number;
  readonly channel: string;
  readonly message: string;
  readonly context: LogContext;
}

/** Where records go. `isHandling` is asked first so a record nobody wants costs a comparison. */
export interface LogHandler {
  isHandling(level: number): boolean;
  handle(record: LogRecord): void;
  /** Flushes and releases resources (files, streams). */
  close?(): Promise<void> | void;
  /** Writes what is buffered before the process exits, when the handler buffers at all. */
  flushSync?(): void;
}
