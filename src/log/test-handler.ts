import { interpolate } from './interpolate.ts';
import { LogLevel, toLevelValue, type LevelLike } from './level.ts';
import type { LogHandler, LogRecord } from './log-record.ts';

/** Keeps records in memory so that tests anywhere in the framework can look at what was logged. */
export class TestHandler implements LogHandler {
  readonly records: LogRecord[] = [];
  readonly #level: number;

  constructor(level: LevelLike = LogLevel.DEBUG) {
    this.#level = toLevelValue(level);
  }

  isHandling(level: number): boolean {
    return level >= this.#level;
  }

  handle(record: LogRecord): void {
    this.records.push(record);
  }

  /** The messages as a reader sees them, placeholders filled: handy for deepEqual. */
  get messages(): string[] {
    return this.records.map((record) => interpolate(record.message, record.context));
  }

  /**
   * Whether a record (at `level`, when given) contains `text` in its template or in its
   * filled message, so a test can name either `{route}` or the route itself.
   */
  hasRecordThatContains(text: string, level?: LevelLike): boolean {
    const value = level === undefined ? undefined : toLevelValue(level);
    return this.records.some(
      (record) =>
        (value === undefined || record.levelValue === value) &&
        (record.message.includes(text) || interpolate(record.message, record.context).includes(text)),
    );
  }

  hasRecordsAt(level: LevelLike): boolean {
    const value = toLevelValue(level);
    return this.records.some((record) => record.levelValue === value);
  }

  clear(): void {
    this.records.length = 0;
  }
}
