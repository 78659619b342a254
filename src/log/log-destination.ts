import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * Where a handler's text goes: a file (appended to, parent directories created) or a
 * stream it was given. Files are written through pino's asynchronous destination, so a
 * log call only appends to a buffer and never waits on the disk.
 */
export class LogDestination {
  readonly stream: SonicBoom | NodeJS.WritableStream;
  readonly #file: SonicBoom | undefined;
  readonly #path: string | undefined;
  #failed = false;
  #closed = false;

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
    const file = pino.destination({ dest: openSync(target, 'a'), sync: false });
    // An unhandled 'error' event would end the process; a full disk must not.
    file.on('error', (error: unknown) => this.#report(error));
    this.stream = this.#file = file;
  }

  get closed(): boolean {
    return this.#closed;
  }

  write(text: string): void {
    // A late entry (a timer firing during shutdown) after close is dropped, not thrown.
    if (!this.#closed) this.stream.write(text);
  }

  /** Writes what is buffered before the process exits (in an 'exit' listener, say). */
  flushSync(): void {
    if (this.#file === undefined || this.#closed) return;
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
