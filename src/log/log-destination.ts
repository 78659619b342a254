import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';
import { SluiceError } from '../exception/sluice-error.ts';

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * When a log file is set aside for a new one (Monolog's RotatingFileHandler is daily;
 * size is what protects a disk from a flood): `<file>.1` is the newest old file,
 * `<file>.<keep>` the oldest kept, older ones are deleted.
 */
export interface LogRotation {
  /** Rotate before a write would make the file larger than this many bytes. */
  readonly maxBytes?: number;
  /** Rotate at the first write of a new (local) day. */
  readonly daily?: boolean;
  /** Old files kept; at least 1. */
  readonly keep: number;
}

/** What a handler writes to; for a file, text goes through the destination's gathering (and rotation). */
interface TextSink {
  write(text: string): unknown;
}

/**
 * Where a handler's text goes: a file (appended to, parent directories created) or a
 * stream it was given. A log call only appends to a buffer and never waits on the disk.
 *
 * Text for a file is gathered for a turn of the event loop, then written in one piece,
 * still in order, by one synchronous write (pino's destination in sync mode) once the
 * turn's I/O is done (`setImmediate`): a debug request logs some sixty lines, and under
 * load one write carries the lines of every request of the turn. An asynchronous write
 * goes through libuv's thread pool (a thread woken, the result handed back through the
 * event loop), which on a debug app cost more CPU than the write itself; the write only
 * reaches the page cache, so the event loop waits the time of one system call. Whatever
 * is gathered is written before a flush or a close.
 *
 * What a crash loses is therefore the lines of the turn in progress, and only when the
 * process ends without its 'exit' event (a signal, an abort): the logger's exit hook
 * writes them otherwise (see configureLogging).
 *
 * The text is encoded once, into a buffer kept for the purpose, and handed over as bytes
 * (the destination in buffer mode): given a string, the destination measured it, encoded
 * it for the write and encoded it again to account for what was written.
 */
export class LogDestination {
  readonly stream: TextSink | NodeJS.WritableStream;
  readonly #file: SonicBoom | undefined;
  readonly #path: string | undefined;
  readonly #rotation: LogRotation | undefined;
  /** Bytes in the current file, as far as this process wrote them. */
  #size = 0;
  /** The local day (`YYYY-M-D`) the current file belongs to. */
  #day = '';
  #failed = false;
  #closed = false;
  /** File text not handed to the destination yet. */
  #gathered = '';
  #handOverQueued = false;
  /** Where gathered text is encoded for the write, reused while nothing else holds it (see #bytesOf). */
  #scratch: Buffer | undefined;

  constructor(target: string | NodeJS.WritableStream, rotation?: LogRotation) {
    if (typeof target !== 'string') {
      this.stream = target;
      this.#path = undefined;
      this.#rotation = undefined;
      return;
    }
    if (rotation !== undefined && (!Number.isSafeInteger(rotation.keep) || rotation.keep < 1)) throw new SluiceError('SLUICE_INVALID_LOG_ROTATION', { keep: rotation.keep });
    // Opened synchronously (once, at boot) so that flushSync works from the first entry:
    // an asynchronously opened destination cannot flush before its file is open.
    this.#path = target;
    this.#rotation = rotation;
    mkdirSync(dirname(target), { recursive: true });
    const file = pino.destination({ dest: target, sync: true, append: true, contentMode: 'buffer' });
    // An unhandled 'error' event would end the process; a full disk must not.
    file.on('error', (error: unknown) => this.#report(error));
    this.#file = file;
    this.stream = { write: (text: string) => this.write(text) };
    this.#size = existsSync(target) ? statSync(target).size : 0;
    this.#day = today();
  }

  get closed(): boolean {
    return this.#closed;
  }

  write(text: string): void {
    // A late entry (a timer firing during shutdown) after close is dropped, not thrown.
    if (this.#closed) return;
    if (this.#file === undefined) {
      this.stream.write(text);
      return;
    }
    this.#gathered += text;
    if (!this.#handOverQueued) {
      this.#handOverQueued = true;
      setImmediate(this.#handOver);
    }
  }

  readonly #handOver = (): void => {
    this.#handOverQueued = false;
    const text = this.#gathered;
    if (text === '' || this.#file === undefined || this.#closed) return;
    this.#gathered = '';
    try {
      const bytes = this.#bytesOf(text);
      if (this.#rotation !== undefined) this.#rotateIfDue(bytes.length);
      // buffer mode takes bytes; its typings know strings only
      this.#file.write(bytes as unknown as string);
    } catch (error) {
      // in an immediate, a throw would end the process: a broken log file must not
      this.#report(error);
    }
  };

  /**
   * `text` as UTF-8. In sync mode the destination has written the bytes when `write`
   * returns, so one buffer serves every hand-over; once a write failed, the destination
   * may keep the bytes to try again, so from then on each text gets a buffer of its own.
   * A text that may not fit (three bytes at most per UTF-16 unit) gets its own too.
   */
  #bytesOf(text: string): Buffer {
    if (this.#failed || text.length * 3 > scratchBytes) return Buffer.from(text);
    this.#scratch ??= Buffer.allocUnsafe(scratchBytes);
    return this.#scratch.subarray(0, this.#scratch.write(text));
  }

  /** Writes what is buffered before the process exits (in an 'exit' listener, say). */
  flushSync(): void {
    if (this.#file === undefined || this.#closed) return;
    this.#handOver();
    try {
      this.#file.flushSync();
    } catch (error) {
      // Called on the way out of the process: losing the tail beats a crash in an exit hook.
      this.#report(error);
    }
  }

  /** Ends a file this destination opened; a stream it was given is left open for its owner. */
  async close(): Promise<void> {
    const file = this.#file;
    if (file === undefined) {
      const stream = this.stream as NodeJS.WritableStream & { writableNeedDrain?: boolean };
      if (stream.writableNeedDrain === true) await new Promise((resolve) => stream.once('drain', resolve));
      return;
    }
    if (this.#closed) return;
    this.#handOver();
    this.#closed = true;
    await new Promise<void>((resolve) => {
      file.once('close', () => resolve());
      file.once('error', () => resolve());
      file.end();
    });
  }

  #rotateIfDue(bytes: number): void {
    const rotation = this.#rotation!;
    const day = rotation.daily === true ? today() : this.#day;
    const full = rotation.maxBytes !== undefined && this.#size > 0 && this.#size + bytes > rotation.maxBytes;
    if (full || day !== this.#day) {
      const path = this.#path!;
      this.#file!.flushSync();
      rmSync(`${path}.${rotation.keep}`, { force: true });
      for (let n = rotation.keep - 1; n >= 1; n--) if (existsSync(`${path}.${n}`)) renameSync(`${path}.${n}`, `${path}.${n + 1}`);
      renameSync(path, `${path}.1`);
      // sync mode: the new file is open when reopen returns, the old descriptor closed later
      this.#file!.reopen();
      this.#size = 0;
      this.#day = day;
    }
    this.#size += bytes;
  }

  #report(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    process.stderr.write(`Sluice: cannot write the log file ${this.#path}; later errors are not reported.\n${String(error)}\n`);
  }
}

/** The size of the reused encoding buffer: the lines of a few debug requests. */
const scratchBytes = 64 * 1024;

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}
