import { LogLevel, levelName, toLevelValue, type LevelLike, type LevelName } from './level.ts';
import type { LogContext, LogHandler, LogRecord } from './log-record.ts';

/**
 * The handlers of a logger and of every channel made from it. Kept in one object so that
 * a handler added to any of them reaches all, and so that the cached lowest level is
 * shared too.
 */
interface HandlerList {
  readonly handlers: LogHandler[];
  /** The lowest level some handler takes; Infinity while there is none. */
  minLevel: number;
  /** Handlers whose failure was already reported, so a broken one does not flood stderr. */
  readonly reported: WeakSet<LogHandler>;
}

const levelsAscending = Object.values(LogLevel).sort((a, b) => a - b);

/**
 * Logs templates plus context on a channel. A call below every handler's level costs one
 * comparison: no record is built, no handler asked.
 */
export class Logger {
  readonly channel: string;
  #list: HandlerList;

  constructor(channel: string, handlers: readonly LogHandler[] = []) {
    this.channel = channel;
    this.#list = { handlers: [], minLevel: Number.POSITIVE_INFINITY, reported: new WeakSet() };
    for (const handler of handlers) this.pushHandler(handler);
  }

  /** The same handlers, on another channel (`request`, `event`, `php`…). */
  withChannel(channel: string): Logger {
    const logger = new Logger(channel);
    logger.#list = this.#list;
    return logger;
  }

  /** Adds a handler, called after those already there, on every channel of this logger. */
  pushHandler(handler: LogHandler): void {
    const list = this.#list;
    list.handlers.push(handler);
    // Handlers say which levels they take only through isHandling; the eight levels are
    // asked once here rather than on each call.
    list.minLevel = levelsAscending.find((level) => list.handlers.some((h) => h.isHandling(level))) ?? Number.POSITIVE_INFINITY;
  }

  get handlers(): readonly LogHandler[] {
    return this.#list.handlers;
  }

  isHandling(level: LevelLike): boolean {
    return toLevelValue(level) >= this.#list.minLevel;
  }

  /**
   * Logs at any level. `message` may be a function: it is called, with `argument`, only
   * when a handler reads the record's message, so text that is costly to build (an
   * error's file and line) costs nothing for an entry that a buffer drops unwritten. A
   * function declared once and given its argument here needs no closure made per entry.
   */
  log<A = undefined>(level: LevelLike, message: string | ((argument: A) => string), context?: LogContext, argument?: A): void {
    const value = toLevelValue(level);
    if (value >= this.#list.minLevel) this.#write(levelName(value), value, message as string | ((argument: unknown) => string), context, argument);
  }

  debug(message: string, context?: LogContext): void {
    if (LogLevel.DEBUG >= this.#list.minLevel) this.#write('DEBUG', LogLevel.DEBUG, message, context);
  }

  info(message: string, context?: LogContext): void {
    if (LogLevel.INFO >= this.#list.minLevel) this.#write('INFO', LogLevel.INFO, message, context);
  }

  notice(message: string, context?: LogContext): void {
    if (LogLevel.NOTICE >= this.#list.minLevel) this.#write('NOTICE', LogLevel.NOTICE, message, context);
  }

  warning(message: string, context?: LogContext): void {
    if (LogLevel.WARNING >= this.#list.minLevel) this.#write('WARNING', LogLevel.WARNING, message, context);
  }

  error(message: string, context?: LogContext): void {
    if (LogLevel.ERROR >= this.#list.minLevel) this.#write('ERROR', LogLevel.ERROR, message, context);
  }

  critical(message: string, context?: LogContext): void {
    if (LogLevel.CRITICAL >= this.#list.minLevel) this.#write('CRITICAL', LogLevel.CRITICAL, message, context);
  }

  alert(message: string, context?: LogContext): void {
    if (LogLevel.ALERT >= this.#list.minLevel) this.#write('ALERT', LogLevel.ALERT, message, context);
  }

  emergency(message: string, context?: LogContext): void {
    if (LogLevel.EMERGENCY >= this.#list.minLevel) this.#write('EMERGENCY', LogLevel.EMERGENCY, message, context);
  }

  /** Writes out what handlers buffer; for a process 'exit' listener, where nothing async runs. */
  flushSync(): void {
    for (const handler of this.#list.handlers) this.#guard(handler, () => handler.flushSync?.());
  }

  /** Flushes and closes every handler (files, streams) of every channel. */
  async close(): Promise<void> {
    await Promise.all(this.#list.handlers.map(async (handler) => handler.close?.()));
  }

  #write(level: LevelName, levelValue: LogRecord['levelValue'], message: string | ((argument: unknown) => string), context: LogContext | undefined, argument?: unknown): void {
    const record: LogRecord =
      typeof message === 'string'
        ? { level, levelValue, time: Date.now(), channel: this.channel, message, context: context ?? {} }
        : lazyRecord(level, levelValue, this.channel, message, argument, context ?? {});
    for (const handler of this.#list.handlers) {
      if (!handler.isHandling(levelValue)) continue;
      try {
        const result: unknown = handler.handle(record);
        if (result instanceof Promise) this.#watch(handler, result);
      } catch (error) {
        this.#report(handler, error);
      }
    }
  }

  /** Logging must never be why a request fails: a handler's failure is reported, not thrown. */
  #guard(handler: LogHandler, call: () => unknown): void {
    try {
      const result = call();
      if (result instanceof Promise) this.#watch(handler, result);
    } catch (error) {
      this.#report(handler, error);
    }
  }

  /** A handler written as async would otherwise turn its failure into an unhandled rejection. */
  #watch(handler: LogHandler, result: Promise<unknown>): void {
    result.catch((error: unknown) => this.#report(handler, error));
  }

  #report(handler: LogHandler, error: unknown): void {
    const reported = this.#list.reported;
    if (reported.has(handler)) return;
    reported.add(handler);
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(
      `Sluice: log handler ${handler.constructor.name} failed; its later failures are not reported.\n${detail}\n`,
    );
  }
}

/** A record whose message is built on first read, then kept. */
function lazyRecord(level: LevelName, levelValue: LogRecord['levelValue'], channel: string, build: (argument: unknown) => string, argument: unknown, context: LogContext): LogRecord {
  return new LazyMessageRecord(level, levelValue, channel, build, argument, context);
}

/**
 * A record whose message is built on first read. A class, not a literal with a getter:
 * such a literal gets a hidden class of its own that pins its closure (and the error it
 * describes) through the next young-generation collections.
 */
class LazyMessageRecord implements LogRecord {
  readonly level: LevelName;
  readonly levelValue: LogRecord['levelValue'];
  readonly time: number;
  readonly channel: string;
  readonly context: LogContext;
  /** Kept here rather than in a LazyLogValue: one object fewer for each such entry. */
  #build: ((argument: unknown) => string) | undefined;
  /** What `#build` is called with until it ran; then the message. */
  #argumentOrMessage: unknown;

  constructor(level: LevelName, levelValue: LogRecord['levelValue'], channel: string, build: (argument: unknown) => string, argument: unknown, context: LogContext) {
    this.level = level;
    this.levelValue = levelValue;
    this.time = Date.now();
    this.channel = channel;
    this.context = context;
    this.#build = build;
    this.#argumentOrMessage = argument;
  }

  get message(): string {
    const build = this.#build;
    if (build !== undefined) {
      this.#argumentOrMessage = build(this.#argumentOrMessage);
      this.#build = undefined;
    }
    return this.#argumentOrMessage as string;
  }
}
