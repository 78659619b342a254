import pino from 'pino';
import { channelFilter, type ChannelFilter } from './channel-filter.ts';
import { interpolate } from './interpolate.ts';
import { LogLevel, levelName, toLevelValue, type LevelLike, type LevelName } from './level.ts';
import { LogDestination, type LogRotation } from './log-destination.ts';
import type { LogHandler, LogRecord } from './log-record.ts';
import { jsonLogNormalizing, normalizeContext } from './normalize.ts';

export interface JsonLinesHandlerOptions {
  /** The lowest level written; DEBUG by default. */
  readonly level?: LevelLike;
  /** Monolog's syntax: `['!event']` writes every channel but `event`, `['request']` only `request`. */
  readonly channels?: readonly string[];
  /** For a file: set it aside by size or day, keeping N old files (see LogRotation). */
  readonly rotate?: LogRotation;
  /**
   * Fields added to every entry under `extra` (Monolog's processors), asked when the entry
   * is written: `{ request_id }` of the request being handled, for instance.
   */
  readonly extra?: () => Record<string, string> | undefined;
}

/** The longest message written; a client's path or header inside one is cut here. */
const maxMessageLength = 2048;

// pino's level methods are named after these keys; the values are the framework's own.
const pinoLevels = {
  debug: 100,
  info: 200,
  notice: 250,
  warning: 300,
  error: 400,
  critical: 500,
  alert: 550,
  emergency: 600,
} as const;

type PinoLevel = keyof typeof pinoLevels;

/**
 * One JSON object per record, for log shippers:
 * `{"level":"ERROR","levelValue":400,"time":"<ISO>","channel":"request","context":{…},"extra":{…},"message":"…"}`
 * with the message's placeholders filled and the context normalized: exceptions whole
 * (class, message, code, file:line, trace, previous), strings and the message cut at a
 * bound, so that what a client sends cannot make an entry as long as it likes.
 */
export class JsonLinesHandler implements LogHandler {
  readonly #destination: LogDestination;
  readonly #level: number;
  readonly #accepts: ChannelFilter;
  readonly #pino: pino.Logger<PinoLevel, true>;
  readonly #extra: (() => Record<string, string> | undefined) | undefined;

  constructor(destination: string | NodeJS.WritableStream, options: JsonLinesHandlerOptions = {}) {
    this.#level = toLevelValue(options.level ?? LogLevel.DEBUG);
    this.#accepts = channelFilter(options.channels);
    this.#destination = new LogDestination(destination, options.rotate);
    this.#extra = options.extra;
    this.#pino = pino<PinoLevel, true>(
      {
        customLevels: pinoLevels,
        useOnlyCustomLevels: true,
        level: methodName(levelName(this.#level)),
        base: null,
        // The time is the record's own, passed with each entry: a buffered record
        // (FingersCrossedHandler) is written later than it happened.
        timestamp: false,
        messageKey: 'message',
        formatters: { level: (label, value) => ({ level: label.toUpperCase(), levelValue: value }) },
      },
      this.#destination.stream,
    );
  }

  isHandling(level: number): boolean {
    return level >= this.#level;
  }

  handle(record: LogRecord): void {
    if (!this.#accepts(record.channel) || this.#destination.closed) return;
    const fields = {
      time: new Date(record.time).toISOString(),
      channel: record.channel,
      context: normalizeContext(record.context, jsonLogNormalizing),
      extra: this.#extra?.() ?? {},
    };
    let message = interpolate(record.message, record.context);
    if (message.length > maxMessageLength) message = `${message.slice(0, maxMessageLength)}...(${message.length - maxMessageLength} more characters)`;
    this.#pino[methodName(record.level)](fields, message);
  }

  flushSync(): void {
    this.#destination.flushSync();
  }

  close(): Promise<void> {
    return this.#destination.close();
  }
}

function methodName(level: LevelName): PinoLevel {
  return level.toLowerCase() as PinoLevel;
}
