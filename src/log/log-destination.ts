import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';

type SonicBoom = ReturnType<typeof pino.destination>;

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
 */
export class LogDestination {
  readonly stream: SonicBoom | NodeJS.WritableStream;
  readonly #file: SonicBoom | undefined;
  readonly #path: string | undefined;
  #failed = false;
  #closed = false;
  /** File text not handed to the destination yet. */
  #gathered = '';
  #handOverQueued = false;

  constructor(target: string | NodeJS.WritableStream) {
    if (typeof target !== 'string') {
      this.stream = target;
      this.#path = undefined;
      return;
    }
    // Opened synchronously (once, at boot) so that flushSync works from the first entry:
    // an asynchronously opened destination cannot flush before its file is open.
    this.#path = target;
    mkdirSync(dirname(target), { recursive: true });
    const file = pino.destination({ dest: openSync(target, 'a'), sync: true });
    // An unhandled 'error' event would end the process; a full disk must not.
    file.on('error', (error: unknown) => this.#report(error));
    this.stream = this.#file = file;
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
      this.#file.write(text);
    } catch (error) {
      // in an immediate, a throw would end the process: a broken log file must not
      this.#report(error);
    }
  };

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

  #report(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    process.stderr.write(`Sluice: cannot write the log file ${this.#path}; later errors are not reported.\n${String(error)}\n`);
  }
}
