import type { RequestStack } from '../http/request-stack.ts';
import { LogLevel, toLevelValue, type LevelLike } from './level.ts';
import type { LogHandler, LogRecord } from './log-record.ts';
import { RequestSlot } from '../http/request-slot.ts';

export interface FingersCrossedOptions {
  /** The level that makes a request's records worth writing; ERROR by default. */
  readonly activationLevel?: LevelLike;
  /** HTTP statuses whose errors are expected traffic, not incidents; [404, 405] by default. */
  readonly excludedStatusCodes?: readonly number[];
  /** Records kept per request before the oldest are dropped; 500 by default. */
  readonly bufferSize?: number;
  /** The lowest level buffered at all; DEBUG by default. */
  readonly level?: LevelLike;
}

interface RequestBuffer {
  records: LogRecord[];
  active: boolean;
}

/**
 * The production recipe: a request's records are held back and written, all of them and
 * in order, only once one of them reaches the activation level; after that the
 * request's records go straight through. A 404 or 405 is a client's mistake, so its
 * error does not count as one.
 */
export class FingersCrossedHandler implements LogHandler {
  readonly #handler: LogHandler;
  readonly #requestStack: RequestStack;
  readonly #activationLevel: number;
  readonly #excluded: ReadonlySet<number>;
  readonly #bufferSize: number;
  readonly #level: number;
  // Keyed by the main request: a request the kernel forgets to end still goes with it.
  readonly #buffers = new RequestSlot<RequestBuffer>('log buffer');

  constructor(handler: LogHandler, requestStack: RequestStack, options: FingersCrossedOptions = {}) {
    this.#handler = handler;
    this.#requestStack = requestStack;
    this.#activationLevel = toLevelValue(options.activationLevel ?? LogLevel.ERROR);
    this.#excluded = new Set(options.excludedStatusCodes ?? [404, 405]);
    this.#bufferSize = options.bufferSize ?? 500;
    this.#level = toLevelValue(options.level ?? LogLevel.DEBUG);
  }

  isHandling(level: number): boolean {
    return level >= this.#level;
  }

  handle(record: LogRecord): void {
    const main = this.#requestStack.getMainRequest();
    // Outside a request there is no story to tell: only what is itself worth writing.
    if (main === undefined) {
      if (this.#activates(record)) this.#pass(record);
      return;
    }
    let buffer = this.#buffers.get(main);
    if (buffer === undefined) {
      // the request's first record: its buffer is made holding it
      this.#buffers.set(main, (buffer = { records: [record], active: false }));
    } else if (buffer.active) {
      return this.#pass(record);
    } else {
      buffer.records.push(record);
    }
    if (buffer.records.length > this.#bufferSize) buffer.records.shift();
    if (!this.#activates(record)) return;
    buffer.active = true;
    const held = buffer.records;
    buffer.records = [];
    for (const heldRecord of held) this.#pass(heldRecord);
  }

  /** Drops what a finished main request held back; called by the kernel at termination. */
  endRequest(mainRequest: object): void {
    this.#buffers.delete(mainRequest);
  }

  flushSync(): void {
    this.#handler.flushSync?.();
  }

  close(): Promise<void> | void {
    return this.#handler.close?.();
  }

  #activates(record: LogRecord): boolean {
    return record.levelValue >= this.#activationLevel && !this.#isExcludedHttpError(record.context['exception']);
  }

  // Duck-typed so that this layer does not depend on the HTTP error classes.
  #isExcludedHttpError(exception: unknown): boolean {
    if (typeof exception !== 'object' || exception === null) return false;
    const status = (exception as { statusCode?: unknown }).statusCode;
    return typeof status === 'number' && this.#excluded.has(status);
  }

  #pass(record: LogRecord): void {
    if (this.#handler.isHandling(record.levelValue)) this.#handler.handle(record);
  }
}
